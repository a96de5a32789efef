// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.TestGroups;
import dev.patchverdict.plan.ReferenceFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SPEC part 2 §B120–B125: the upstream calibration matrix, correct and decoy patches under the v0.2,
 * v0.3 and v0.4 plans, re-verified here from the same inputs; each cell's result must equal the
 * reference result field for field, apart from what decision 6 lets differ.
 */
@Tag(TestGroups.REFERENCE)
class CalibrationMatrixParityTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MATRIX = "derived/transition-calibration-matrix/";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0} x v{1}")
    @CsvSource({
        "correct, 02, derived/transition-calibration-matrix/plan-v02.json, failed",
        "correct, 03, derived/transition-calibration-matrix/plan-v03.json, passed",
        "correct, 04, verification/fixtures/patch-transition-evaluator-plan-v0.4.json, passed",
        "decoy, 02, derived/transition-calibration-matrix/plan-v02.json, failed",
        "decoy, 03, derived/transition-calibration-matrix/plan-v03.json, passed",
        "decoy, 04, verification/fixtures/patch-transition-evaluator-plan-v0.4.json, failed"
    })
    void eachCellReproducesTheUpstreamResult(String kind, String v, String plan, String status) throws Exception {
        String label = kind + "-v" + v;
        Path root = Files.createDirectories(tmp.resolve("candidate"));
        Files.copy(ReferenceFolder.file("verification/fixtures/patch-transition/" + kind + ".patch"), root.resolve("changes.patch"));
        Files.copy(ReferenceFolder.file(MATRIX + label + ".stdout.txt"), root.resolve("stdout.txt"));
        Files.write(root.resolve("stderr.txt"), new byte[0]);
        Verification result = new Verifier(UpstreamResults.FIXED).verify(VerifyRequest.of(
                ReferenceFolder.file("examples/work-units/patch-verifier-smoke.work-unit.json"),
                ReferenceFolder.file(MATRIX + label + ".result-manifest.json"),
                root,
                ReferenceFolder.file(plan)));
        JsonNode expected = read(ReferenceFolder.file(MATRIX + label + ".verification-result.json"));
        assertEquals(status, result.status());
        assertEquals(UpstreamResults.comparable(expected), UpstreamResults.comparable(result.result()));
    }

    static JsonNode read(Path p) throws IOException {
        return JSON.readTree(Files.readAllBytes(p));
    }
}
