// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final String DIR = "verification/fixtures/patch-transition/";
    static final Clock FIXED = Clock.fixed(Instant.parse("2026-12-01T10:00:00.123456Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    static String[] verify(String candidate, String version, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("verify", "--work-unit", DIR + "work-unit.json",
                "--result-manifest", DIR + "candidates/" + candidate + ".result-manifest.json",
                "--candidate-root", DIR + "candidates/" + candidate, "--evaluator-plan", DIR + "plan-v" + version + ".json"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void passedIsZeroFailedIsOneAndTheResultGoesToStandardOutput() throws Exception {
        CliRun passed = CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.4"));
        assertEquals(0, passed.code(), passed.err());
        JsonNode result = JSON.readTree(passed.out());
        assertEquals("passed", result.path("status").asText());
        assertEquals("2026-12-01T10:00:00.123456Z", result.path("started_at").asText());
        assertTrue(passed.out().startsWith("{\n  \"attempt\": 1,\n"), "the record family's layout: indent 2, sorted keys");
        CliRun failed = CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.4"));
        assertEquals(1, failed.code(), failed.err());
        assertEquals("failed", JSON.readTree(failed.out()).path("status").asText());
    }

    @Test
    void sameInputsTwiceGiveTheSameBytes() {
        assertEquals(CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.3")).out(),
                CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.3")).out());
    }

    @Test
    void anUndecidableInputIsExitTwoWithTheRecordFamilysMessage() throws Exception {
        Path plan = tmp.resolve("plan.json");
        String text = Files.readString(Path.of(DIR + "plan-v0.4.json")).replace("\"0.3.0\"", "\"0.1\"");
        Files.writeString(plan, text);
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], "verify", "--work-unit", DIR + "work-unit.json",
                "--result-manifest", DIR + "candidates/correct.result-manifest.json", "--candidate-root", DIR + "candidates/correct",
                "--evaluator-plan", plan.toString());
        assertEquals(2, r.code());
        assertEquals("patchverdict: EvaluatorPlan v0.4 failed schema validation: verifier.adapter_version: '0.3.0' was expected\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void theOutputIsWrittenAtomicallyAndNeverInsideTheCandidateRoot() throws Exception {
        Path out = tmp.resolve("result.json");
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.5", "--output", out.toString()));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("passed: wrote " + out + "; recommendation=accept_candidate evaluator_plan=idkmesh/readme-safe-call/plan-v0.5 backend=unified_diff_strict_transition"), r.out());
        assertEquals("passed", JSON.readTree(out.toFile()).path("status").asText());
        try (var files = Files.list(tmp)) {
            assertEquals(List.of(out), files.toList(), "no temporary file left behind");
        }

        Path inside = Path.of(DIR + "candidates/correct/result.json");
        CliRun refused = CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.4", "--output", inside.toString()));
        assertEquals(2, refused.code());
        assertEquals("patchverdict: VerificationResult output must remain outside the candidate workspace\n", refused.err());
        assertFalse(Files.exists(inside));
    }

    @Test
    void theBundleHoldsTheResultTheRecordsAndTheCandidateByteForByte() throws Exception {
        Path bundle = tmp.resolve("bundle");
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.4", "--bundle", bundle.toString(), "--format", "text"));
        assertEquals(1, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(Path.of(DIR + "work-unit.json")), Files.readAllBytes(bundle.resolve("work-unit.json")));
        assertArrayEquals(Files.readAllBytes(Path.of(DIR + "plan-v0.4.json")), Files.readAllBytes(bundle.resolve("evaluator-plan.json")));
        assertArrayEquals(Files.readAllBytes(Path.of(DIR + "candidates/decoy.result-manifest.json")),
                Files.readAllBytes(bundle.resolve("result-manifest.json")));
        for (String f : List.of("changes.patch", "stdout.txt", "stderr.txt")) {
            assertArrayEquals(Files.readAllBytes(Path.of(DIR + "candidates/decoy/" + f)), Files.readAllBytes(bundle.resolve("candidate/" + f)), f);
        }
        assertEquals("failed", JSON.readTree(bundle.resolve("verification-result.json").toFile()).path("status").asText());
        CliRun again = CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.4", "--bundle", bundle.toString()));
        assertEquals(2, again.code(), "an existing bundle is never overwritten");
    }

    @Test
    void theTextReportShowsEachCheckAndWhereTheRequiredTextIs() {
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], verify("decoy", "0.4", "--format", "text"));
        assertEquals(1, r.code());
        assertTrue(r.out().startsWith("FAILED: idkmesh/readme-safe-call/attempt-1/patch-verification\n"), r.out());
        assertTrue(r.out().contains("  [failed] independent-review: "), r.out());
        assertTrue(r.out().contains("  added 'safe_call(': README.md, hunk 1, patch line 8: '<!-- safe_call( -->'"), r.out());
        assertTrue(r.out().contains("  removed 'unsafe_call(': not found in any removed line"), r.out());
    }

    @Test
    void sarifHasStableRulesAndLocatesFindingsInThePatch() throws Exception {
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], verify("split-across-hunks", "0.5", "--format", "sarif"));
        assertEquals(1, r.code());
        JsonNode sarif = JSON.readTree(r.out());
        assertEquals("2.1.0", sarif.path("version").asText());
        JsonNode results = sarif.path("runs").path(0).path("results");
        assertTrue(results.size() >= 2);
        assertEquals("check/independent-review", results.path(0).path("ruleId").asText());
        for (JsonNode res : results) {
            JsonNode loc = res.path("locations").path(0).path("physicalLocation");
            assertEquals("changes.patch", loc.path("artifactLocation").path("uri").asText());
        }
        assertTrue(results.findValuesAsText("ruleId").contains("finding/correctness"), results.toString());
        JsonNode rules = sarif.path("runs").path(0).path("tool").path("driver").path("rules");
        assertEquals(results.findValuesAsText("ruleId").stream().distinct().count(), rules.size());
    }

    @Test
    void sarifPutsAStrictReaderAdvisoryOnItsPatchLine() {
        var report = new dev.patchverdict.report.VerificationReport(JSON.createObjectNode().put("status", "passed"), "0.4",
                "unified_diff_transition", "changes.patch", List.of(),
                List.of(new dev.patchverdict.report.Advisory("CRLF_LINE_ENDING", "error", 5, "line ends with CR LF")));
        JsonNode result = dev.patchverdict.report.SarifReport.render(report, "1").path("runs").path(0).path("results").path(0);
        assertEquals("advisory/CRLF_LINE_ENDING", result.path("ruleId").asText());
        assertEquals("note", result.path("level").asText(), "advice only under v0.1-v0.4");
        assertEquals(5, result.path("locations").path(0).path("physicalLocation").path("region").path("startLine").asInt());
    }

    @Test
    void calibrateWithoutArgumentsPrintsTheSeedTableAndExitsZero() {
        CliRun r = CliRun.in(ROOT, "calibrate");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("""
                | Candidate | v0.2 exact line | v0.3 added substring | v0.4 transition | v0.5 strict transition |
                |---|---|---|---|---|
                | correct replacement | reject | support | support | support |
                | inert added-text decoy | n/a | support | reject | reject |
                """), r.out());
        CliRun junit = CliRun.in(ROOT, "calibrate", "--matrix", "extended", "--format", "junit");
        assertEquals(0, junit.code(), junit.err());
        assertTrue(junit.out().contains("tests=\"48\" failures=\"0\""), junit.out());
    }

    @Test
    void aBehaviouralPlanIsNeverRunByTheMetadataOnlyVerifier() throws Exception {
        Path plan = tmp.resolve("behave-plan.json");
        Files.writeString(plan, "{\"schema_version\": \"0.1\", \"kind\": \"behavioural_plan\", \"execution_mode\": \"sandboxed_behavioural\"}");
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], "verify", "--work-unit", DIR + "work-unit.json",
                "--result-manifest", DIR + "candidates/correct.result-manifest.json", "--candidate-root", DIR + "candidates/correct",
                "--evaluator-plan", plan.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("is a BehaviouralPlan: patchverdict verify never runs checks; run it with patchverdict behave"), r.err());
    }

    @Test
    void aForeignTaskCitedAsHeldOutFailsTheRun() {
        CliRun foreign = CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.4", "--held-out", "plans/successor:task-006"));
        assertEquals(1, foreign.code());
        assertTrue(foreign.err().contains("is not task task-006's"), foreign.err());
        assertEquals(64, CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.4", "--held-out", "plans/successor")).code());
    }

    /** A candidate for task-006 of plans/successor, its manifest, and the command line verifying it as held out. */
    private String[] heldOut(String cohort, String plan, String removed, String added) throws Exception {
        Path wu = ROOT.resolve("plans/successor/work-units/task-006.work-unit.json");
        Path cand = Files.createDirectories(tmp.resolve("cand" + System.nanoTime()));
        Files.writeString(cand.resolve("changes.patch"), "diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n"
                + "@@ -1 +1 @@\n-" + removed + "\n+" + added + "\n");
        Files.writeString(cand.resolve("stdout.txt"), "done\n");
        Files.writeString(cand.resolve("stderr.txt"), "");
        Path manifest = cand.resolveSibling(cand.getFileName() + ".manifest.json");
        CliRun m = CliRun.in(ROOT, FIXED, new byte[0], "manifest", "--work-unit", wu.toString(), "--candidate-root", cand.toString(),
                "--patch", "changes.patch", "--log", "stdout=stdout.txt", "--log", "stderr=stderr.txt", "--worker-id", "w",
                "--status", "succeeded", "--output", manifest.toString());
        assertEquals(0, m.code(), m.err());
        return new String[] {"verify", "--work-unit", wu.toString(), "--result-manifest", manifest.toString(), "--candidate-root",
            cand.toString(), "--evaluator-plan", plan, "--held-out", cohort + ":task-006", "--format", "text"};
    }

    @Test
    void heldOutEvidenceIsAVerdictUnderOneOfTheTasksFrozenPlans() throws Exception {
        String frozen = ROOT.resolve("plans/successor/plans/task-006.plan-v0.4.json").toString();
        CliRun correct = CliRun.in(ROOT, FIXED, new byte[0], heldOut("plans/successor", frozen, "unsafe_call(args.value)",
                "safe_call(args.value)"));
        assertEquals(0, correct.code(), correct.err() + correct.out());

        // A plan written after the freeze, bound to the same work unit, that a do-nothing edit meets.
        Path weak = tmp.resolve("weak-plan.json");
        CliRun p = CliRun.in(ROOT, FIXED, new byte[0], "plan", "new", "--work-unit",
                ROOT.resolve("plans/successor/work-units/task-006.work-unit.json").toString(), "--version", "0.3", "--added", "e",
                "--output", weak.toString());
        assertEquals(0, p.code(), p.err());
        String[] nothing = heldOut("plans/successor", weak.toString(), "x", "xe");
        CliRun refused = CliRun.in(ROOT, FIXED, new byte[0], nothing);
        assertEquals(1, refused.code(), refused.out());
        assertTrue(refused.err().startsWith("patchverdict: not held-out evidence (frozen plan): the plan "), refused.err());
        assertTrue(refused.err().contains("is not one of task task-006's frozen plans"), refused.err());
        assertEquals("", refused.out(), "nothing is reported as evidence");
        // The same edit under the task's frozen plan fails on its merits.
        nothing[8] = frozen;
        assertEquals(1, CliRun.in(ROOT, FIXED, new byte[0], nothing).code());
    }

    @Test
    void aBurnedOrOpenCohortIsNeverHeldOutEvidence() throws Exception {
        String frozen = ROOT.resolve("plans/successor/plans/task-006.plan-v0.4.json").toString();
        Path burned = tmp.resolve("burned");
        TestFiles.copyTree(ROOT.resolve("plans/successor"), burned);
        assertEquals(0, CliRun.in(ROOT, FIXED, new byte[0], "cohort", "burn", burned.toString()).code());
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], heldOut(burned.toString(), frozen, "unsafe_call(args.value)", "safe_call(args.value)"));
        assertEquals(1, r.code(), r.err());
        assertEquals("patchverdict: not held-out evidence (cohort status): patchverdict/example/successor is burned: a burned cohort"
                + " is never reused\n", r.err());
        CliRun first = CliRun.in(ROOT, FIXED, new byte[0], verify("correct", "0.4", "--held-out", "plans/first-five:task-002"));
        assertEquals(1, first.code());
        assertTrue(first.err().contains("(cohort status): patchverdict/example/first-five is burned"), first.err());

        Path open = tmp.resolve("open");
        TestFiles.copyTree(ROOT.resolve("plans/successor"), open);
        Files.delete(open.resolve("history.jsonl"));
        ObjectNode c = (ObjectNode) JSON.readTree(open.resolve("cohort.json").toFile());
        c.put("status", "open");
        c.remove(List.of("frozen_at", "definition_digest"));
        JSON.writeValue(open.resolve("cohort.json").toFile(), c);
        CliRun o = CliRun.in(ROOT, FIXED, new byte[0], heldOut(open.toString(), frozen, "unsafe_call(args.value)", "safe_call(args.value)"));
        assertEquals(1, o.code(), o.err());
        assertTrue(o.err().startsWith("patchverdict: not held-out evidence (cohort status): patchverdict/example/successor is open"), o.err());
    }

    @Test
    void aSolvedTaskIsNeverHeldOutEvidenceAndEditingItBackIsSeen() throws Exception {
        String frozen = ROOT.resolve("plans/successor/plans/task-006.plan-v0.4.json").toString();
        Path dir = tmp.resolve("solved");
        TestFiles.copyTree(ROOT.resolve("plans/successor"), dir);
        CliRun s = CliRun.in(ROOT, FIXED, new byte[0], "cohort", "solve", dir.toString(), "task-006");
        assertEquals(0, s.code(), s.err());
        String[] args = heldOut(dir.toString(), frozen, "unsafe_call(args.value)", "safe_call(args.value)");
        CliRun r = CliRun.in(ROOT, FIXED, new byte[0], args);
        assertEquals(1, r.code(), r.err());
        assertEquals("patchverdict: not held-out evidence (task unsolved): task task-006 of patchverdict/example/successor is solved:"
                + " it can never again count as held-out evidence\n", r.err());
        // solved: true -> false by hand: the history still records the solve
        ObjectNode c = (ObjectNode) JSON.readTree(dir.resolve("cohort.json").toFile());
        ((ObjectNode) c.withArray("tasks").get(0)).put("solved", false);
        JSON.writeValue(dir.resolve("cohort.json").toFile(), c);
        CliRun back = CliRun.in(ROOT, FIXED, new byte[0], args);
        assertEquals(1, back.code(), back.err());
        assertTrue(back.err().startsWith("patchverdict: not held-out evidence (unchanged since the freeze): "), back.err());
        assertTrue(back.err().contains("task-006"), back.err());
    }
}
