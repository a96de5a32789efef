// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner looks at and removes trees a sandboxed program may be changing under it. */
class TreeWalkRaceTest {
    private static final SandboxLimits LIMITS = new SandboxLimits(30, 20, 512, 1 << 16, 1 << 20);
    private static final Map<String, String> PATH_ONLY = Map.of("PATH", "/usr/bin:/bin");

    @TempDir
    Path scratch;

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void anHonestCheckChurningTemporaryFilesGetsItsExitStatus() throws Exception {
        Path tree = Files.createDirectory(scratch.resolve("tree"));
        // Caches and temporary files come and go while the runner measures the tree every 200 ms.
        RunRecord r = TestSandbox.required(scratch).run(new RunRequest(tree, ".", List.of("python3", "-c",
                String.join("\n",
                        "import os, time",
                        "end = time.time() + 3",
                        "i = 0",
                        "while time.time() < end:",
                        "    d = 'cache%d' % (i % 20)",
                        "    os.makedirs(d + '/sub', exist_ok=True)",
                        "    for j in range(20):",
                        "        p = '%s/sub/t%d' % (d, j)",
                        "        open(p, 'w').close()",
                        "    for j in range(20):",
                        "        os.unlink('%s/sub/t%d' % (d, j))",
                        "    os.rmdir(d + '/sub'); os.rmdir(d)",
                        "    i += 1")), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals(Optional.empty(), ScratchSpace.delete(tree));
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void foldersNestedPastPathMaxAreCopiedBackAndRemoved() throws Exception {
        Path tree = Files.createDirectory(scratch.resolve("tree"));
        BubblewrapSandbox sandbox = TestSandbox.required(scratch);
        RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("python3", "-c",
                String.join("\n",
                        "import os",
                        "for i in range(2200):",
                        "    os.mkdir('aa'); os.chdir('aa')",
                        "open('payload', 'wb').write(b'x' * 100000)")), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        // The next run gets the tree as the first left it, 6,600 bytes of path deep.
        RunRecord next = sandbox.run(new RunRequest(tree, ".", List.of("python3", "-c", String.join("\n",
                "import os",
                "for i in range(2200):",
                "    os.chdir('aa')",
                "print(len(open('payload', 'rb').read()))")), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
        assertEquals(new RunOutcome.Exited(0), next.outcome(), next.stderr().text());
        assertEquals("100000\n", next.stdout().text());
        assertEquals(Optional.empty(), ScratchSpace.delete(tree));
        assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS), "the whole nest is gone");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void foldersNestedPastTheCopysDepthEndTheRunUndecidedAndNeverReachTheHost() throws Exception {
        Path tree = Files.createDirectory(scratch.resolve("tree"));
        RunRecord r = TestSandbox.required(scratch).run(new RunRequest(tree, ".", List.of("python3", "-c",
                String.join("\n",
                        "import os",
                        "for i in range(" + (Keeper.MAX_DEPTH + 500) + "):",
                        "    os.mkdir('a'); os.chdir('a')",
                        "open('payload', 'wb').write(b'x')")), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
        RunOutcome.OverBudget over = assertInstanceOf(RunOutcome.OverBudget.class, r.outcome(), r.stderr().text());
        assertTrue(over.reason().contains("nested deeper than " + Keeper.MAX_DEPTH), over.reason());
        assertFalse(Files.exists(tree.resolve("a")), "nothing of it was copied back");
        assertEquals(Optional.empty(), ScratchSpace.delete(tree));
    }

    @Test
    void aRemovalThatCannotFinishNamesWhatIsLeft() throws Exception {
        Files.createFile(Files.createDirectories(scratch.resolve("tree/sub")).resolve("f"));
        // A folder whose entries nobody may remove: the tree's own contents are immutable here.
        Path locked = Files.createDirectories(scratch.resolve("tree/locked"));
        Files.createFile(locked.resolve("kept"));
        Process chattr = new ProcessBuilder("chattr", "+i", locked.toString()).redirectErrorStream(true).start();
        // A filesystem (or user) without immutable folders cannot show a removal that fails.
        org.junit.jupiter.api.Assumptions.assumeTrue(chattr.waitFor() == 0, "chattr +i is not available here");
        try {
            Optional<String> left = ScratchSpace.delete(scratch.resolve("tree"));
            assertTrue(left.isPresent(), "a leftover is reported");
            assertTrue(left.get().contains("tree"), left.get());
        } finally {
            new ProcessBuilder("chattr", "-i", locked.toString()).start().waitFor();
        }
    }

    @Test
    void removingWhileTheCheckSwapsFoldersAndLinksNeverDeletesOutsideTheTree() throws Exception {
        // Reported as skipped, not passed, where the tests do not run as root.
        org.junit.jupiter.api.Assumptions.assumeTrue(BubblewrapSandbox.effectiveUid().orElseThrow() == 0,
                "needs root to run the swapping as another user");
        TestSandbox.passable(scratch);
        SandboxUser u = SandboxUser.NOBODY;
        // A host folder only root may change, holding files named as the tree's files are.
        Path host = Files.createDirectory(scratch.resolve("host"));
        for (int i = 0; i < 20; i++) {
            Files.writeString(host.resolve("x" + i), "keep");
        }
        Path tree = Files.createDirectory(scratch.resolve("tree"));
        Files.setAttribute(tree, "unix:uid", u.uid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(tree, "unix:gid", u.gid(), LinkOption.NOFOLLOW_LINKS);
        // A program still alive as the runner removes the tree: it keeps making folders holding
        // files x0 to x19 and swapping them with links to the host folder.
        Process racer = startAs(u, String.join("\n",
                "import os, ctypes, time, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "t = sys.argv[1]",
                "N = 50",
                "names = [(('%s/d%d' % (t, i)).encode(), ('%s/s%d' % (t, i)).encode()) for i in range(N)]",
                "print('ready', flush=True)",
                "end = time.time() + 20",
                "while time.time() < end:",
                "    for d, l in names:",
                "        try:",
                "            os.mkdir(d)",
                "            for j in range(20): open(d + b'/x%d' % j, 'w').close()",
                "        except OSError: pass",
                "        try: os.symlink(sys.argv[2], l)",
                "        except OSError: pass",
                "    for k in range(20):",
                "        for d, l in names: libc.renameat2(-100, d, -100, l, 2)"), tree, host);
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < until && hostFiles(host) == 20) {
                // The tree's own entry may stay (recreated meanwhile); what matters is the host folder.
                ScratchSpace.delete(tree);
                if (!Files.exists(tree)) {
                    Files.createDirectory(tree);
                    Files.setAttribute(tree, "unix:uid", u.uid(), LinkOption.NOFOLLOW_LINKS);
                }
            }
        } finally {
            racer.destroyForcibly();
            racer.waitFor(10, TimeUnit.SECONDS);
        }
        assertEquals(20, hostFiles(host), "the host folder's files are untouched");
        assertEquals(Optional.empty(), ScratchSpace.delete(tree), "once nothing changes it, the tree goes");
    }

    /**
     * Starts {@code script} (Python, given {@code args}) as {@code u}, as the sandbox's host user
     * would run it, once it prints {@code ready}.
     */
    private static Process startAs(SandboxUser u, String script, Path... args) throws java.io.IOException {
        Path setpriv = HostTools.fromEnvironment(TestSandbox.hostEnv()).find("setpriv").orElseThrow();
        List<String> command = new java.util.ArrayList<>(List.of(setpriv.toString(), "--reuid",
                Integer.toString(u.uid()), "--regid", Integer.toString(u.gid()), "--clear-groups", "--",
                "/usr/bin/python3", "-c", script));
        for (Path a : args) {
            command.add(a.toString());
        }
        Process racer = new ProcessBuilder(command).directory(new File("/")).redirectErrorStream(true).start();
        boolean started = false;
        try {
            String said = new BufferedReader(new InputStreamReader(racer.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertEquals("ready", said, "the racer started");
            started = true;
            return racer;
        } finally {
            if (!started) {
                racer.destroyForcibly();
            }
        }
    }

    private static long hostFiles(Path host) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(host)) {
            return files.count();
        }
    }
}
