// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worked example of docs/behave.md, run as a user would run it: every script, end to end. */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class ExampleScriptsTest {
    private static final Path EXAMPLE = Path.of("verification", "fixtures", "behave", "example");

    @TempDir
    Path work;

    record Result(int exit, String output) {}

    /** Runs a script with patchverdict on this test run's class path (the jar is built later). */
    private Result script(String name) throws IOException, InterruptedException {
        Path out = work.resolve(name + ".out");
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", EXAMPLE.resolve(name).toString(),
                work.resolve(name + ".files").toString()))
                .redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("PATCHVERDICT_CLASSPATH", System.getProperty("java.class.path"));
        // Fixed commit dates: the same revision, so the same plan digest, on every run.
        pb.environment().put("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z");
        pb.environment().put("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z");
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(name + " did not finish in 180 s");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    @Test
    void theWorkedExampleEndsProven() throws Exception {
        Result r = script("run-example.sh");
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: PROVEN (exit 0)"), r.output());
        assertTrue(r.output().contains("a valid negative witness was printed"), r.output());
        assertTrue(Files.isRegularFile(work.resolve("run-example.sh.files/records/behave-result.json")));
        // The v0.1 example's report, its plan digest included, as it was before v0.2 existed.
        assertEquals(Files.readString(EXAMPLE.resolve("run-example.expected.txt"), StandardCharsets.UTF_8),
                masked(r.output(), work.resolve("run-example.sh.files")));
    }

    private static final Pattern TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
    private static final Pattern SECONDS = Pattern.compile("in \\d+\\.\\d{3} s;");

    /**
     * The report less what differs from run to run: times, durations, the folder, and the
     * sandbox's description (which names host ids and whether the runner dropped root).
     */
    static String masked(String report, Path folder) {
        List<String> lines = new java.util.ArrayList<>();
        for (String line : report.split("\n", -1)) {
            lines.add(line.startsWith("  sandbox    ") ? "  sandbox    <sandbox>" : line);
        }
        String s = String.join("\n", lines).replace(folder.toString(), "<work>");
        return SECONDS.matcher(TIME.matcher(s).replaceAll("<time>")).replaceAll("in <t> s;");
    }

    @Test
    void theBrokenCandidateEndsRefutedByItsPreserveCheck() throws Exception {
        Result r = script("run-broken.sh");
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: REFUTED (exit 1)"), r.output());
        assertTrue(r.output().contains("preserve  REFUTED"), r.output());
        assertTrue(r.output().contains("JSON path /lines (expected 1, observed 2)"), r.output());
    }

    @Test
    void aFixSpecialCasingTheReproductionEndsRefutedByVeto() throws Exception {
        Result r = script("run-special-cased.sh");
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: REFUTED (exit 1)"), r.output());
        assertTrue(r.output().contains("target    PROVEN"), "the reproduction is fooled: " + r.output());
        assertTrue(r.output().contains("relations REFUTED    2 relations held on the base and break with the patch"),
                r.output());
        assertTrue(r.output().contains("  reversal-keeps-count        held       broken     veto\n"), r.output());
        assertTrue(r.output().contains("reversal-keeps-count breaks: followup against source differs (exact) at line 1"
                + " (the source printed \"2\\n\", the followup \"3\\n\")"), r.output());
    }

    @Test
    void theHonestFixEndsProvenUnderTheRelations() throws Exception {
        Result r = script("run-relations-honest.sh");
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: PROVEN (exit 0)"), r.output());
        assertTrue(r.output().contains("  reversal-keeps-count        held       held       -\n"), r.output());
        assertTrue(r.output().contains("  trailing-space-keeps-count  held       held       -\n"), r.output());
    }

    @Test
    void aFixRepairingOnlyTheReportedCaseEndsRefuted() throws Exception {
        Result r = script("run-relations-one-case.sh");
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: REFUTED (exit 1)"), r.output());
        assertTrue(r.output().contains("  reversal-keeps-count        held       held       -\n"), r.output());
        assertTrue(r.output().contains("  trailing-space-keeps-count  held       broken     veto\n"), r.output());
        assertTrue(r.output().contains("followup 3 = source 2 does not hold"), r.output());
    }
}
