// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.JsonPointers;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the five document types strictly: strict JSON (no duplicate keys, limits, UTF-8 only),
 * then type and version detection, then the shipped schema, then mapping into a model.
 * Every failure is an {@link InvalidDocumentException} naming type, version and JSON pointer;
 * only I/O faults are {@link IOException}s.
 *
 * <pre>{@code
 * WorkUnit wu = DocumentReader.strict().readWorkUnit(path);
 * ValidDocument any = DocumentReader.strict().validate(path);   // any of the five
 * }</pre>
 * Evaluator plans are mapped by {@code dev.patchverdict.plan.EvaluatorPlanReader}.
 */
public final class DocumentReader {
    private static final DocumentReader STRICT = new DocumentReader(StrictJson.withDefaults(), DocumentSchemas.shipped());

    private final StrictJson json;
    private final DocumentSchemas schemas;
    private final DocumentDetector detector;

    public DocumentReader(StrictJson json, DocumentSchemas schemas) {
        this.json = Objects.requireNonNull(json, "json");
        this.schemas = Objects.requireNonNull(schemas, "schemas");
        this.detector = new DocumentDetector(schemas);
    }

    /** Default JSON limits and the shipped schemas. */
    public static DocumentReader strict() {
        return STRICT;
    }

    public DocumentSchemas schemas() {
        return schemas;
    }

    // ---- validation: any of the five types ----

    public ValidDocument validate(Path file) throws IOException, InvalidDocumentException {
        return validate(parse(file), Optional.empty());
    }

    public ValidDocument validate(byte[] bytes) throws InvalidDocumentException {
        return validate(parse(bytes), Optional.empty());
    }

    public ValidDocument validate(JsonNode document) throws InvalidDocumentException {
        return validate(document, Optional.empty());
    }

    /** As {@link #validate(Path)}, but the document must be of the expected type. */
    public ValidDocument validate(Path file, DocumentType expected) throws IOException, InvalidDocumentException {
        return validate(parse(file), Optional.of(expected));
    }

    /** As {@link #validate(Path, DocumentType)}, for bytes already read. */
    public ValidDocument validate(byte[] bytes, DocumentType expected) throws InvalidDocumentException {
        return validate(parse(bytes), Optional.of(expected));
    }

    public ValidDocument validate(JsonNode document, DocumentType expected) throws InvalidDocumentException {
        return validate(document, Optional.of(expected));
    }

    /**
     * Validates against the given type without detecting it: for callers that know what the
     * document must be, so its problems are reported against that type's schema.
     */
    public ValidDocument validateAs(JsonNode document, DocumentType type) throws InvalidDocumentException {
        if (document == null || !document.isObject()) {
            throw new InvalidDocumentException(type.displayName(),
                    DocumentProblem.whole("must be a JSON object, not " + FieldReader.kind(document)));
        }
        return check(detector.detectVersion(type, document), document);
    }

    /** Validates against one named version's schema, for callers that chose the version themselves. */
    public ValidDocument validateVersion(DocumentVersion version, JsonNode document) throws InvalidDocumentException {
        if (document == null || !document.isObject()) {
            throw new InvalidDocumentException(version.toString(),
                    DocumentProblem.whole("must be a JSON object, not " + FieldReader.kind(document)));
        }
        return check(version, document);
    }

    private ValidDocument validate(JsonNode document, Optional<DocumentType> expected) throws InvalidDocumentException {
        DocumentType type = detector.detectType(document);
        if (expected.isPresent() && expected.get() != type) {
            throw new InvalidDocumentException("document", DocumentProblem.whole(
                    "expected " + expected.get().withArticle() + ", but this is " + type.withArticle()));
        }
        return check(detector.detectVersion(type, document), document);
    }

    private ValidDocument check(DocumentVersion version, JsonNode document) throws InvalidDocumentException {
        List<DocumentProblem> problems = schemas.validate(version, document);
        if (!problems.isEmpty()) {
            throw new InvalidDocumentException(version.toString(), problems);
        }
        return new ValidDocument(version, (ObjectNode) document);
    }

    /** Problems of a model's JSON under its schema (for models built in code); empty when valid. */
    public List<DocumentProblem> problems(Document model) {
        return schemas.validate(model.documentVersion(), model.toJson());
    }

    // ---- reading into models ----

    public WorkUnit readWorkUnit(Path file) throws IOException, InvalidDocumentException {
        return WorkUnit.from(validate(file, DocumentType.WORK_UNIT));
    }

    public WorkUnit readWorkUnit(JsonNode document) throws InvalidDocumentException {
        return WorkUnit.from(validate(document, DocumentType.WORK_UNIT));
    }

    public ResultManifest readResultManifest(Path file) throws IOException, InvalidDocumentException {
        return ResultManifest.from(validate(file, DocumentType.RESULT_MANIFEST));
    }

    public ResultManifest readResultManifest(JsonNode document) throws InvalidDocumentException {
        return ResultManifest.from(validate(document, DocumentType.RESULT_MANIFEST));
    }

    public VerificationResult readVerificationResult(Path file) throws IOException, InvalidDocumentException {
        return VerificationResult.from(validate(file, DocumentType.VERIFICATION_RESULT));
    }

    public VerificationResult readVerificationResult(JsonNode document) throws InvalidDocumentException {
        return VerificationResult.from(validate(document, DocumentType.VERIFICATION_RESULT));
    }

    /**
     * Maps a validated document with a model's reading function, turning mapping failures into an
     * {@link InvalidDocumentException}, and checks that the model writes back exactly what was read
     * (the same canonical JSON, hence the same digest).
     */
    public static <T extends Document> T map(ValidDocument document, Function<FieldReader, T> reader)
            throws InvalidDocumentException {
        return map(document, document.version(), reader);
    }

    /** As {@link #map(ValidDocument, Function)}, for a model that reads exactly one version. */
    public static <T extends Document> T map(ValidDocument document, DocumentVersion expected,
            Function<FieldReader, T> reader) throws InvalidDocumentException {
        if (!document.version().equals(expected)) {
            throw new IllegalArgumentException("not a " + expected + ": " + document.version());
        }
        ObjectNode json = document.view();
        T model;
        try {
            model = reader.apply(FieldReader.root(json));
        } catch (FieldException e) {
            throw new InvalidDocumentException(document.version().toString(), e.problem());
        }
        if (!model.documentVersion().equals(document.version())) {
            throw new IllegalStateException("read a " + document.version() + " as a " + model.documentVersion());
        }
        ObjectNode written = model.toJson();
        // Equal trees write equal canonical bytes; only trees that differ (in node classes, say) are written out.
        if (!written.equals(json) && !Arrays.equals(CanonicalJson.bytes(written), CanonicalJson.bytes(json))) {
            // A model that loses or alters anything would change digests: a defect, never the input's fault.
            // Compared as digests see JSON, so an input built with other node classes (a long node
            // holding 1, say) is not mistaken for a change.
            throw new IllegalStateException(document.version() + " model does not write back what was read, at "
                    + firstDifference(json, written, ""));
        }
        return model;
    }

    // ---- parsing ----

    private JsonNode parse(Path file) throws IOException, InvalidDocumentException {
        try {
            return json.read(file);
        } catch (JsonInputException e) {
            throw new InvalidDocumentException("invalid JSON", DocumentProblem.whole(e.getMessage()));
        }
    }

    private JsonNode parse(byte[] bytes) throws InvalidDocumentException {
        try {
            return json.read(bytes);
        } catch (JsonInputException e) {
            throw new InvalidDocumentException("invalid JSON", DocumentProblem.whole(e.getMessage()));
        }
    }

    /** Pointer to the first place two JSON values differ, for defect reports. */
    static String firstDifference(JsonNode a, JsonNode b, String at) {
        if (a == null || b == null || a.getNodeType() != b.getNodeType() || a.isValueNode() || a.size() != b.size()) {
            return (at.isEmpty() ? "/" : at) + " (" + a + " vs " + b + ")";
        }
        if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    return firstDifference(a.get(i), b.get(i), JsonPointers.child(at, i));
                }
            }
        } else {
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!a.get(name).equals(b.get(name))) {
                    return firstDifference(a.get(name), b.get(name), JsonPointers.child(at, name));
                }
            }
        }
        return at.isEmpty() ? "/" : at;
    }
}
