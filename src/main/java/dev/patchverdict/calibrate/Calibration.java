// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.MatrixReport;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.VerificationException;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a calibration matrix: every candidate under every plan whose cell is not {@code n/a},
 * through the same verifier a user runs. Besides each verdict it checks what makes the matrix
 * mean something: a row ran the same candidate bytes in every column, and each result is bound
 * to its column's plan (the plan's canonical digest).
 */
public final class Calibration {
    private Calibration() {}

    /** What runs one cell; the verifier in production, anything that yields a Verification in tests. */
    @FunctionalInterface
    public interface Runner {
        Verification verify(VerifyRequest request) throws VerificationException, IOException;
    }

    public static MatrixReport run(Matrix matrix, Verifier verifier) throws MatrixException {
        return run(matrix, verifier::verify);
    }

    public static MatrixReport run(Matrix matrix, Runner verifier) throws MatrixException {
        Map<String, String> planDigests = new HashMap<>();
        for (Matrix.Column c : matrix.plans()) {
            try {
                planDigests.put(c.id(), Digests.canonical(StrictJson.withDefaults().read(c.plan())).toString());
            } catch (IOException | JsonInputException e) {
                throw new MatrixException("plan " + c.id() + " (" + c.plan() + "): cannot be read: " + e.getMessage());
            }
        }
        List<String> problems = new ArrayList<>();
        List<List<MatrixReport.Cell>> cells = new ArrayList<>();
        for (Matrix.Row row : matrix.candidates()) {
            List<MatrixReport.Cell> line = new ArrayList<>();
            String rowDigest = null;
            for (Matrix.Column col : matrix.plans()) {
                Outcome expected = matrix.expected(row.id(), col.id());
                if (expected == Outcome.NOT_RUN) {
                    line.add(new MatrixReport.Cell(row.id(), col.id(), "n/a", "n/a", true, null, planDigests.get(col.id()), null, null));
                    continue;
                }
                Outcome actual;
                String patchDigest = null;
                String resultDigest = null;
                String resultId = null;
                String detail = null;
                try {
                    Verification v = verifier.verify(VerifyRequest.of(matrix.workUnit(), row.resultManifest(), row.candidateRoot(), col.plan()));
                    actual = v.passed() ? Outcome.SUPPORT : Outcome.REJECT;
                    patchDigest = Digests.bytes(v.candidateBytes()).toString();
                    resultDigest = v.result().path("provenance").path("verifier_config_digest").asText();
                    resultId = v.result().path("id").asText();
                    detail = summary(v.result());
                } catch (VerificationException e) {
                    actual = Outcome.UNDECIDED;
                    detail = e.getMessage();
                } catch (IOException e) {
                    actual = Outcome.UNDECIDED;
                    detail = e.getMessage();
                }
                boolean matches = actual == expected;
                if (!matches) {
                    problems.add(row.id() + " \u00d7 " + col.id() + ": expected " + expected.wire() + ", got " + actual.wire()
                            + (detail == null ? "" : " (" + detail + ")"));
                }
                if (patchDigest != null) {
                    if (rowDigest == null) {
                        rowDigest = patchDigest;
                    } else if (!rowDigest.equals(patchDigest)) {
                        problems.add(row.id() + " \u00d7 " + col.id() + ": ran candidate bytes " + patchDigest
                                + ", not the row's " + rowDigest);
                    }
                }
                if (resultDigest != null && !resultDigest.equals(planDigests.get(col.id()))) {
                    problems.add(row.id() + " \u00d7 " + col.id() + ": result is bound to plan " + resultDigest
                            + ", not the column's " + planDigests.get(col.id()));
                }
                line.add(new MatrixReport.Cell(row.id(), col.id(), expected.wire(), actual.wire(), matches, patchDigest,
                        resultDigest, resultId, detail));
            }
            cells.add(line);
        }
        return new MatrixReport(matrix.id(), matrix.plans().stream().map(Matrix.Column::label).toList(),
                matrix.candidates().stream().map(Matrix.Row::label).toList(), cells, problems);
    }

    /** The findings of a result, one line: why a cell came out as it did. */
    private static String summary(JsonNode result) {
        List<String> parts = new ArrayList<>();
        for (JsonNode f : result.path("findings")) {
            parts.add(f.path("category").asText() + ": " + f.path("summary").asText());
        }
        return parts.isEmpty() ? "no findings" : String.join("; ", parts);
    }
}
