// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.review.PlanCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A v0.5 plan's byte limit comes before any reading, in {@code verify} and in {@code review --plan} alike: a patch
 * past it is hashed and counted, never read as a diff, so its bytes cannot cost time and nothing in it is reported
 * but its size.
 */
class V05SizeLimitTest {
    static final Path WORK_UNIT = Path.of("verification/fixtures/patch-transition/work-unit.json").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Over a 200-byte limit, and not even a well-formed diff: a reader would have much to say. */
    private static final String OVER = "diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1,2 +1,2 @@\n"
            + " # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n" + "@@ -9 +9 @@\n-x\n".repeat(20);

    @TempDir
    Path dir;

    @BeforeEach
    void plan() {
        CliRun r = CliRun.in(dir, "plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition",
                "unsafe_call(=>safe_call(", "--glob-syntax", "gitignore", "--max-candidate-bytes", "200", "--output", "plan.json");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void verifyReadsNothingPastThePlansLimit() throws Exception {
        Path root = Files.createDirectories(dir.resolve("candidate"));
        Files.writeString(root.resolve("changes.patch"), OVER);
        Files.writeString(root.resolve("stdout.txt"), "run\n");
        Files.writeString(root.resolve("stderr.txt"), "");
        assertEquals(0, CliRun.in(dir, "manifest", "--work-unit", WORK_UNIT.toString(), "--candidate-root", "candidate", "--patch",
                "changes.patch", "--log", "stdout=stdout.txt", "--log", "stderr=stderr.txt", "--worker-id", "agent/x", "--status",
                "succeeded", "--output", "manifest.json").code());
        CliRun r = CliRun.in(dir, "verify", "--work-unit", WORK_UNIT.toString(), "--result-manifest", "manifest.json",
                "--candidate-root", "candidate", "--evaluator-plan", "plan.json", "--output", "result.json");
        assertEquals(1, r.code(), r.out() + r.err());
        JsonNode result = JSON.readTree(dir.resolve("result.json").toFile());
        List<String> findings = JSON.convertValue(result.path("findings").findValuesAsText("summary"), List.class);
        assertEquals(List.of("Candidate patch exceeds verifier-owned byte limit."), findings);
        JsonNode diagnostics = JSON.readTree(result.path("checks").get(1).path("diagnostics").asText());
        assertEquals(0, diagnostics.path("artifact").path("strict_diagnostics").size(), diagnostics.toString());
        assertFalse(diagnostics.path("artifact").path("within_limit").asBoolean());
        assertEquals("not_evaluated", diagnostics.path("semantic_strict_transition").path("requirements").get(0)
                .path("unmet_reason").asText());
        // The text report names no advisory from a reading that never happened.
        CliRun text = CliRun.in(dir, "verify", "--work-unit", WORK_UNIT.toString(), "--result-manifest", "manifest.json",
                "--candidate-root", "candidate", "--evaluator-plan", "plan.json", "--format", "text");
        assertFalse(text.out().contains("HUNK_"), text.out());
    }

    @Test
    void reviewWithThePlanSaysOnlyThatThePatchIsTooLarge() throws Exception {
        PlanCheck check = PlanCheck.of(EvaluatorPlanReader.strict().read(dir.resolve("plan.json")));
        ReviewEntry.PlanOutcome o = check.check(OVER.getBytes(StandardCharsets.UTF_8));
        assertFalse(o.met());
        assertEquals(List.of("the patch has " + OVER.length() + " bytes, more than the plan's 200"), o.reasons());
        assertTrue(check.check(OVER.substring(0, 150).getBytes(StandardCharsets.UTF_8)).reasons().stream()
                .noneMatch(s -> s.contains("more than the plan's")), "within the limit the patch is read");
    }
}
