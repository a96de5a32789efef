// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ReviewCommandTest {
    private static final ObjectMapper M = new ObjectMapper();
    static final Path FIXTURES = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "patch-transition");
    static final String GOOD = """
            diff --git a/app.py b/app.py
            --- a/app.py
            +++ b/app.py
            @@ -1,3 +1,3 @@
             import os
            -x = unsafe_call(1)
            +x = safe_call(1)
             print(x)
            """;

    static String pred(String id, String model, Object patch) throws IOException {
        ObjectNode o = M.createObjectNode();
        o.put("instance_id", id);
        o.put("model_name_or_path", model);
        if (patch == null) {
            o.putNull("model_patch");
        } else if (patch instanceof Integer i) {
            o.put("model_patch", i);
        } else {
            o.put("model_patch", (String) patch);
        }
        return M.writeValueAsString(o);
    }

    static List<JsonNode> jsonl(String out) throws IOException {
        List<JsonNode> l = new ArrayList<>();
        for (String s : out.lines().toList()) {
            l.add(M.readTree(s));
        }
        return l;
    }

    @Test
    void malformedPredictionsAreReportedWithTheirLineAndTheRestIsReviewed(@TempDir Path tmp) throws IOException {
        Path preds = tmp.resolve("preds.jsonl");
        Files.writeString(preds, String.join("\n",
                pred("a-1", "m1", GOOD),
                "{not json",
                "",
                "{\"instance_id\": \"c-3\"}",
                pred("d-4", "m1", null),
                pred("e-5", "m2", ""),
                pred("f-6", "m2", 42),
                "{\"instance_id\": \"g-7\", \"model_patch\": \"x\", \"model_patch\": \"y\"}",
                "[1, 2]",
                pred("i-9", "m2", GOOD.replace("\n", "\r\n"))) + "\n");
        CliRun r = CliRun.in(tmp, "review", "--format", "jsonl", "preds.jsonl");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.out());
        assertEquals("", r.err());
        List<JsonNode> l = jsonl(r.out());
        assertEquals(10, l.size(), r.out());
        String[][] expected = {
            {"a-1", "accepted", "1"}, {"preds.jsonl:2", "invalid", "2"}, {"c-3", "invalid", "4"}, {"d-4", "empty", "5"},
            {"e-5", "empty", "6"}, {"f-6", "invalid", "7"}, {"preds.jsonl:8", "invalid", "8"}, {"preds.jsonl:9", "invalid", "9"},
            {"i-9", "rejected", "10"}};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i][0], l.get(i).path("name").asText(), l.get(i).toString());
            assertEquals(expected[i][1], l.get(i).path("status").asText(), l.get(i).toString());
            assertEquals(Long.parseLong(expected[i][2]), l.get(i).path("source_line").asLong(), l.get(i).toString());
        }
        assertTrue(l.get(3).path("error").asText().contains("null"), l.get(3).toString());
        assertTrue(l.get(6).path("error").asText().contains("Duplicate field"), l.get(6).toString());
        assertEquals("/model_patch", l.get(0).path("pointer").asText());
        assertEquals(List.of("crlf"), M.convertValue(l.get(8).path("repair").path("repairs"), List.class));
        JsonNode s = l.get(9);
        assertEquals("summary", s.path("type").asText());
        assertEquals(9, s.path("patches").asInt());
        assertEquals(5, s.path("invalid").asInt());
        assertEquals(2, s.path("empty").asInt());
    }

    @Test
    void arraysAndObjectsKeyedByInstanceIdAreRead(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("a.json"), "[\n" + pred("a-1", "m", GOOD) + ",\n" + pred("a-2", "m", "") + "\n]\n");
        Files.writeString(tmp.resolve("d.json"), "{\n  \"k-1\": {\"model_name_or_path\": \"m\", \"model_patch\": "
                + M.writeValueAsString(GOOD) + "},\n  \"k-2\": {\"model_patch\": null}\n}\n");
        CliRun r = CliRun.in(tmp, "review", "--format", "jsonl", "a.json", "d.json");
        List<JsonNode> l = jsonl(r.out());
        assertEquals(5, l.size(), r.out());
        assertEquals("/0/model_patch", l.get(0).path("pointer").asText());
        assertEquals(2, l.get(0).path("source_line").asLong());
        assertEquals("/1/model_patch", l.get(1).path("pointer").asText());
        assertEquals("k-1", l.get(2).path("name").asText());
        assertEquals("/k-1/model_patch", l.get(2).path("pointer").asText());
        assertEquals("accepted", l.get(2).path("status").asText());
        assertEquals("empty", l.get(3).path("status").asText());
        assertEquals(ExitCode.FAILED, r.code());
    }

    @Test
    void aBrokenArrayStopsThatFileWithItsLineAndTheOtherInputsGoOn(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("a.json"), "[\n" + pred("a-1", "m", GOOD) + ",\n{\"instance_id\": oops}\n]\n");
        Files.writeString(tmp.resolve("ok.patch"), GOOD);
        CliRun r = CliRun.in(tmp, "review", "--format", "jsonl", "a.json", "ok.patch");
        List<JsonNode> l = jsonl(r.out());
        assertEquals(4, l.size(), r.out());
        assertEquals("accepted", l.get(0).path("status").asText());
        assertEquals("invalid", l.get(1).path("status").asText());
        assertEquals(3, l.get(1).path("source_line").asLong());
        assertTrue(l.get(1).path("error").asText().contains("line 3"), l.get(1).toString());
        assertEquals("ok.patch", l.get(2).path("name").asText());
        assertEquals(ExitCode.UNDECIDED, r.code());
    }

    @Test
    void everyPatchAcceptedExitsZeroAndAMissingInputExitsTwo(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("run/sub"));
        Files.writeString(tmp.resolve("run/one.patch"), GOOD);
        Files.writeString(tmp.resolve("run/sub/two.diff"), GOOD);
        Files.writeString(tmp.resolve("run/notes.txt"), "not a patch");
        CliRun ok = CliRun.in(tmp, "review", "run");
        assertEquals(ExitCode.PASSED, ok.code(), ok.out());
        assertTrue(ok.out().startsWith("PASSED run/one.patch (run)"), ok.out());
        assertTrue(ok.out().contains("PASSED run/sub/two.diff"), ok.out());
        assertEquals("", ok.err());
        CliRun missing = CliRun.in(tmp, "review", "run", "nope.jsonl");
        assertEquals(ExitCode.UNDECIDED, missing.code());
        assertTrue(missing.out().contains("UNREADABLE nope.jsonl"), missing.out());
        assertTrue(missing.out().contains("no such file"), missing.out());
    }

    /**
     * A folder review reads only the files it walks to, never through a link: a {@code .patch} that is a link to a
     * file elsewhere printed that file's first line in LEADING_GARBAGE (a credential), and a link, FIFO or dangling
     * link named like a patch was skipped without a word, so every patch "passed". Each is UNREADABLE now, unopened.
     */
    @Test
    void aFolderIsReadWithoutFollowingLinksAndEveryPatchNamedEntryIsReported(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve("run"));
        Files.writeString(tmp.resolve("run/ok.patch"), GOOD);
        Files.writeString(tmp.resolve("credentials"), "https://user:ghp_S3cret@github.com\n");
        Files.createSymbolicLink(tmp.resolve("run/link.patch"), tmp.resolve("credentials"));
        Files.createSymbolicLink(tmp.resolve("run/dangling.diff"), tmp.resolve("nowhere"));
        Process mkfifo = new ProcessBuilder("mkfifo", tmp.resolve("run/fifo.patch").toString()).start();
        assertEquals(0, mkfifo.waitFor());
        CliRun r = CliRun.in(tmp, "review", "--format", "jsonl", "run");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.out() + r.err());
        assertFalse(r.out().contains("S3cret"), r.out());
        Map<String, String> status = new java.util.TreeMap<>();
        for (JsonNode o : jsonl(r.out())) {
            if (o.path("type").asText().equals("patch")) {
                status.put(o.path("name").asText(), o.path("status").asText() + " " + o.path("error").asText());
            }
        }
        assertEquals(List.of("run/dangling.diff", "run/fifo.patch", "run/link.patch", "run/ok.patch"), List.copyOf(status.keySet()), r.out());
        assertTrue(status.get("run/link.patch").startsWith("unreadable a symbolic link"), status.toString());
        assertTrue(status.get("run/dangling.diff").startsWith("unreadable a symbolic link"), status.toString());
        assertTrue(status.get("run/fifo.patch").startsWith("unreadable not a regular file"), status.toString());
        assertTrue(status.get("run/ok.patch").startsWith("accepted"), status.toString());
    }

    @Test
    void thePlanContractIsCheckedWithoutAWorkUnit(@TempDir Path tmp) throws IOException {
        Files.copy(FIXTURES.resolve("correct.patch"), tmp.resolve("correct.patch"));
        Files.copy(FIXTURES.resolve("decoy.patch"), tmp.resolve("decoy.patch"));
        for (String v : List.of("0.3", "0.4", "0.5")) {
            String plan = FIXTURES.resolve("plan-v" + v + ".json").toString();
            CliRun good = CliRun.in(tmp, "review", "--format", "jsonl", "--plan", plan, "correct.patch");
            assertEquals(ExitCode.PASSED, good.code(), v + good.out());
            assertTrue(jsonl(good.out()).get(0).path("plan").path("met").asBoolean(), good.out());
            CliRun decoy = CliRun.in(tmp, "review", "--format", "jsonl", "--plan", plan, "decoy.patch");
            JsonNode d = jsonl(decoy.out()).get(0);
            // v0.3 takes the inert decoy (the hole v0.4 closes); v0.4 and v0.5 refuse it.
            assertEquals(v.equals("0.3"), d.path("plan").path("met").asBoolean(), v + " " + d);
            assertEquals(v.equals("0.3") ? ExitCode.PASSED : ExitCode.FAILED, decoy.code(), v);
            assertEquals("accepted", d.path("status").asText(), "the decoy is a well-formed diff");
        }
        CliRun v2 = CliRun.in(tmp, "review", "--plan", FIXTURES.resolve("plan-v0.2.json").toString(), "correct.patch");
        assertEquals(ExitCode.UNDECIDED, v2.code());
        assertTrue(v2.err().contains("v0.3, v0.4 or v0.5; this one is v0.2"), v2.err());
        assertEquals("", v2.out());
        // The plan is read once, within the document limit (a sparse file past it is refused unread), and a folder is no plan.
        try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(tmp.resolve("huge.json").toFile(), "rw")) {
            huge.setLength(dev.patchverdict.json.JsonLimits.DEFAULT.maxDocumentBytes() + 1);
        }
        CliRun big = CliRun.in(tmp, "review", "--plan", "huge.json", "correct.patch");
        assertEquals(ExitCode.UNDECIDED, big.code(), big.err());
        assertTrue(big.err().contains("huge.json") && big.err().contains("over the limit of 16777216"), big.err());
        Files.createDirectories(tmp.resolve("plans"));
        CliRun folder = CliRun.in(tmp, "review", "--plan", "plans", "correct.patch");
        assertEquals(ExitCode.UNDECIDED, folder.code(), folder.err());
        assertTrue(folder.err().contains("plans: is a directory"), folder.err());
    }

    @Test
    void outputIsWrittenWholeAndNeverOverAnInput(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("p.patch"), GOOD);
        CliRun r = CliRun.in(tmp, "review", "--format", "json", "--output", "out.json", "p.patch");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertEquals("", r.out());
        JsonNode doc = M.readTree(tmp.resolve("out.json").toFile());
        assertEquals(1, doc.path("patches").size());
        assertEquals(1, doc.path("summary").path("passed").asInt());
        CliRun again = CliRun.in(tmp, "review", "--output", "p.patch", "--force", "p.patch");
        assertEquals(ExitCode.UNDECIDED, again.code());
        assertTrue(again.err().contains("input"), again.err());
        assertEquals(GOOD, Files.readString(tmp.resolve("p.patch")));
    }

    @Test
    void textSummaryHasAPerModelTableWithRepairs(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("p.jsonl"), pred("a", "model-a", GOOD) + "\n"
                + pred("b", "model-b", GOOD.substring(0, GOOD.length() - 1)) + "\n" + pred("c", "model-b", GOOD) + "\n");
        CliRun r = CliRun.in(tmp, "review", "p.jsonl");
        assertEquals(ExitCode.FAILED, r.code());
        assertTrue(r.out().contains("| model | patches | passed | rejected | empty | invalid | unreadable | repair: final-newline | repairable |"), r.out());
        assertTrue(r.out().contains("| model-a | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |"), r.out());
        assertTrue(r.out().contains("| model-b | 2 | 1 | 1 | 0 | 0 | 0 | 1 | 1 |"), r.out());
        // a last body line without its line feed is read as a truncated hunk
        assertTrue(r.out().contains("| `HUNK_TRUNCATED` | 1 |"), r.out());
        assertTrue(r.out().contains("repair: final-newline -> accepted"), r.out());
    }

    @Test
    void junitHasOneTestCasePerPatch(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("p.jsonl"), pred("a", "m", GOOD) + "\n" + pred("b", "m", "junk <&>\n") + "\n{bad\n");
        CliRun r = CliRun.in(tmp, "review", "--format", "junit", "p.jsonl");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.UTF_8)));
        assertEquals(3, doc.getElementsByTagName("testcase").getLength());
        org.w3c.dom.Element suite = (org.w3c.dom.Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("errors"));
    }

    @Test
    void githubCommandsAreEscapedAndTheStepSummaryIsAppended(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("a,b:c.patch"), "prose 100%\n" + GOOD);
        Path summary = tmp.resolve("summary.md");
        Files.writeString(summary, "earlier step\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(),
                Map.of("GITHUB_STEP_SUMMARY", summary.toString()), tmp, false);
        int code = Main.run(ctx, "review", "--format", "github", "a,b:c.patch");
        assertEquals(ExitCode.FAILED, code);
        String first = out.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("::error file=a%2Cb%3Ac.patch,line=1,title=LEADING_GARBAGE::"), first);
        assertTrue(first.contains("100%25"), first);
        String md = Files.readString(summary);
        assertTrue(md.startsWith("earlier step\n## patchverdict review"), md);
        assertTrue(md.contains("| `LEADING_GARBAGE` | 1 |"), md);
    }

    @Test
    void rdjsonlHasOneDiagnosticPerFinding(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("p.patch"), GOOD.replace("\n", "\r\n"));
        CliRun r = CliRun.in(tmp, "review", "--format", "rdjsonl", "p.patch");
        List<JsonNode> l = jsonl(r.out());
        assertFalse(l.isEmpty());
        Set<String> codes = new HashSet<>();
        for (JsonNode d : l) {
            codes.add(d.path("code").path("value").asText());
            assertEquals("p.patch", d.path("location").path("path").asText());
            assertTrue(d.path("location").path("range").path("start").path("line").asInt() >= 1, d.toString());
            assertEquals("ERROR", d.path("severity").asText());
        }
        assertTrue(codes.contains("CRLF_LINE_ENDING"), codes.toString());
    }

    /** Structural SARIF 2.1.0 checks (the official schema is not shipped here; see docs/review.md). */
    static void assertSarif(JsonNode s) {
        assertEquals("2.1.0", s.path("version").asText());
        assertTrue(s.path("$schema").asText().contains("sarif-2.1.0"));
        assertEquals(1, s.path("runs").size());
        JsonNode run = s.path("runs").get(0);
        JsonNode driver = run.path("tool").path("driver");
        assertEquals("patchverdict", driver.path("name").asText());
        List<String> ids = new ArrayList<>();
        for (JsonNode rule : driver.path("rules")) {
            ids.add(rule.path("id").asText());
            assertFalse(rule.path("shortDescription").path("text").asText().isEmpty(), rule.toString());
            assertFalse(rule.path("help").path("text").asText().isEmpty(), rule.toString());
            assertTrue(Set.of("error", "warning", "note").contains(rule.path("defaultConfiguration").path("level").asText()));
        }
        assertEquals(ids.size(), new HashSet<>(ids).size(), "rule ids are unique");
        Set<String> fingerprints = new HashSet<>();
        assertTrue(run.path("results").isArray());
        for (JsonNode r : run.path("results")) {
            int idx = r.path("ruleIndex").asInt();
            assertEquals(ids.get(idx), r.path("ruleId").asText());
            assertTrue(Set.of("error", "warning", "note", "none").contains(r.path("level").asText()));
            assertFalse(r.path("message").path("text").asText().isEmpty());
            JsonNode phys = r.path("locations").get(0).path("physicalLocation");
            assertFalse(phys.path("artifactLocation").path("uri").asText().isEmpty());
            if (phys.has("region")) {
                assertTrue(phys.path("region").path("startLine").asInt() >= 1);
            }
            assertTrue(fingerprints.add(r.path("partialFingerprints").path("patchverdict/v1").asText()), "fingerprints differ");
        }
    }

    @Test
    void sarifForReviewAndDiffCheckIsStableAndLocated(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("two words.patch"), "Intro\n" + GOOD.replace("@@ -1,3 +1,3 @@", "@@ -1,4 +1,3 @@"));
        Files.writeString(tmp.resolve("p.jsonl"), pred("x-1", "m", GOOD.replace("\n", "\r\n")) + "\n");
        CliRun r1 = CliRun.in(tmp, "review", "--format", "sarif", "two words.patch", "p.jsonl");
        CliRun r2 = CliRun.in(tmp, "review", "--format", "sarif", "two words.patch", "p.jsonl");
        JsonNode s = M.readTree(r1.out());
        assertSarif(s);
        JsonNode results = s.path("runs").get(0).path("results");
        assertEquals("two%20words.patch", results.get(0).path("locations").get(0).path("physicalLocation")
                .path("artifactLocation").path("uri").asText());
        assertEquals("LEADING_GARBAGE", results.get(0).path("ruleId").asText());
        assertEquals(1, results.get(0).path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt());
        JsonNode last = results.get(results.size() - 1);
        assertEquals("p.jsonl", last.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText());
        assertEquals("/model_patch", last.path("properties").path("jsonPointer").asText());
        assertTrue(last.path("properties").path("patchLine").asInt() >= 1);
        List<String> f1 = new ArrayList<>();
        List<String> f2 = new ArrayList<>();
        results.forEach(x -> f1.add(x.path("partialFingerprints").toString()));
        M.readTree(r2.out()).path("runs").get(0).path("results").forEach(x -> f2.add(x.path("partialFingerprints").toString()));
        assertEquals(f1, f2, "fingerprints are the same from run to run");

        CliRun check = CliRun.in(tmp, "diff", "check", "--format", "sarif", "two words.patch");
        assertEquals(ExitCode.FAILED, check.code());
        JsonNode c = M.readTree(check.out());
        assertSarif(c);
        assertNotEquals(0, c.path("runs").get(0).path("results").size());
        assertEquals(results.get(0).path("partialFingerprints"), c.path("runs").get(0).path("results").get(0).path("partialFingerprints"),
                "diff check and review name one finding alike");
    }

    @Test
    void htmlIsOnePageWithTheInjectedTimeThePlanAndTheExitCodeOfAnyFormat(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("p.jsonl"), pred("a-1", "m1", GOOD) + "\n" + pred("b-2", "m2", GOOD.replace("\n", "\r\n"))
                + "\n");
        Clock clock = Clock.fixed(java.time.Instant.parse("2030-01-02T03:04:05.678Z"), java.time.ZoneOffset.UTC);
        CliRun r = CliRun.in(tmp, clock, new byte[0], "review", "--detect", "--format", "html", "--output", "report.html",
                "p.jsonl");
        assertEquals(ExitCode.FAILED, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals("", r.err());
        org.jsoup.nodes.Document d = org.jsoup.Jsoup.parse(Files.readString(tmp.resolve("report.html")));
        assertEquals("2030-01-02T03:04:05Z", d.selectFirst("header time").attr("datetime"));
        assertEquals(2, d.select("details.patch").size());
        assertTrue(d.selectFirst("dl.meta").text().contains(Version.describe()), d.selectFirst("dl.meta").text());
        assertEquals("sha256:" + dev.patchverdict.digest.Digests.file(tmp.resolve("p.jsonl")).hex(),
                d.selectFirst("table.inputs code.sha").text());
        // As every format written to a file: refused over an existing file without --force, never over an input.
        CliRun again = CliRun.in(tmp, clock, new byte[0], "review", "--format", "html", "--output", "report.html", "p.jsonl");
        assertEquals(ExitCode.UNDECIDED, again.code());
        assertTrue(again.err().contains("--force"), again.err());
        CliRun input = CliRun.in(tmp, clock, new byte[0], "review", "--format", "html", "--force", "--output", "p.jsonl", "p.jsonl");
        assertEquals(ExitCode.UNDECIDED, input.code());
        // To standard output, and passing: exit 0.
        Files.writeString(tmp.resolve("ok.jsonl"), pred("a-1", "m1", GOOD) + "\n");
        CliRun ok = CliRun.in(tmp, clock, new byte[0], "review", "--format", "html", "ok.jsonl");
        assertEquals(ExitCode.PASSED, ok.code(), ok.err());
        assertTrue(ok.out().startsWith("<!DOCTYPE html>\n"), ok.out());
        assertTrue(ok.out().endsWith("</html>\n"));
        // The plan is named with its SHA-256, id and version, and each patch says whether it meets it.
        Files.copy(FIXTURES.resolve("decoy.patch"), tmp.resolve("decoy.patch"));
        Path plan = FIXTURES.resolve("plan-v0.4.json");
        CliRun planned = CliRun.in(tmp, clock, new byte[0], "review", "--format", "html", "--plan", plan.toString(), "decoy.patch");
        assertEquals(ExitCode.FAILED, planned.code(), planned.err());
        org.jsoup.nodes.Document p = org.jsoup.Jsoup.parse(planned.out());
        String meta = p.select("dl.meta dd").get(4).text();
        assertTrue(meta.contains("sha256:" + dev.patchverdict.digest.Digests.file(plan).hex()) && meta.contains("(v0.4)"), meta);
        assertEquals("PLAN-UNMET", p.selectFirst("details.patch .verdict").text());
        assertTrue(p.selectFirst("details.patch").text().contains("not met"));
    }
}
