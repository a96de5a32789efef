// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ValidDocument;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads an EvaluatorPlan of any supported version strictly (see {@link DocumentReader}) and maps it,
 * with the reader for its version, into the one {@link EvaluatorPlan} model. An unknown
 * {@code schema_version} is an error listing the supported ones.
 *
 * <pre>{@code
 * EvaluatorPlan plan = EvaluatorPlanReader.strict().read(path);
 * if (plan.contract() instanceof AddedAndRemovedSubstringsContract c) { ... }
 * }</pre>
 */
public final class EvaluatorPlanReader {
    private static final EvaluatorPlanReader STRICT = new EvaluatorPlanReader(DocumentReader.strict());

    private final DocumentReader documents;

    public EvaluatorPlanReader(DocumentReader documents) {
        this.documents = Objects.requireNonNull(documents, "documents");
    }

    public static EvaluatorPlanReader strict() {
        return STRICT;
    }

    public static List<String> supportedVersions() {
        return DocumentType.EVALUATOR_PLAN.supportedVersions();
    }

    /** Reads a plan file; the file must be an EvaluatorPlan, and is validated as one. */
    public EvaluatorPlan read(Path file) throws IOException, InvalidDocumentException {
        return from(documents.validate(file, DocumentType.EVALUATOR_PLAN));
    }

    /** A plan's bytes, read as {@link #read(Path)} reads a file holding them. */
    public EvaluatorPlan read(byte[] bytes) throws InvalidDocumentException {
        return from(documents.validate(bytes, DocumentType.EVALUATOR_PLAN));
    }

    public EvaluatorPlan read(JsonNode document) throws InvalidDocumentException {
        return from(documents.validate(document, DocumentType.EVALUATOR_PLAN));
    }

    public static EvaluatorPlan from(ValidDocument document) throws InvalidDocumentException {
        if (document.type() != DocumentType.EVALUATOR_PLAN) {
            throw new IllegalArgumentException("not an EvaluatorPlan: " + document.version());
        }
        PlanFormat format = PlanFormat.forVersion(document.version().version());
        return DocumentReader.map(document, format::read);
    }
}
