// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.Document;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads any of the five document types into its model. It lives here because this package is the
 * one that sees every model ({@code plan} builds on {@code record}, not the other way round).
 */
public final class DocumentModels {
    private DocumentModels() {}

    /** Detects, validates and maps a document of any of the five types. */
    public static Document read(DocumentReader reader, Path file) throws IOException, InvalidDocumentException {
        return map(reader.validate(file));
    }

    public static Document map(ValidDocument document) throws InvalidDocumentException {
        return switch (document.type()) {
            case WORK_UNIT -> WorkUnit.from(document);
            case RESULT_MANIFEST -> ResultManifest.from(document);
            case EVALUATOR_PLAN -> EvaluatorPlanReader.from(document);
            case VERIFICATION_RESULT -> VerificationResult.from(document);
        };
    }
}
