// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.record.Document;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import java.nio.file.Path;

/**
 * What a command pays to bind each document type once in a fresh JVM, as verify does: reads and
 * validates work-unit.json, result-manifest.json and verification-result.json of DIR, then binds the
 * three (timed) by the record package's readers ({@code hand}) or by {@link RecordDatabind}
 * ({@code databind}), each followed by the write-back check both would keep. Prints
 * {@code validate_ms=… bind_ms=…}; bench/record-binding.sh runs it in fresh JVMs and counts the classes loaded.
 * Usage: RecordBindingCold hand|databind DIR
 */
public final class RecordBindingCold {
    private RecordBindingCold() {}

    public static void main(String[] args) throws Exception {
        boolean databind = switch (args[0]) {
            case "hand" -> false;
            case "databind" -> true;
            default -> throw new IllegalArgumentException("hand or databind, not " + args[0]);
        };
        Path dir = Path.of(args[1]);
        DocumentReader reader = DocumentReader.strict();
        long t0 = System.nanoTime();
        ValidDocument wu = reader.validate(dir.resolve("work-unit.json"), DocumentType.WORK_UNIT);
        ValidDocument rm = reader.validate(dir.resolve("result-manifest.json"), DocumentType.RESULT_MANIFEST);
        ValidDocument vr = reader.validate(dir.resolve("verification-result.json"), DocumentType.VERIFICATION_RESULT);
        long t1 = System.nanoTime();
        Object[] models;
        if (databind) {
            models = new Object[] {databind(WorkUnit.class, wu), databind(ResultManifest.class, rm),
                databind(VerificationResult.class, vr)};
        } else {
            models = new Object[] {WorkUnit.from(wu), ResultManifest.from(rm), VerificationResult.from(vr)};
        }
        long t2 = System.nanoTime();
        if (models.length != 3) {
            throw new IllegalStateException("not bound");
        }
        System.out.printf("validate_ms=%.2f bind_ms=%.2f%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6);
    }

    /** Binds, then runs the check DocumentReader.map runs after its readers: the model writes back what was read. */
    private static Document databind(Class<? extends Document> type, ValidDocument document) {
        ObjectNode read = document.json();
        Document model = RecordDatabind.bind(RecordDatabind.readerFor(type), read);
        if (!model.toJson().equals(read)) {
            throw new IllegalStateException(document + " does not write back what was read");
        }
        return model;
    }
}
