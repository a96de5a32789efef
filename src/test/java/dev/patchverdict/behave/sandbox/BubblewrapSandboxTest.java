// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestGroups.BUBBLEWRAP)
class BubblewrapSandboxTest extends InATree {

    private RunRecord run(Duration timeout, String... argv) throws Exception {
        return sandbox.run(new RunRequest(tree, ".", List.of(argv), PATH_ONLY, timeout, LIMITS));
    }

    private RunRecord run(String... argv) throws Exception {
        return run(Duration.ofSeconds(20), argv);
    }

    @Test
    void exitStatusIsObservedExactly() throws Exception {
        assertEquals(new RunOutcome.Exited(0), run("true").outcome());
        assertEquals(new RunOutcome.Exited(3), run("sh", "-c", "exit 3").outcome());
    }

    @Test
    void aSignalIsNotAnExitCode() throws Exception {
        assertEquals(new RunOutcome.Signalled(11), run("sh", "-c", "kill -SEGV $$").outcome());
        assertEquals(new RunOutcome.Exited(139), run("sh", "-c", "exit 139").outcome());
        RunOutcome killed = run("sh", "-c", "kill -KILL $$").outcome();
        assertEquals(new RunOutcome.Signalled(9), killed);
        assertFalse(killed.reachedOutcome(), "a SIGKILL is how limits end programs; it is no behaviour");
    }

    @Test
    void argvIsNeverGivenToAShell() throws Exception {
        RunRecord r = run("printf", "%s|", "$HOME", "a b", "`id`", ";", "*");
        assertEquals(new RunOutcome.Exited(0), r.outcome());
        assertEquals("$HOME|a b|`id`|;|*|", r.stdout().text());
    }

    @Test
    void aMissingProgramDidNotRun() throws Exception {
        RunOutcome o = run("no-such-program-" + UUID.randomUUID()).outcome();
        assertInstanceOf(RunOutcome.NotRun.class, o);
        assertTrue(o.describe().contains("could not be executed"), o.describe());
    }

    @Test
    void environmentIsExactlyTheAllowList() throws Exception {
        RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("env"), Map.of("PATH", "/usr/bin", "LANG", "C"),
                Duration.ofSeconds(10), LIMITS));
        List<String> lines = r.stdout().text().lines().sorted().toList();
        // Exactly the allow-list: not even the PWD bubblewrap sets for its own children.
        assertEquals(List.of("LANG=C", "PATH=/usr/bin"), lines);
    }

    @Test
    @Tag(TestGroups.PYTHON3)
    void networkIsUnreachable() throws Exception {
        RunRecord r = run("python3", "-c", String.join("\n",
                "import socket",
                "s = socket.socket()",
                "s.settimeout(3)",
                "try:",
                "    s.connect(('1.1.1.1', 80))",
                "    print('connected')",
                "except OSError as e:",
                "    print('refused', e.errno)",
                "    raise SystemExit(7)"));
        assertEquals(new RunOutcome.Exited(7), r.outcome(), r.stderr().text());
        assertTrue(r.stdout().text().startsWith("refused"), r.stdout().text());
        RunRecord interfaces = run("cat", "/proc/net/dev");
        assertFalse(interfaces.stdout().text().contains("eth"), "only loopback: " + interfaces.stdout().text());
    }

    @Test
    void onlyTheTreeIsWritable() throws Exception {
        Path outside = scratch.resolve("outside-" + UUID.randomUUID());
        RunRecord r = run("sh", "-c", "for f in \"$0\" /usr/pv-escape /pv-escape /etc/pv-escape; do"
                + " if echo x > \"$f\"; then echo \"wrote $f\"; fi; done 2>/dev/null; echo ok > inside; echo t > /tmp/t"
                + " && echo tmp-ok", outside.toString());
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("tmp-ok\n", r.stdout().text(), "no write outside the tree succeeded");
        assertFalse(Files.exists(outside), "the host path outside the tree is untouched");
        assertFalse(Files.exists(Path.of("/usr/pv-escape")));
        assertEquals("ok\n", Files.readString(tree.resolve("inside")));
    }

    @Test
    void hostPathsAreNotVisible() throws Exception {
        Files.writeString(scratch.resolve("secret"), "s3cret");
        RunRecord r = run("cat", scratch.resolve("secret").toString());
        assertEquals(new RunOutcome.Exited(1), r.outcome());
        assertEquals("", r.stdout().text());
        assertTrue(r.stderr().text().contains("No such file"), r.stderr().text());
    }

    @Test
    void aFloodOfOutputIsCappedAndTheRunSurvives() throws Exception {
        // One gigabyte on stdout and a little on stderr, against a 64 KiB cap per stream.
        RunRecord r = run(Duration.ofSeconds(60), "sh", "-c",
                "head -c 1073741824 /dev/zero; echo done >&2; exit 0");
        assertEquals(new RunOutcome.Exited(0), r.outcome());
        assertEquals(1L << 16, r.stdout().length());
        assertEquals(1L << 30, r.stdout().totalBytes());
        assertTrue(r.stdout().truncated());
        assertEquals("done\n", r.stderr().text());
        assertFalse(r.stderr().truncated());
    }

    @Test
    void fileSizeLimitEndsTheWriter() throws Exception {
        RunRecord r = run("sh", "-c", "exec head -c 2000000 /dev/zero > big");
        assertEquals(new RunOutcome.Signalled(25), r.outcome());
        assertTrue(((RunOutcome.Signalled) r.outcome()).limitInduced());
    }

    @Test
    @Tag(TestGroups.PYTHON3)
    void timeoutKillsTheWholeTreeIncludingDoubleForkedChildren() throws Exception {
        String marker = "pv-marker-" + UUID.randomUUID();
        RunRecord r = run(Duration.ofSeconds(2), "python3", "-c", String.join("\n",
                "import os, sys, time",
                "if os.fork() == 0:",
                "    os.setsid()",
                "    if os.fork() == 0:",
                "        time.sleep(120)",
                "    os._exit(0)",
                "time.sleep(120)"), marker);
        assertInstanceOf(RunOutcome.TimedOut.class, r.outcome());
        assertFalse(r.outcome().reachedOutcome());
        assertTrue(r.duration().compareTo(Duration.ofSeconds(30)) < 0, "killed promptly: " + r.duration());
        assertEquals(Optional.empty(), Processes.withMarker(marker), "no process of the run is left");
    }

    @Test
    void cwdMustExistInTheTree() throws Exception {
        RunRecord r = sandbox.run(new RunRequest(tree, "missing", List.of("true"), PATH_ONLY, Duration.ofSeconds(5),
                LIMITS));
        assertInstanceOf(RunOutcome.NotRun.class, r.outcome());
    }

    @Test
    void withoutBubblewrapThereIsNoSandboxAndNothingRuns() throws Exception {
        BubblewrapSandbox none = new BubblewrapSandbox(Optional.empty(), Path.of("/bin/sh"),
                Optional.of(Path.of("/usr/bin/prlimit")), Optional.of(Path.of("/usr/bin/perl")), scratch);
        assertTrue(none.unavailableReason().orElseThrow().contains("bubblewrap"));
        Path flag = tree.resolve("ran");
        RunRecord r = none.run(new RunRequest(tree, ".", List.of("touch", flag.toString()), PATH_ONLY,
                Duration.ofSeconds(5), LIMITS));
        assertInstanceOf(RunOutcome.NotRun.class, r.outcome());
        assertFalse(Files.exists(flag));
    }

    @Test
    void theStatusDescriptorIsOutOfTheProgramsReach() throws Exception {
        // The program's parent is the status wrapper; its descriptor 3 is where the status is reported.
        RunRecord r = run("sh", "-c", "if echo 'exit 0' >> /proc/$PPID/fd/3; then exit 9; fi; "
                + "if cat /proc/$PPID/environ > /dev/null; then exit 8; fi; exit 4");
        assertEquals(new RunOutcome.Exited(4), r.outcome(), r.stderr().text());
    }

    @Test
    void theChecksEnvironmentNeverReachesTheStatusWrapper() throws Exception {
        Path lib = Files.createDirectories(tree.resolve("lib"));
        // A candidate's strict.pm that, if loaded by the wrapper, would report every status as 0.
        Files.writeString(lib.resolve("strict.pm"), String.join("\n",
                "package strict;",
                "BEGIN { *CORE::GLOBAL::waitpid = sub { my $p = CORE::waitpid($_[0], $_[1]); $? = 0; $p }; }",
                "sub import {} sub unimport {} 1;", ""));
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "PERL5LIB", "/tree/lib", "PERL5OPT", "-Mstrict");
        RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("sh", "-c", "echo \"$PERL5LIB\"; exit 1"), env,
                Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(1), r.outcome(), r.stderr().text());
        assertEquals("/tree/lib\n", r.stdout().text(), "the program itself still gets the check's environment");
    }

    private BubblewrapSandbox sandboxWith(HostLimits host) throws Exception {
        return sandboxWith(host, scratch);
    }

    private BubblewrapSandbox sandboxWith(HostLimits host, Path area) throws Exception {
        BubblewrapSandbox s = BubblewrapSandbox.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()), area, host);
        assertEquals(Optional.empty(), s.unavailableReason());
        return s;
    }

    @Test
    void devShmIsCappedEvenForFilesUnderThePerFileLimit() throws Exception {
        BubblewrapSandbox capped = sandboxWith(new HostLimits(256, 1L << 20, 1L << 30));
        // Three files of 600 KB, each under the 1 MiB file-size limit, into a 1 MiB /dev/shm.
        RunRecord r = capped.run(new RunRequest(tree, ".", List.of("sh", "-c",
                "for i in 1 2 3; do head -c 600000 /dev/zero > /dev/shm/f$i || exit 5; done; exit 0"), PATH_ONLY,
                Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(5), r.outcome(), r.stderr().text());
        assertTrue(r.stderr().text().contains("No space left"), r.stderr().text());
    }

    @Test
    void theTreesTotalIsBudgetedAndARunOverItDecidesNothing() throws Exception {
        BubblewrapSandbox budgeted = sandboxWith(new HostLimits(256, 1L << 20, 1L << 20));
        // Twenty files of 100 KB: each far under the file-size limit, two megabytes in all.
        RunRecord r = budgeted.run(new RunRequest(tree, ".", List.of("sh", "-c",
                "for i in $(seq 20); do head -c 100000 /dev/zero > f$i || exit 5; done; exit 0"), PATH_ONLY,
                Duration.ofSeconds(20), LIMITS));
        RunOutcome.OverBudget over = assertInstanceOf(RunOutcome.OverBudget.class, r.outcome());
        assertFalse(over.reachedOutcome());
        assertTrue(over.reason().contains("--max-tree-bytes"), over.reason());
        RunRecord next = budgeted.run(new RunRequest(tree, ".", List.of("true"), PATH_ONLY, Duration.ofSeconds(20),
                LIMITS));
        assertInstanceOf(RunOutcome.OverBudget.class, next.outcome(), "a tree already over budget runs nothing");
        assertEquals(Duration.ZERO, next.duration());
    }

    @Test
    void theProcessLimitIsSetInsideTheSandbox() throws Exception {
        BubblewrapSandbox limited = sandboxWith(new HostLimits(40, 1L << 20, 1L << 30));
        RunRecord r = limited.run(new RunRequest(tree, ".", List.of("cat", "/proc/self/limits"), PATH_ONLY,
                Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(0), r.outcome());
        String line = r.stdout().text().lines().filter(l -> l.startsWith("Max processes")).findFirst().orElseThrow();
        assertTrue(line.matches("Max processes\\s+40\\s+40\\s+processes\\s*"), line);
    }

    @Test
    @Tag(TestGroups.PYTHON3)
    void aForkStormIsContained() throws Exception {
        BubblewrapSandbox limited = sandboxWith(new HostLimits(64, 1L << 20, 1L << 30));
        String marker = "pv-storm-" + UUID.randomUUID();
        // The kernel must stop the storm by itself: fork fails (EAGAIN) well before 1,500 children.
        // A root runner that did not drop to the sandbox user would fork them all and time out.
        RunRecord r = limited.run(new RunRequest(tree, ".", List.of("python3", "-c", String.join("\n",
                "import os, sys, time",
                "made = 0",
                "for i in range(1500):",
                "    try:",
                "        if os.fork() == 0:",
                "            time.sleep(120)",
                "            os._exit(0)",
                "        made += 1",
                "    except OSError:",
                "        print(made, flush=True)",
                "        sys.exit(3)",
                "time.sleep(120)"), marker), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(3), r.outcome(), "fork failed inside the sandbox: " + r.stderr().text());
        int made = Integer.parseInt(r.stdout().text().strip());
        assertTrue(made < 64, "at most the limit of 64 processes of the host user, not " + made);
        assertTrue(r.duration().compareTo(Duration.ofSeconds(15)) < 0, "ended by the limit, not the timeout: "
                + r.duration());
        assertEquals(Optional.empty(), Processes.withMarker(marker), "no process of the storm is left");
    }

    @Test
    void aRootRunnerRunsTheSandboxAsTheUnprivilegedHostUser() throws Exception {
        Path above = scratch.getParent();
        Object modeAbove = Files.getAttribute(above, "unix:mode");
        RunRecord r = run("sh", "-c", "touch made");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        int runner = BubblewrapSandbox.effectiveUid().orElseThrow();
        // Seen from the host: what the program made belongs to the host user it ran as.
        int hostUid = runner == 0 ? sandbox.hostUser().uid() : runner;
        assertEquals(hostUid, Files.getAttribute(tree.resolve("made"), "unix:uid", LinkOption.NOFOLLOW_LINKS));
        if (runner == 0) {
            // By default a user of the sandbox's own: a fresh id, never the host's nobody.
            SandboxUser u = sandbox.hostUser();
            assertTrue(u.uid() >= SandboxUser.FRESH_FIRST && u.uid() <= SandboxUser.FRESH_LAST, u.toString());
            assertEquals(u.uid(), u.gid());
            assertEquals(u.gid(), Files.getAttribute(tree.resolve("made"), "unix:gid", LinkOption.NOFOLLOW_LINKS));
            assertTrue(sandbox.describe().contains("host uid:gid " + u + ", this runner's alone, dropped to from root"),
                    sandbox.describe());
        }
        assertEquals(modeAbove, Files.getAttribute(above, "unix:mode"), "nothing above the scratch folder changed");
    }

    @Test
    void aTreeOutsideTheScratchFolderIsNotHandedOver() throws Exception {
        Path elsewhere = Files.createDirectories(scratch.resolve("other"));
        BubblewrapSandbox confined = sandboxWith(HostLimits.DEFAULT,
                Files.createDirectories(TestSandbox.passable(scratch).resolve("area")));
        RunRecord r = confined.run(new RunRequest(elsewhere, ".", List.of("true"), PATH_ONLY, Duration.ofSeconds(10),
                LIMITS));
        if (BubblewrapSandbox.effectiveUid().orElseThrow() == 0) {
            RunOutcome.NotRun n = assertInstanceOf(RunOutcome.NotRun.class, r.outcome());
            assertTrue(n.reason().contains("not inside the sandbox's scratch folder"), n.reason());
            assertEquals(0, Files.getAttribute(elsewhere, "unix:uid"), "the folder stays the runner's");
        } else {
            assertEquals(new RunOutcome.Exited(0), r.outcome(), "a runner that is not root hands nothing over");
        }
    }

    @Test
    void aRootRunnerWithoutSetprivRunsNothing() throws Exception {
        BubblewrapSandbox.Tools found = BubblewrapSandbox.Tools.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()));
        BubblewrapSandbox s = new BubblewrapSandbox(new BubblewrapSandbox.Tools(found.bwrap(), found.sh(),
                found.prlimit(), found.perl(), Optional.empty(), found.unshare()), scratch, HostLimits.DEFAULT,
                java.util.OptionalInt.of(0), Architecture.host());
        assertTrue(s.unavailableReason().orElseThrow().contains("setpriv"), s.unavailableReason().toString());
        Path flag = tree.resolve("ran");
        RunRecord r = s.run(new RunRequest(tree, ".", List.of("touch", "ran"), PATH_ONLY, Duration.ofSeconds(5),
                LIMITS));
        assertInstanceOf(RunOutcome.NotRun.class, r.outcome());
        assertFalse(Files.exists(flag), "never run as root");
    }

    @Test
    void unknownRunnerUidRunsNothing() throws Exception {
        BubblewrapSandbox s = new BubblewrapSandbox(BubblewrapSandbox.Tools.locate(
                HostTools.fromEnvironment(TestSandbox.hostEnv())), scratch, HostLimits.DEFAULT,
                java.util.OptionalInt.empty(), Architecture.host());
        assertTrue(s.unavailableReason().orElseThrow().contains("uid"), s.unavailableReason().toString());
    }

    @Test
    void aFolderMadeUnreadableInTheSandboxIsStillCleanedUp() throws Exception {
        RunRecord r = run("sh", "-c", "mkdir -p d/e && echo x > d/e/f && chmod 000 d/e && chmod 000 d");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("---------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(tree.resolve("d"))));
        if (BubblewrapSandbox.effectiveUid().orElseThrow() == 0) {
            // Root passes any permission, so the cleanup is run as the sandbox's host user: the one
            // case where chmod 000 stands in the way, a runner that is not root.
            CleanupAs.sandboxUser(sandbox.hostUser(), tree, Files.createDirectories(scratch.resolve("cleanup")));
            assertFalse(Files.exists(tree.resolve("d")), "the unreadable folders are gone");
        } else {
            ScratchSpace.delete(tree);
            assertFalse(Files.exists(tree), "the tree is gone, unreadable folders included");
        }
    }

    @Test
    void foldersMadeUnreadableBelowAndPastPathMaxAreStillCleanedUp() throws Exception {
        // Thirty folders of 200-byte names (6,000 bytes of path); folders made unreadable at 1,000
        // bytes, past 4,096 and at the bottom, each holding more, the deepest made unreadable first.
        RunRecord r = run("python3", "-c", String.join("\n",
                "import os",
                "fds = [os.open('.', os.O_RDONLY)]",
                "for i in range(30):",
                "    os.mkdir('d' * 200, dir_fd=fds[-1])",
                "    fds.append(os.open('d' * 200, os.O_RDONLY, dir_fd=fds[-1]))",
                "os.mkdir('zero', dir_fd=fds[-1])",
                "os.close(os.open('zero/f', os.O_CREAT | os.O_WRONLY, dir_fd=fds[-1]))",
                "os.chmod('zero', 0, dir_fd=fds[-1])",
                "for level in (25, 5):",
                "    os.chmod('d' * 200, 0, dir_fd=fds[level - 1])"));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("---------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(tree.resolve("d".repeat(200)).resolve("d".repeat(200)).resolve(
                        "d".repeat(200)).resolve("d".repeat(200)).resolve("d".repeat(200)))), "copied back as it was");
        if (BubblewrapSandbox.effectiveUid().orElseThrow() == 0) {
            // The tree's own entry lies in a folder only root may write: everything below it goes.
            CleanupAs.sandboxUser(sandbox.hostUser(), tree, Files.createDirectories(scratch.resolve("cleanup")));
            try (java.util.stream.Stream<Path> left = Files.list(tree)) {
                assertEquals(List.of(), left.toList(), "every unreadable folder is gone");
            }
        } else {
            assertEquals(Optional.empty(), ScratchSpace.delete(tree));
            assertFalse(Files.exists(tree), "the tree is gone, unreadable folders included");
        }
    }

    @Test
    void aRunFillingTheTreeIsStoppedWhileItRuns() throws Exception {
        BubblewrapSandbox budgeted = sandboxWith(new HostLimits(256, 1L << 20, 1L << 20));
        // 100 KB files, twenty a second, for up to 400 files (40 MB): each far under the file-size
        // limit. The writes fail once the tree's file system is full; the program carries on.
        RunRecord r = budgeted.run(new RunRequest(tree, ".", List.of("sh", "-c",
                "for i in $(seq 400); do head -c 100000 /dev/zero > f$i; sleep 0.05; done; exit 0"),
                PATH_ONLY, Duration.ofSeconds(30), LIMITS));
        RunOutcome.OverBudget over = assertInstanceOf(RunOutcome.OverBudget.class, r.outcome());
        assertTrue(over.reason().contains("while the program ran"), over.reason());
        assertTrue(r.duration().compareTo(Duration.ofSeconds(10)) < 0, "stopped soon after the budget: " + r.duration());
        try (java.util.stream.Stream<Path> left = Files.list(tree)) {
            assertEquals(0, left.count(), "nothing of a run over the budget reaches the host");
        }
    }
}
