// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What other host processes can do to a root runner's sandbox: with a host user shared with the
 * host's {@code nobody} processes, one of them found the tree between two runs and turned a failing
 * check into a passing one, and concurrent runs shared one process limit.
 */
@Tag(TestGroups.BUBBLEWRAP)
class HostUserReachTest {
    private static final SandboxLimits LIMITS = new SandboxLimits(20, 10, 512, 1 << 16, 1 << 20);
    private static final Map<String, String> PATH_ONLY = Map.of("PATH", "/usr/bin:/bin");

    @TempDir
    Path temp;

    @BeforeEach
    void rootOnly() throws Exception {
        Assumptions.assumeTrue(BubblewrapSandbox.effectiveUid().orElseThrow() == 0,
                "only a root runner drops to another host user");
    }

    @Test
    void aHostProcessOfTheNobodyUserCannotRewriteTheTreeBetweenTwoRuns() throws Exception {
        try (ScratchSpace space = ScratchSpace.create(TestSandbox.passable(temp))) {
            Path tree = Files.createDirectories(space.directory("git").resolve("patched-2"));
            Files.writeString(tree.resolve("check.sh"), "exit 1\n");
            BubblewrapSandbox sandbox = TestSandbox.required(space.root());
            assertEquals(new RunOutcome.Exited(0), run(sandbox, tree, "true").outcome());

            // A host process as nobody, between the two runs, knowing where scratch spaces live.
            Process p = new ProcessBuilder("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "sh",
                    "-c", "ls \"$0\"; echo 'exit 0' > \"$0/git/patched-2/check.sh\"", space.root().toString())
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertNotEquals(0, p.exitValue(), "nobody reached the tree: " + said);
            assertTrue(said.contains("Permission denied"), said);
            assertEquals("exit 1\n", Files.readString(tree.resolve("check.sh")));

            assertEquals(new RunOutcome.Exited(1), run(sandbox, tree, "sh", "check.sh").outcome(),
                    "the failing check still fails");
        }
    }

    @Test
    void aHostProcessOfTheNobodyUserCannotReachIntoARunningSandbox() throws Exception {
        try (ScratchSpace space = ScratchSpace.create(TestSandbox.passable(temp))) {
            Path tree = space.directory("tree");
            BubblewrapSandbox sandbox = TestSandbox.required(space.root());
            String marker = "pv-reach-" + java.util.UUID.randomUUID();
            CompletableFuture<RunRecord> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return run(sandbox, tree, "sh", "-c", "echo secret > /tmp/x; sleep 4; true", marker);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // The sandbox's /tmp is no host folder: only its processes' root leads there. (The tree is
            // copied back only once the run is over, so the run is watched for from outside.)
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            List<String> roots = List.of();
            while (roots.isEmpty() && System.nanoTime() < until) {
                Thread.sleep(50);
                roots = ProcessHandle.allProcesses().map(h -> "/proc/" + h.pid())
                        .filter(p -> cmdline(p).contains(marker)).map(p -> p + "/root/tmp/x")
                        .filter(x -> Files.exists(Path.of(x))).toList();
            }
            assertTrue(!roots.isEmpty(), "the running sandbox is seen from the host, by root");
            // A host process as nobody tries each of them; the paths go as arguments, not in the script.
            Process q = new ProcessBuilder(Stream.concat(Stream.of("setpriv", "--reuid", "65534",
                    "--regid", "65534", "--clear-groups", "sh", "-c",
                    "for x in \"$@\"; do cat \"$x\" && exit 0; done; exit 1", "-"), roots.stream()).toList())
                    .redirectErrorStream(true).start();
            String said = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(q.waitFor(20, TimeUnit.SECONDS));
            assertNotEquals(0, q.exitValue(), "nobody read inside the sandbox: " + said);
            assertTrue(said.contains("Permission denied"), said);
            assertEquals(new RunOutcome.Exited(0), running.get(30, TimeUnit.SECONDS).outcome());
        }
    }

    private static String cmdline(String proc) {
        try {
            return new String(Files.readAllBytes(Path.of(proc, "cmdline")), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return "";
        }
    }

    @Test
    void concurrentRunsDoNotShareTheProcessLimit() throws Exception {
        // Two runners, each with its scratch space, as two behave runs at once have.
        try (ScratchSpace one = ScratchSpace.create(TestSandbox.passable(temp));
                ScratchSpace two = ScratchSpace.create(temp)) {
            HostLimits forty = new HostLimits(40, 1L << 20, 1L << 30);
            Path holding = one.directory("holding");
            Path forking = two.directory("forking");
            BubblewrapSandbox first = BubblewrapSandbox.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()),
                    one.root(), forty);
            BubblewrapSandbox second = BubblewrapSandbox.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()),
                    two.root(), forty);
            assertEquals(Optional.empty(), first.unavailableReason());
            assertEquals(Optional.empty(), second.unavailableReason());
            assertNotEquals(first.hostUser(), second.hostUser());
            // The first holds 30 of its 40 processes while the second starts 30 of its own.
            CompletableFuture<RunRecord> held = CompletableFuture.supplyAsync(() -> {
                try {
                    return first.run(new RunRequest(holding, ".", List.of("sh", "-c",
                            "for i in $(seq 30); do sleep 6 & done; wait"), PATH_ONLY,
                            Duration.ofSeconds(20), LIMITS));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // The tree is copied back only once the run is over: its processes are counted instead.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (processesOf(first.hostUser()) < 30 && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            assertTrue(processesOf(first.hostUser()) >= 30, "the first run holds its processes");
            RunRecord r = second.run(new RunRequest(forking, ".", List.of("sh", "-c",
                    "for i in $(seq 30); do sleep 0.2 & done; wait"), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
            assertEquals(new RunOutcome.Exited(0), r.outcome(), "the second run could fork: " + r.stderr().text());
            assertEquals(new RunOutcome.Exited(0), held.get(30, TimeUnit.SECONDS).outcome());
        }
    }

    private static long processesOf(SandboxUser u) {
        return ProcessHandle.allProcesses().filter(h -> {
            try {
                return Files.readAllLines(Path.of("/proc", Long.toString(h.pid()), "status")).stream()
                        .anyMatch(l -> l.matches("Uid:\\s+" + u.uid() + "\\s.*"));
            } catch (Exception e) {
                return false;
            }
        }).count();
    }

    private static RunRecord run(BubblewrapSandbox sandbox, Path tree, String... argv) throws Exception {
        return sandbox.run(new RunRequest(tree, ".", List.of(argv), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
    }
}
