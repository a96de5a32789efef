// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tells which of the five types a document is, and which schema version it claims.
 * Documents carry no type field, so the type is read off the top-level fields that only that
 * type declares (computed from the shipped schemas). A document is taken for a type when it has at
 * least half of that type's distinctive always-required fields, so a document missing a field or
 * two is still reported against the right schema, while an unrelated document with a shared field
 * name or two is not mistaken for one.
 */
final class DocumentDetector {
    private final DocumentSchemas schemas;
    /** Made on the first detection: a reader told each document's type (verify) never needs them. */
    private Tables tables;

    /** Each type's distinctive top-level fields, and those of them every version requires. */
    private record Tables(Map<DocumentType, Set<String>> distinctive, Map<DocumentType, Set<String>> distinctiveRequired) {}

    DocumentDetector(DocumentSchemas schemas) {
        this.schemas = schemas;
    }

    private synchronized Tables tables() {
        if (tables == null) {
            tables = tablesOf(schemas);
        }
        return tables;
    }

    private static Tables tablesOf(DocumentSchemas schemas) {
        Map<DocumentType, Set<String>> distinctive = new EnumMap<>(DocumentType.class);
        Map<DocumentType, Set<String>> distinctiveRequired = new EnumMap<>(DocumentType.class);
        for (DocumentType t : DocumentType.values()) {
            Set<String> own = new LinkedHashSet<>(schemas.topLevelProperties(t));
            for (DocumentType other : DocumentType.values()) {
                if (other != t) {
                    own.removeAll(schemas.topLevelProperties(other));
                }
            }
            Set<String> required = new LinkedHashSet<>(schemas.requiredEverywhere(t));
            required.retainAll(own);
            if (required.isEmpty()) {
                throw new IllegalStateException("the shipped schemas give " + t + " no identifying field");
            }
            distinctive.put(t, Collections.unmodifiableSet(own));
            distinctiveRequired.put(t, Collections.unmodifiableSet(required));
        }
        return new Tables(distinctive, distinctiveRequired);
    }

    /** The type of the document. */
    DocumentType detectType(JsonNode document) throws InvalidDocumentException {
        if (document == null || !document.isObject()) {
            throw new InvalidDocumentException("document",
                    DocumentProblem.whole("must be a JSON object, not " + FieldReader.kind(document)));
        }
        Tables tb = tables();
        List<DocumentType> best = new ArrayList<>();
        int bestScore = 0;
        for (DocumentType t : DocumentType.values()) {
            if (!recognisable(tb.distinctiveRequired().get(t), document)) {
                continue;
            }
            int score = count(tb.distinctive().get(t), document);
            if (score > bestScore) {
                best.clear();
                bestScore = score;
            }
            if (score == bestScore) {
                best.add(t);
            }
        }
        if (best.size() == 1) {
            return best.get(0);
        }
        if (best.isEmpty()) {
            throw new InvalidDocumentException("document", DocumentProblem.whole(
                    "not a WorkUnit, ResultManifest, EvaluatorPlan or VerificationResult: too few of the fields"
                            + " that identify one are present"));
        }
        throw new InvalidDocumentException("document", DocumentProblem.whole(
                "cannot tell whether this is " + best.get(0).withArticle() + " or " + best.get(1).withArticle()
                        + ": it has as many fields of either"));
    }

    /** The supported version the document claims, for a known type. */
    DocumentVersion detectVersion(DocumentType type, JsonNode document) throws InvalidDocumentException {
        JsonNode v = document.get("schema_version");
        String supported = "; supported versions: " + String.join(", ", type.supportedVersions());
        if (v == null) {
            throw new InvalidDocumentException(type.displayName(),
                    DocumentProblem.at("/schema_version", "is required but missing" + supported));
        }
        if (!v.isTextual()) {
            throw new InvalidDocumentException(type.displayName(),
                    DocumentProblem.at("/schema_version", "must be a string, not " + FieldReader.kind(v) + supported));
        }
        if (!type.supports(v.textValue())) {
            throw new InvalidDocumentException(type.displayName(),
                    DocumentProblem.at("/schema_version", "unsupported version " + v + supported));
        }
        return DocumentVersion.of(type, v.textValue());
    }

    private static boolean recognisable(Set<String> required, JsonNode document) {
        return 2 * count(required, document) >= required.size();
    }

    private static int count(Set<String> names, JsonNode document) {
        int n = 0;
        for (String name : names) {
            if (document.has(name)) {
                n++;
            }
        }
        return n;
    }
}
