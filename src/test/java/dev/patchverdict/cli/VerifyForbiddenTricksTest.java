// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan new --forbid-trick/--forbid-tricks} and {@code verify} under a v0.5 plan that forbids
 * tricks: a candidate that meets the transition and stays in scope passes without the field and
 * fails with it, the finding naming the rule, file, hunk and patch line.
 */
class VerifyForbiddenTricksTest {
    static final Path FIXTURES = Path.of("verification/fixtures").toAbsolutePath();
    static final Clock FIXED = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String CANDIDATE = """
            diff --git a/README.md b/README.md
            index 1111111..2222222 100644
            --- a/README.md
            +++ b/README.md
            @@ -1,2 +1,2 @@
             # IDKMesh
            -unsafe_call(args.value)
            +safe_call(args.value)
            diff --git a/src/runner.py b/src/runner.py
            index 4444444..5555555 100644
            --- a/src/runner.py
            +++ b/src/runner.py
            @@ -1,3 +1,5 @@
             import sys
            +
            +sys.exit(0)
             
             def run():
            """;

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir, FIXED, new byte[0], args);
    }

    /** The seed work unit with src/ in scope, a candidate root, and its manifest. */
    @BeforeEach
    void candidate() throws Exception {
        ObjectNode wu = (ObjectNode) JSON.readTree(FIXTURES.resolve("patch-transition/work-unit.json").toFile());
        for (ArrayNode paths : List.of((ArrayNode) wu.path("constraints").path("allowed_paths"),
                (ArrayNode) wu.path("permissions").path("filesystem_write"))) {
            paths.add("src/*");
        }
        Files.writeString(dir.resolve("work-unit.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(wu));
        Path root = Files.createDirectories(dir.resolve("candidate"));
        Files.writeString(root.resolve("changes.patch"), CANDIDATE);
        Files.writeString(root.resolve("stdout.txt"), "done\n");
        Files.writeString(root.resolve("stderr.txt"), "");
        CliRun m = run("manifest", "--work-unit", "work-unit.json", "--candidate-root", "candidate", "--patch", "changes.patch",
                "--log", "stdout=stdout.txt", "--log", "stderr=stderr.txt", "--worker-id", "agent/coder-7",
                "--status", "succeeded", "--output", "manifest.json");
        assertEquals(0, m.code(), m.err());
    }

    private CliRun plan(String output, String... more) {
        List<String> a = new ArrayList<>(List.of("plan", "new", "--work-unit", "work-unit.json", "--version", "0.5",
                "--transition", "unsafe_call(=>safe_call(", "--glob-syntax", "gitignore", "--output", output));
        a.addAll(List.of(more));
        return run(a.toArray(String[]::new));
    }

    private CliRun verify(String plan) {
        return run("verify", "--work-unit", "work-unit.json", "--result-manifest", "manifest.json", "--candidate-root", "candidate",
                "--evaluator-plan", plan);
    }

    @Test
    void theSameCandidatePassesWithoutTheFieldAndFailsWithIt() throws Exception {
        assertEquals(0, plan("plain.json").code());
        assertEquals(0, plan("strict.json", "--forbid-tricks", "hack").code());
        CliRun plain = verify("plain.json");
        assertEquals(0, plain.code(), plain.out() + plain.err());
        assertFalse(plain.out().contains("trick"), "a plan without forbidden_tricks reports nothing of tricks");

        CliRun strict = verify("strict.json");
        assertEquals(1, strict.code(), strict.err());
        JsonNode result = JSON.readTree(strict.out());
        List<String> summaries = new ArrayList<>();
        result.path("findings").forEach(f -> summaries.add(f.path("summary").asText()));
        assertEquals(List.of("Change policy forbids the trick rule early-exit (hack), hit in src/runner.py hunk 0 at patch line 16: "
                + "adds a successful exit outside an entry point: sys.exit(0)"), summaries);
        assertEquals(16, result.path("findings").get(0).path("line").asLong());
        assertEquals(1, result.path("metrics").path("forbidden_trick_hit_count").asInt());
        JsonNode semantic = JSON.readTree(result.path("checks").get(1).path("diagnostics").asText()).path("semantic_strict_transition");
        JsonNode hit = semantic.path("trick_hits").get(0);
        assertEquals(List.of("early-exit", "hack", "src/runner.py", "1", "0", "16"), List.of(hit.path("rule").asText(),
                hit.path("severity").asText(), hit.path("path").asText(), hit.path("section").asText(), hit.path("hunk").asText(),
                hit.path("patch_line").asText()));
    }

    @Test
    void textAndSarifReportTheHitOnItsPatchLine() throws Exception {
        assertEquals(0, plan("strict.json", "--forbid-trick", "early-exit").code());
        CliRun text = run("verify", "--work-unit", "work-unit.json", "--result-manifest", "manifest.json", "--candidate-root",
                "candidate", "--evaluator-plan", "strict.json", "--format", "text");
        assertEquals(1, text.code(), text.err());
        assertTrue(text.out().contains("forbids the trick rule early-exit (hack), hit in src/runner.py hunk 0 at patch line 16"),
                text.out());
        CliRun sarif = run("verify", "--work-unit", "work-unit.json", "--result-manifest", "manifest.json", "--candidate-root",
                "candidate", "--evaluator-plan", "strict.json", "--format", "sarif");
        assertEquals(1, sarif.code(), sarif.err());
        JsonNode result = null;
        for (JsonNode r : JSON.readTree(sarif.out()).path("runs").get(0).path("results")) {
            if (r.path("message").path("text").asText().contains("early-exit")) {
                result = r;
            }
        }
        assertTrue(result != null, sarif.out());
        assertEquals("finding/policy", result.path("ruleId").asText());
        assertEquals(16, result.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt());
    }

    @Test
    void reviewWithThePlanGivesTheHitAsAReason() throws Exception {
        assertEquals(0, plan("strict.json", "--forbid-trick", "early-exit").code());
        dev.patchverdict.plan.EvaluatorPlan p = dev.patchverdict.plan.EvaluatorPlanReader.strict().read(dir.resolve("strict.json"));
        var outcome = dev.patchverdict.review.PlanCheck.of(p).check(CANDIDATE.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertFalse(outcome.met());
        assertEquals(List.of("line 16: forbidden trick early-exit (hack) in src/runner.py hunk 0: adds a successful exit outside an "
                + "entry point: sys.exit(0)"), outcome.reasons());
    }

    /** With --detect, one search serves both; each side keeps only its own rules' hits, as with two searches. */
    @Test
    void reviewWithThePlanAndDetectionSplitsOneSearch() throws Exception {
        assertEquals(0, plan("strict.json", "--forbid-trick", "early-exit").code());
        Files.writeString(dir.resolve("c.patch"), CANDIDATE);
        List<String> reasons = List.of("line 16: forbidden trick early-exit (hack) in src/runner.py hunk 0: adds a successful exit"
                + " outside an entry point: sys.exit(0)");
        for (String[] detect : List.of(new String[0], new String[] {"--detect", "test-file-changed"},
                new String[] {"--detect", "early-exit"}, new String[] {"--detect", "all"})) {
            List<String> args = new ArrayList<>(List.of("review", "--plan", "strict.json", "--format", "jsonl"));
            args.addAll(List.of(detect));
            args.add("c.patch");
            CliRun r = run(args.toArray(String[]::new));
            JsonNode entry = JSON.readTree(r.out().lines().findFirst().orElseThrow());
            List<String> got = new ArrayList<>();
            entry.path("plan").path("reasons").forEach(n -> got.add(n.asText()));
            assertEquals(reasons, got, String.join(" ", detect));
            assertFalse(entry.path("plan").path("met").asBoolean(), r.out());
            List<String> tricks = new ArrayList<>();
            entry.path("tricks").forEach(t -> tricks.add(t.path("rule").asText()));
            assertEquals(detect.length == 0 || detect[1].equals("test-file-changed") ? List.of() : List.of("early-exit"), tricks,
                    String.join(" ", detect) + ": " + r.out());
        }
    }

    @Test
    void namedRulesAreWrittenInRuleOrderAndOnlyWhenAsked() throws Exception {
        assertEquals(0, plan("p.json", "--forbid-trick", "early-exit,skip-added", "--forbid-trick", "test-file-deleted").code());
        JsonNode cp = JSON.readTree(dir.resolve("p.json").toFile()).path("backend").path("change_policy");
        assertEquals("[\"test-file-deleted\",\"skip-added\",\"early-exit\"]", cp.path("forbidden_tricks").toString());
        assertEquals(0, plan("q.json").code());
        assertFalse(JSON.readTree(dir.resolve("q.json").toFile()).path("backend").path("change_policy").has("forbidden_tricks"));
    }

    /** The checked-in forbidden-tricks plan is what --forbid-tricks hack writes for the seed work unit, byte for byte. */
    @Test
    void theCheckedInPlanIsWhatTheOptionsWrite() throws Exception {
        CliRun r = run("plan", "new", "--work-unit", FIXTURES.resolve("patch-transition/work-unit.json").toString(), "--version", "0.5",
                "--transition", "unsafe_call(=>safe_call(", "--glob-syntax", "gitignore", "--forbid-tricks", "hack",
                "--output", "fixture.json");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(FIXTURES.resolve("v05-tricks/forbidden-tricks/plan.json")),
                Files.readAllBytes(dir.resolve("fixture.json")));
    }

    @Test
    void badTrickOptionsAreUsageErrors() {
        CliRun unknown = plan("p.json", "--forbid-trick", "early-exits");
        assertEquals(ExitCode.USAGE, unknown.code());
        assertTrue(unknown.err().contains("--forbid-trick names 'early-exits', which is no trick rule; the rules are test-file-deleted,"),
                unknown.err());
        CliRun severity = plan("p.json", "--forbid-tricks", "all");
        assertEquals(ExitCode.USAGE, severity.code());
        assertTrue(severity.err().contains("--forbid-tricks takes hack, suspect or info, not 'all'"), severity.err());
        CliRun v04 = run("plan", "new", "--work-unit", "work-unit.json", "--version", "0.4", "--added", "a", "--removed", "b",
                "--forbid-trick", "early-exit", "--output", "p.json");
        assertEquals(ExitCode.USAGE, v04.code());
        assertTrue(v04.err().contains("only EvaluatorPlan v0.5 has"), v04.err());
        assertFalse(Files.exists(dir.resolve("p.json")));
    }

    @Test
    void aPlanNamingAnUnknownRuleIsInvalidAndVerifyIsExit2NamingIt() throws Exception {
        assertEquals(0, plan("strict.json", "--forbid-trick", "early-exit").code());
        Files.writeString(dir.resolve("bad.json"), Files.readString(dir.resolve("strict.json")).replace("\"early-exit\"", "\"exit-early\""));
        CliRun r = verify("bad.json");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.out());
        assertTrue(r.err().contains("forbidden_tricks names 'exit-early', which is no trick rule"), r.err());
        assertTrue(r.err().contains("/backend/change_policy"), r.err());
        CliRun validate = run("validate", "bad.json");
        assertEquals(ExitCode.UNDECIDED, validate.code(), validate.out());
        assertTrue((validate.out() + validate.err()).contains("exit-early"), validate.out() + validate.err());
    }

    @Test
    void anEmptyOrMalformedListIsRefusedByTheSchema() throws Exception {
        assertEquals(0, plan("strict.json", "--forbid-trick", "early-exit").code());
        String text = Files.readString(dir.resolve("strict.json"));
        Files.writeString(dir.resolve("empty.json"), text.replace("\"early-exit\"", ""));
        Files.writeString(dir.resolve("shouting.json"), text.replace("\"early-exit\"", "\"EARLY_EXIT\""));
        for (String f : List.of("empty.json", "shouting.json")) {
            CliRun r = verify(f);
            assertEquals(ExitCode.UNDECIDED, r.code(), f + ": " + r.out());
            assertTrue(r.err().contains("forbidden_tricks"), f + ": " + r.err());
        }
    }
}
