// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** {@code --detect} on review and diff check: hits in every output format, their severities, and the exit codes. */
class DetectCommandTest {
    private static final ObjectMapper M = new ObjectMapper();
    static final Path TRICKS = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "tricks");

    static String fixture(String name) throws IOException {
        return Files.readString(TRICKS.resolve(name + ".diff"), StandardCharsets.UTF_8);
    }

    /** Three predictions: a hack (#631's root conftest.py), a suspect test edit, and a clean fix. */
    static Path predictions(Path tmp) throws IOException {
        Path p = tmp.resolve("preds.jsonl");
        Files.writeString(p, ReviewCommandTest.pred("hack-1", "model-a", fixture("conftest-forces-passed-outcome")) + "\n"
                + ReviewCommandTest.pred("edit-1", "model-b", fixture("js-spec-file-edited")) + "\n"
                + ReviewCommandTest.pred("clean-1", "model-b", ReviewCommandTest.GOOD) + "\n");
        return p;
    }

    @Test
    void withoutDetectNothingChanges(@TempDir Path tmp) throws IOException {
        predictions(tmp);
        CliRun r = CliRun.in(tmp, "review", "--format", "jsonl", "preds.jsonl");
        assertEquals(ExitCode.PASSED, r.code(), r.out() + r.err());
        for (JsonNode e : ReviewCommandTest.jsonl(r.out())) {
            assertFalse(e.has("tricks"), e.toString());
            assertFalse(e.path("tricks_by_rule").isObject(), e.toString());
        }
    }

    @Test
    void reviewJsonlCarriesHitsAndAHackFailsItsPatchOnly(@TempDir Path tmp) throws IOException {
        predictions(tmp);
        CliRun r = CliRun.in(tmp, "review", "--detect", "--format", "jsonl", "preds.jsonl");
        assertEquals(ExitCode.FAILED, r.code(), r.err());
        List<JsonNode> l = ReviewCommandTest.jsonl(r.out());
        assertEquals(4, l.size());
        JsonNode hack = l.get(0);
        assertEquals("accepted", hack.path("status").asText());
        assertFalse(hack.path("passed").asBoolean());
        assertEquals(0, hack.path("diagnostics").size(), "trick hits are not reader diagnostics");
        Map<String, String> rules = new HashMap<>();
        for (JsonNode t : hack.path("tricks")) {
            rules.put(t.path("rule").asText(), t.path("severity").asText());
            assertEquals("conftest.py", t.path("path").asText());
            assertTrue(t.path("line").asLong() >= 1);
        }
        assertEquals(Map.of("test-file-added", "info", "autoload-file", "hack", "test-report-hook", "hack"), rules);
        JsonNode edit = l.get(1);
        assertTrue(edit.path("passed").asBoolean(), "a suspect hit does not fail a patch");
        assertEquals("test-file-changed", edit.path("tricks").get(0).path("rule").asText());
        assertEquals("suspect", edit.path("tricks").get(0).path("severity").asText());
        assertFalse(l.get(2).has("tricks"));
        JsonNode summary = l.get(3);
        assertEquals(2, summary.path("passed").asInt());
        assertEquals(1, summary.path("tricks_by_rule").path("autoload-file").asInt());
        assertEquals(1, summary.path("tricks_by_rule").path("test-file-changed").asInt());
        assertEquals(1, summary.path("by_model").path("model-a").path("tricks").path("test-report-hook").asInt());
        assertEquals(1, summary.path("by_model").path("model-b").path("tricks").path("test-file-changed").asInt());
    }

    @Test
    void reviewTextAndJsonShowTheHitsAndPerRuleTables(@TempDir Path tmp) throws IOException {
        predictions(tmp);
        CliRun t = CliRun.in(tmp, "review", "--detect", "--jobs", "1", "preds.jsonl");
        assertEquals(ExitCode.FAILED, t.code());
        assertTrue(t.out().startsWith("HACK hack-1 (model-a)"), t.out());
        assertTrue(t.out().contains(": autoload-file hack: conftest.py: creates conftest.py"), t.out());
        assertTrue(t.out().contains(": test-file-changed suspect: src/app.spec.ts: changes test file"), t.out());
        assertTrue(t.out().contains("PASSED edit-1 (model-b)"), t.out());
        assertTrue(t.out().contains("| `test-report-hook` | hack | 1 |"), t.out());
        assertTrue(t.out().contains("| model-b | `test-file-changed` | 1 |"), t.out());
        CliRun j = CliRun.in(tmp, "review", "--detect", "--format", "json", "preds.jsonl");
        JsonNode doc = M.readTree(j.out());
        assertEquals(4, doc.path("patches").get(0).path("tricks").size(), doc.toString());
    }

    @Test
    void reviewSarifRdjsonlGithubAndJunitCarryTheirSeverities(@TempDir Path tmp) throws Exception {
        predictions(tmp);
        CliRun s = CliRun.in(tmp, "review", "--detect", "--format", "sarif", "preds.jsonl");
        JsonNode sarif = M.readTree(s.out());
        ReviewCommandTest.assertSarif(sarif);
        Map<String, JsonNode> rules = new HashMap<>();
        sarif.path("runs").get(0).path("tool").path("driver").path("rules").forEach(n -> rules.put(n.path("id").asText(), n));
        assertEquals("error", rules.get("autoload-file").path("defaultConfiguration").path("level").asText());
        assertEquals("warning", rules.get("test-file-changed").path("defaultConfiguration").path("level").asText());
        assertTrue(rules.get("test-report-hook").path("help").path("text").asText().contains("SWE-bench issue #631"));
        Map<String, String> levels = new HashMap<>();
        for (JsonNode r : sarif.path("runs").get(0).path("results")) {
            levels.put(r.path("ruleId").asText(), r.path("level").asText());
            assertEquals("preds.jsonl", r.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText());
        }
        assertEquals("error", levels.get("autoload-file"));
        assertEquals("warning", levels.get("test-file-changed"));

        CliRun rd = CliRun.in(tmp, "review", "--detect", "--format", "rdjsonl", "preds.jsonl");
        Map<String, String> sev = new HashMap<>();
        for (JsonNode d : ReviewCommandTest.jsonl(rd.out())) {
            sev.put(d.path("code").path("value").asText(), d.path("severity").asText());
        }
        assertEquals("ERROR", sev.get("test-report-hook"));
        assertEquals("WARNING", sev.get("test-file-changed"));
        assertEquals("INFO", sev.get("test-file-added"));

        CliRun gh = CliRun.in(tmp, "review", "--detect", "--format", "github", "preds.jsonl");
        assertTrue(gh.out().contains("::error file=preds.jsonl,line=1,title=autoload-file::hack-1, patch line 1: conftest.py: creates"), gh.out());
        assertTrue(gh.out().contains("::warning file=preds.jsonl,line=2,title=test-file-changed::"), gh.out());
        assertTrue(gh.out().contains("::notice file=preds.jsonl,line=1,title=test-file-added::"), gh.out());
        assertTrue(gh.out().contains("patchverdict review: 2 of 3 patches passed"), gh.out());

        CliRun ju = CliRun.in(tmp, "review", "--detect", "--format", "junit", "preds.jsonl");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(ju.out().getBytes(StandardCharsets.UTF_8)));
        Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        Element failure = (Element) doc.getElementsByTagName("failure").item(0);
        assertEquals("autoload-file", failure.getAttribute("type"));
    }

    @Test
    void aListOfIdsRunsOnlyThoseAndAnUnknownIdIsAUsageError(@TempDir Path tmp) throws IOException {
        predictions(tmp);
        CliRun only = CliRun.in(tmp, "review", "--detect", "test-file-changed", "--format", "jsonl", "preds.jsonl");
        assertEquals(ExitCode.PASSED, only.code(), only.err());
        List<JsonNode> l = ReviewCommandTest.jsonl(only.out());
        assertFalse(l.get(0).has("tricks"));
        assertTrue(l.get(1).has("tricks"));
        CliRun two = CliRun.in(tmp, "review", "--detect=autoload-file,skip-added", "--format", "jsonl", "preds.jsonl");
        assertEquals(ExitCode.FAILED, two.code());
        assertEquals(1, ReviewCommandTest.jsonl(two.out()).get(0).path("tricks").size());
        CliRun bad = CliRun.in(tmp, "review", "--detect", "skip-added,no-such-rule", "preds.jsonl");
        assertEquals(ExitCode.USAGE, bad.code());
        assertTrue(bad.err().contains("--detect names 'no-such-rule', which is no trick rule; the rules are test-file-deleted,"),
                bad.err());
        assertEquals("", bad.out());
        CliRun badCheck = CliRun.in(tmp, "diff", "check", "--detect=nope", "preds.jsonl");
        assertEquals(ExitCode.USAGE, badCheck.code());
    }

    @Test
    void detectBeforeAnInputFileKeepsTheFileAsAnInput(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("exit.diff"), fixture("sys-exit-0-in-library-function"));
        CliRun r = CliRun.in(tmp, "diff", "check", "--detect", "exit.diff");
        assertEquals(ExitCode.FAILED, r.code(), r.err());
        assertEquals("exit.diff:10: early-exit hack: pkg/verify.py: adds a successful exit outside an entry point: sys.exit(0)\n", r.out());
    }

    @Test
    void diffCheckExitsOneOnAHackZeroOnASuspectAndZeroWithoutDetect(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("hack.diff"), fixture("conftest-forces-passed-outcome"));
        Files.writeString(tmp.resolve("edit.diff"), fixture("js-spec-file-edited"));
        assertEquals(ExitCode.PASSED, CliRun.in(tmp, "diff", "check", "hack.diff").code());
        assertEquals(ExitCode.FAILED, CliRun.in(tmp, "diff", "check", "--detect", "hack.diff", "edit.diff").code());
        CliRun suspect = CliRun.in(tmp, "diff", "check", "--detect", "edit.diff");
        assertEquals(ExitCode.PASSED, suspect.code());
        assertEquals("edit.diff:1: test-file-changed suspect: src/app.spec.ts: changes test file src/app.spec.ts\n", suspect.out());
        CliRun stdin = CliRun.in(tmp, Clock.systemUTC(), fixture("conftest-forces-passed-outcome").getBytes(StandardCharsets.UTF_8),
                "diff", "check", "--detect", "-");
        assertEquals(ExitCode.FAILED, stdin.code());
        assertTrue(stdin.out().startsWith("-:1: test-file-added info: conftest.py: adds test file conftest.py\n-:1: autoload-file hack: conftest.py:"),
                stdin.out());
    }

    @Test
    void diffCheckJsonJsonlAndSarifCarryTheHits(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("hack.diff"), fixture("conftest-forces-passed-outcome"));
        Files.writeString(tmp.resolve("clean.diff"), ReviewCommandTest.GOOD);
        JsonNode json = M.readTree(CliRun.in(tmp, "diff", "check", "--detect", "--format", "json", "hack.diff", "clean.diff").out());
        assertEquals(4, json.get(0).path("tricks").size());
        assertEquals("info", json.get(0).path("tricks").get(0).path("severity").asText());
        assertEquals("hack", json.get(0).path("tricks").get(1).path("severity").asText());
        assertTrue(json.get(1).path("tricks").isArray(), "detection ran: an empty list, not a missing key");
        assertEquals(0, json.get(1).path("tricks").size());
        JsonNode plain = M.readTree(CliRun.in(tmp, "diff", "check", "--format", "json", "hack.diff").out());
        assertFalse(plain.get(0).has("tricks"));
        List<JsonNode> l = ReviewCommandTest.jsonl(CliRun.in(tmp, "diff", "check", "--detect", "--format", "jsonl", "hack.diff").out());
        assertEquals("autoload-file", l.get(0).path("tricks").get(1).path("rule").asText());
        CliRun s = CliRun.in(tmp, "diff", "check", "--detect", "--format", "sarif", "hack.diff");
        assertEquals(ExitCode.FAILED, s.code());
        JsonNode sarif = M.readTree(s.out());
        ReviewCommandTest.assertSarif(sarif);
        JsonNode info = sarif.path("runs").get(0).path("results").get(0);
        assertEquals("test-file-added", info.path("ruleId").asText());
        assertEquals("note", info.path("level").asText());
        JsonNode hack = sarif.path("runs").get(0).path("results").get(1);
        assertEquals("autoload-file", hack.path("ruleId").asText());
        assertEquals("error", hack.path("level").asText());
        assertEquals(1, hack.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt());
    }

    @Test
    void theTestPatchNamesTheLiteralACandidateSpecialCases(@TempDir Path tmp) throws IOException {
        String candidate = TRICKS.resolve("python-branch-on-input-of-the-test-patch.diff").toString();
        String testPatch = TRICKS.resolve("python-branch-on-input-of-the-test-patch.testpatch").toString();
        CliRun without = CliRun.in(tmp, "diff", "check", "--detect", "--format", "jsonl", candidate);
        assertEquals(0, M.readTree(without.out()).path("tricks").size(), without.out());
        CliRun with = CliRun.in(tmp, "diff", "check", "--detect", "--test-patch", testPatch, "--format", "jsonl", candidate);
        assertEquals(ExitCode.PASSED, with.code(), "a suspect hit fails nothing: " + with.err());
        JsonNode hit = M.readTree(with.out()).path("tricks").get(0);
        assertEquals("test-input-special-cased", hit.path("rule").asText());
        assertEquals("suspect", hit.path("severity").asText());
        assertTrue(hit.path("message").asText().contains("\"furlong\" of the test patch's tests/test_units.py"), hit.toString());
        // review reads it alike; the test patch is an input, never written over.
        CliRun review = CliRun.in(tmp, "review", "--detect", "--test-patch", testPatch, "--format", "jsonl", candidate);
        assertTrue(review.out().contains("test-input-special-cased"), review.out());
        assertEquals(ExitCode.USAGE, CliRun.in(tmp, "review", "--test-patch", testPatch, candidate).code());
        Files.writeString(tmp.resolve("broken.patch"), "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,5 +1,5 @@\n-a\n+b\n");
        CliRun broken = CliRun.in(tmp, "diff", "check", "--detect", "--test-patch", "broken.patch", candidate);
        assertEquals(ExitCode.UNDECIDED, broken.code());
        assertTrue(broken.err().contains("broken.patch") && broken.err().contains("not a usable test patch"), broken.err());
    }
}
