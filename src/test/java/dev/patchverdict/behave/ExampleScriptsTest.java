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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worked example of docs/behave.md, run as a user would run it: the two scripts, end to end. */
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
    }

    @Test
    void theBrokenCandidateEndsRefutedByItsPreserveCheck() throws Exception {
        Result r = script("run-broken.sh");
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("verdict: REFUTED (exit 1)"), r.output());
        assertTrue(r.output().contains("preserve  REFUTED"), r.output());
        assertTrue(r.output().contains("JSON path /lines (expected 1, observed 2)"), r.output());
    }
}
