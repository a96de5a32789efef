// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditCommandTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aFolderOfBundlesIsWalkedAndEachResultGetsAVerdict() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("a").toString())).code());
        assertEquals(1, CliRun.in(ROOT, VerifyCommandTest.verify("decoy", "0.5", "--bundle", all.resolve("nested/b").toString())).code());
        CliRun ok = CliRun.in(ROOT, "audit", "--format", "jsonl", all.toString());
        assertEquals(0, ok.code(), ok.out() + ok.err());
        String[] lines = ok.out().split("\n");
        assertEquals(2, lines.length, ok.out());
        for (String l : lines) {
            JsonNode o = JSON.readTree(l);
            assertEquals("REPRODUCED", o.path("verdict").asText(), l);
        }
        Files.writeString(all.resolve("nested/b/candidate/stdout.txt"), "edited\n");
        CliRun bad = CliRun.in(ROOT, "audit", all.toString());
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.out().contains("TAMPERED"), bad.out());
        assertTrue(bad.out().contains("| TAMPERED | 1 |"), bad.out());
        CliRun none = CliRun.in(ROOT, "audit", tmp.resolve("results/a/candidate").toString());
        assertEquals(2, none.code(), "a folder without bundles is undecided");
    }

    @Test
    void aDivergedResultNamesThePathWhereReVerifyingFirstDiffers() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("a").toString())).code());
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("b").toString())).code());
        Path result = all.resolve("b/verification-result.json");
        com.fasterxml.jackson.databind.node.ObjectNode r = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(result.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("metrics")).put("invented", 1);
        Files.writeString(result, JSON.writeValueAsString(r));
        CliRun run = CliRun.in(ROOT, "audit", "--format", "jsonl", all.toString());
        assertEquals(1, run.code(), run.out() + run.err());
        String[] lines = run.out().split("\n");
        JsonNode a = JSON.readTree(lines[0]);
        JsonNode b = JSON.readTree(lines[1]);
        assertEquals("REPRODUCED", a.path("verdict").asText());
        assertTrue(a.has("difference") && a.get("difference").isNull(), lines[0]);
        assertEquals("DIVERGED", b.path("verdict").asText(), lines[1]);
        assertEquals("/metrics/invented", b.path("difference").asText(), lines[1]);
        assertTrue(b.path("reasons").get(0).asText().startsWith("/metrics/invented: recorded 1, re-verified (absent)"), lines[1]);
    }

    /** --format html: one page, the same verdicts and exit code as the text report, one entry per bundle. */
    @Test
    void theHtmlPageHoldsEveryBundleAndExitsAsTheOtherFormats() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("a").toString())).code());
        assertEquals(1, CliRun.in(ROOT, VerifyCommandTest.verify("decoy", "0.5", "--bundle", all.resolve("nested/b").toString())).code());
        Files.writeString(all.resolve("nested/b/candidate/stdout.txt"), "edited\n");
        CliRun html = CliRun.in(ROOT, "audit", "--format", "html", "--jobs", "2", all.toString());
        assertEquals(1, html.code(), html.err());
        org.jsoup.nodes.Document d = org.jsoup.Jsoup.parse(html.out());
        assertEquals(List.of("REPRODUCED", "TAMPERED"), d.select("#bundles summary .verdict").eachText());
        assertEquals(List.of("2 bundles", "1 REPRODUCED", "0 DIVERGED", "1 TAMPERED", "0 UNVERIFIABLE"), d.select("ul.totals li").eachText());
        assertEquals(2, d.select("#folders tbody tr").size(), "results/ and results/nested/");
        assertTrue(html.out().startsWith("<!DOCTYPE html>") && html.out().endsWith("</html>\n"));
    }

    /** A bundle.json naming a plan kept beside the results is read with --root above both, and refused without it. */
    @Test
    void rootLetsABundleNameFilesBelowIt() throws Exception {
        Path family = Files.createDirectories(tmp.resolve("family"));
        Path attempt = family.resolve("results/attempt-001");
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", attempt.toString())).code());
        Files.move(attempt.resolve("evaluator-plan.json"), family.resolve("plan.json"));
        Files.writeString(attempt.resolve("bundle.json"), "{\"evaluator_plan\": \"../../plan.json\"}");
        CliRun refused = CliRun.in(ROOT, "audit", "--format", "jsonl", family.resolve("results").toString());
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(refused.out().contains("leads outside the bundle's folder"), refused.out());
        CliRun read = CliRun.in(ROOT, "audit", "--root", family.toString(), family.resolve("results").toString());
        assertEquals(0, read.code(), read.out() + read.err());
        assertTrue(read.out().startsWith("REPRODUCED "), read.out());
    }
}
