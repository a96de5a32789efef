// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.report.MatrixRenderers;
import dev.patchverdict.report.MatrixReport;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationTest {
    static final Path SEED = Path.of("verification/fixtures/patch-transition/matrix.json");
    static final Path EXTENDED = Path.of("verification/fixtures/patch-transition/matrix-extended.json");
    static final Verifier VERIFIER = new Verifier(new Verifier.Environment(Clock.systemUTC(), "test", "test", "test"));
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void theSeedMatrixMatchesTheRecordFamilysCalibrationPlusTheV05Column() throws Exception {
        MatrixReport r = Calibration.run(MatrixReader.read(SEED), VERIFIER);
        assertEquals(List.of(), r.problems());
        assertEquals("""
                | Candidate | v0.2 exact line | v0.3 added substring | v0.4 transition | v0.5 strict transition |
                |---|---|---|---|---|
                | correct replacement | reject | support | support | support |
                | inert added-text decoy | n/a | support | reject | reject |
                """, MatrixRenderers.text(r).lines().limit(4).map(l -> l + "\n").reduce("", String::concat));
        // every row ran one set of candidate bytes; every result names its column's plan
        for (List<MatrixReport.Cell> row : r.cells()) {
            assertEquals(1, row.stream().map(MatrixReport.Cell::patchDigest).filter(d -> d != null).distinct().count());
        }
    }

    @Test
    void theExtendedMatrixMatchesAndShowsWhatV05ClosesThatV04LeavesOpen() throws Exception {
        MatrixReport r = Calibration.run(MatrixReader.read(EXTENDED), VERIFIER);
        assertEquals(List.of(), r.problems());
        MatrixReport.Cell splitV04 = r.cells().get(7).get(2);
        MatrixReport.Cell splitV05 = r.cells().get(7).get(3);
        assertEquals("split-across-hunks", splitV04.row());
        assertEquals("support", splitV04.actual());
        assertEquals("reject", splitV05.actual());
    }

    @Test
    void aDriftedCellIsNamedWithWhatWasExpectedAndTheMatrixFails() throws Exception {
        Path copy = copyMatrix(m -> ((ObjectNode) m.path("expected").path("decoy")).put("v0.4", "support"));
        MatrixReport r = Calibration.run(MatrixReader.read(copy), VERIFIER);
        assertFalse(r.matches());
        assertEquals(1, r.problems().size());
        assertTrue(r.problems().get(0).startsWith("decoy \u00d7 v0.4: expected support, got reject"), r.problems().get(0));
        String junit = MatrixRenderers.junit(r);
        assertTrue(junit.contains("tests=\"56\" failures=\"1\""), junit);
        assertTrue(junit.contains("<failure message=\"expected support, got reject\""), junit);
        assertTrue(MatrixRenderers.text(r).contains("reject (expected support)"));
    }

    @Test
    void aRowThatRanOtherBytesOrAResultBoundToAnotherPlanIsAProblem() throws Exception {
        Matrix m = MatrixReader.read(SEED);
        // a runner that hands back, for the v0.4 column, the result of the v0.3 plan on the other candidate
        Calibration.Runner lying = request -> {
            if (request.evaluatorPlan().endsWith("plan-v0.4.json") && request.candidateRoot().endsWith("correct")) {
                Path decoy = request.candidateRoot().resolveSibling("decoy");
                return VERIFIER.verify(dev.patchverdict.verify.VerifyRequest.of(request.workUnit(),
                        decoy.resolveSibling("decoy.result-manifest.json"), decoy,
                        request.evaluatorPlan().resolveSibling("plan-v0.3.json")));
            }
            return VERIFIER.verify(request);
        };
        MatrixReport r = Calibration.run(m, lying);
        assertEquals(2, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).startsWith("correct \u00d7 v0.4: ran candidate bytes sha256:a4c1a650"), r.problems().get(0));
        assertTrue(r.problems().get(1).startsWith("correct \u00d7 v0.4: result is bound to plan"), r.problems().get(1));
    }

    @Test
    void anUndecidableCellIsUndecidedNotAVerdict() throws Exception {
        Path copy = copyMatrix(m -> ((ObjectNode) m.withArray("plans").get(0)).put("path", "no-such-plan.json"));
        assertThrows(MatrixException.class, () -> Calibration.run(MatrixReader.read(copy), VERIFIER));
        Path wrongBinding = copyMatrix(m -> ((ObjectNode) m.withArray("candidates").get(1)).put("result_manifest",
                "candidates/no-such.result-manifest.json"));
        MatrixReport r = Calibration.run(MatrixReader.read(wrongBinding), VERIFIER);
        assertTrue(r.problems().stream().anyMatch(p -> p.startsWith("decoy \u00d7 v0.3: expected support, got undecided")),
                r.problems().toString());
    }

    @Test
    void badMatrixFilesAreRefusedNamingWhatAndWhere() throws Exception {
        Path notJson = tmp.resolve("bad.json");
        Files.writeString(notJson, "{\"schema_version\": \"0.1\",");
        MatrixException e = assertThrows(MatrixException.class, () -> MatrixReader.read(notJson));
        assertTrue(e.getMessage().startsWith(notJson + ": not valid JSON"), e.getMessage());

        Path missingCell = copyMatrix(m -> ((ObjectNode) m.path("expected").path("correct")).remove("v0.5"));
        e = assertThrows(MatrixException.class, () -> MatrixReader.read(missingCell));
        assertTrue(e.getMessage().endsWith("expected.correct: no outcome for plan v0.5"), e.getMessage());

        Path unknownOutcome = copyMatrix(m -> ((ObjectNode) m.path("expected").path("correct")).put("v0.5", "maybe"));
        e = assertThrows(MatrixException.class, () -> MatrixReader.read(unknownOutcome));
        assertTrue(e.getMessage().contains("not a calibration matrix v0.1"), e.getMessage());

        Path absolute = copyMatrix(m -> m.put("work_unit", "/etc/passwd"));
        e = assertThrows(MatrixException.class, () -> MatrixReader.read(absolute));
        assertTrue(e.getMessage().contains("/work_unit"), e.getMessage());
    }

    @Test
    void theBuiltInMatricesAreTheShippedFixtures() throws Exception {
        for (String name : BuiltInMatrices.names()) {
            Path file = BuiltInMatrices.extract(name, Files.createDirectories(tmp.resolve(name)));
            assertEquals(List.of(), Calibration.run(MatrixReader.read(file), VERIFIER).problems(), name);
            Path shipped = Path.of("verification/fixtures/patch-transition").resolve(BuiltInMatrices.FILES.get(name));
            assertEquals(Files.readString(shipped), Files.readString(file));
        }
    }

    private Path copyMatrix(java.util.function.Consumer<ObjectNode> edit) throws Exception {
        Path dir = tmp.resolve("m" + System.nanoTime());
        dev.patchverdict.TestFiles.copyTree(SEED.getParent(), dir);
        ObjectNode m = (ObjectNode) JSON.readTree(Files.readAllBytes(dir.resolve("matrix.json")));
        edit.accept(m);
        Files.writeString(dir.resolve("matrix.json"), JSON.writeValueAsString(m), StandardCharsets.UTF_8);
        return dir.resolve("matrix.json");
    }
}
