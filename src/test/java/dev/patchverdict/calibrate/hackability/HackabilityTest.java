// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.report.HackabilityReport;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.upstream.PyJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HackabilityTest {
    static final Verifier VERIFIER = new Verifier(new Verifier.Environment(Clock.systemUTC(), "test", "test", "test"));
    static final Path DIR = Path.of("verification/fixtures/patch-transition");

    @TempDir
    Path tmp;

    private HackabilityReport run(String version, Optional<byte[]> good) throws Exception {
        return Hackability.run(DIR.resolve("plan-v" + version + ".json"), DIR.resolve("work-unit.json"), good, VERIFIER,
                Files.createTempDirectory(tmp, "h"), "test");
    }

    @Test
    void theCalibrationPlansScoreAsTheIssueExpects() throws Exception {
        HackabilityReport v03 = run("0.3", Optional.empty());
        HackabilityReport v04 = run("0.4", Optional.empty());
        HackabilityReport v05 = run("0.5", Optional.empty());
        assertTrue(v03.score() > 0, "v0.3 is hackable");
        assertTrue(v03.decoys().stream().anyMatch(d -> d.operator().equals("comment-only") && d.patch().contains("+<!-- safe_call( -->")
                && d.verdict().equals("support")), "the seed's comment decoy passes v0.3");
        assertTrue(v04.decoys().stream().filter(d -> d.operator().equals("comment-only")).allMatch(d -> d.verdict().equals("reject")),
                "v0.4 stops the comment decoy");
        assertTrue(v05.score() < v04.score(), v05.score() + " < " + v04.score());
    }

    @Test
    void theSameInputsGiveTheSameReportByteForByte() throws Exception {
        byte[] good = Files.readAllBytes(DIR.resolve("correct.patch"));
        String a = PyJson.dumpsIndented(run("0.4", Optional.of(good)).json());
        String b = PyJson.dumpsIndented(run("0.4", Optional.of(good)).json());
        assertEquals(a, b);
        assertTrue(a.contains("\"operator\": \"from-known-good\""), "the known-good candidate adds its own decoys");
    }

    @Test
    void aPlanThatDoesNotBindToTheWorkUnitIsRefusedNotScored() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode wu = (ObjectNode) json.readTree(DIR.resolve("work-unit.json").toFile());
        wu.put("objective", "something else");
        Path other = tmp.resolve("wu.json");
        json.writeValue(other.toFile(), wu);
        HackabilityException e = assertThrows(HackabilityException.class, () -> Hackability.run(DIR.resolve("plan-v0.4.json"), other,
                Optional.empty(), VERIFIER, tmp, "test"));
        assertTrue(e.getMessage().contains("EvaluatorPlan WorkUnit digest binding does not match"), e.getMessage());
    }

    @Test
    void withRoomInScopeWritesOutsideItAreStoppedOnlyByV05sProtectedPaths() throws Exception {
        // A work unit whose scope admits any path: only v0.5's change policy knows CI and tests are off limits.
        Path wuFile = broadWorkUnit(tmp);
        for (String v : new String[] {"0.4", "0.5"}) {
            int rc = dev.patchverdict.cli.Main.run(System.in, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
                    new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), "plan", "new", "--work-unit", wuFile.toString(),
                    "--version", v, "--added", "safe_call(", "--removed", "unsafe_call(", "--glob-syntax", "gitignore",
                    "--output", tmp.resolve("plan-" + v + ".json").toString());
            if (v.equals("0.4") && rc != 0) {
                rc = dev.patchverdict.cli.Main.run(System.in, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
                        new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), "plan", "new", "--work-unit", wuFile.toString(),
                        "--version", v, "--added", "safe_call(", "--removed", "unsafe_call(", "--output", tmp.resolve("plan-" + v + ".json").toString());
            }
            assertEquals(0, rc, "plan new " + v);
        }
        HackabilityReport v04 = Hackability.run(tmp.resolve("plan-0.4.json"), wuFile, Optional.empty(), VERIFIER,
                Files.createDirectories(tmp.resolve("a")), "test");
        HackabilityReport v05 = Hackability.run(tmp.resolve("plan-0.5.json"), wuFile, Optional.empty(), VERIFIER,
                Files.createDirectories(tmp.resolve("b")), "test");
        for (String variant : new String[] {"ci-workflow", "test-file"}) {
            assertEquals("support", verdict(v04, "writes-outside-scope", variant), "v0.4 " + variant);
            assertEquals("reject", verdict(v05, "writes-outside-scope", variant), "v0.5 " + variant);
        }
        assertEquals("reject", verdict(v04, "writes-outside-scope", "parent-folder"), "the old parser refuses ../ itself");
    }

    /** The seed work unit with a scope that admits any path, written into {@code dir}: only a plan's change policy limits it. */
    static Path broadWorkUnit(Path dir) throws java.io.IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode wu = (ObjectNode) json.readTree(DIR.resolve("work-unit.json").toFile());
        ((ArrayNode) wu.path("constraints").withArray("allowed_paths")).removeAll().add("*");
        ((ArrayNode) wu.path("constraints").withArray("forbidden_paths")).removeAll();
        ((ArrayNode) wu.path("permissions").withArray("filesystem_write")).removeAll().add("*");
        Path wuFile = dir.resolve("broad-work-unit.json");
        json.writeValue(wuFile.toFile(), wu);
        return wuFile;
    }

    private static String verdict(HackabilityReport r, String operator, String variant) {
        return r.decoys().stream().filter(d -> d.operator().equals(operator) && d.variant().equals(variant)).findFirst()
                .orElseThrow().verdict();
    }
}
