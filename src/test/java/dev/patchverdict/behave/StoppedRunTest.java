// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.checks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.sandbox.Processes;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code behave} stopped by a signal (a CI job cancelled, {@code timeout}, a closed terminal)
 * while a check runs: run as a real process, it kills the sandbox, removes its scratch space, says
 * so in one line and exits with 128 + the signal's number.
 */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
class StoppedRunTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"TERM, 15", "INT, 2", "HUP, 1"})
    void aStoppedRunLeavesNothingBehind(String signal, int number) throws Exception {
        String marker = "pv-stopped-" + UUID.randomUUID();
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED))
                .records(checks(BehaveFixture.check("sleeps", "contract", "sh", "-c", "sleep 60", marker)));
        BehaveRequest r = f.writeAndCommit();
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // A shell that started this run in the background (`cmd &`) left SIGINT ignored, and the JVM keeps an ignored
        // signal ignored: behave is started with every signal at its default, as from a terminal.
        List<String> command = new ArrayList<>(List.of("env", "--default-signal", java.toString(), "-XX:-UsePerfData",
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                "dev.patchverdict.cli.Main", "behave", "--plan", r.plan().toString(), "--work-unit",
                r.workUnit().toString(), "--result-manifest", r.resultManifest().toString(), "--candidate-root",
                r.candidateRoot().toString(), "--static-result", r.staticResult().toString(), "--repo",
                r.repo().toString(), "--output", dir.resolve("records/behave-result.json").toString()));
        Process p = new ProcessBuilder(command).directory(new File("/"))
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Processes.running(marker).isEmpty() && p.isAlive() && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            assertTrue(Processes.running(marker).isPresent(), "the check is running: "
                    + Files.readString(dir.resolve("stderr")));
            Thread.sleep(1000);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "behave ended");
        } finally {
            p.destroyForcibly();
        }
        String stderr = Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8);
        assertEquals(128 + number, p.exitValue(), stderr);
        List<String> lines = stderr.lines().toList();
        assertEquals(1, lines.size(), stderr);
        assertTrue(lines.get(0).startsWith("patchverdict: behave: stopped"), stderr);
        assertEquals(Optional.empty(), Processes.withMarker(marker), "no process of the sandbox is left");
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), "the scratch space is gone");
        }
        assertTrue(Files.notExists(dir.resolve("records/behave-result.json")), "no result is written");
    }
}
