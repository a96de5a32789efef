// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tree goes onto the sandbox's own file system before each run and comes back after it: what
 * the run left is what the next run, and the runner, find; and nothing of the copy follows a link.
 */
class KeeperTest extends InATree {

    private RunRecord run(String... program) throws Exception {
        return python(program);
    }

    @Test
    void whatARunLeavesIsWhatTheNextRunAndTheRunnerFind() throws Exception {
        Files.writeString(tree.resolve("kept"), "kept");
        Files.writeString(tree.resolve("changed"), "before");
        Files.writeString(Files.createDirectories(tree.resolve("gone/deep")).resolve("f"), "x");
        Files.writeString(tree.resolve("becomes-a-folder"), "x");
        Files.createDirectories(tree.resolve("becomes-a-file"));
        Files.setLastModifiedTime(tree.resolve("kept"), FileTime.fromMillis(1_000_000_123_456L));
        RunRecord r = run(
                "import os, shutil",
                "open('changed', 'w').write('after')",
                "shutil.rmtree('gone')",
                "os.unlink('becomes-a-folder'); os.mkdir('becomes-a-folder')",
                "os.rmdir('becomes-a-file'); open('becomes-a-file', 'w').write('now')",
                "open('run.sh', 'w').write('#!/bin/sh\\necho ran\\n'); os.chmod('run.sh', 0o755)",
                "os.symlink('kept', 'relative'); os.symlink('/etc/passwd', 'absolute'); os.symlink('nowhere', 'dangling')",
                "os.mkfifo('fifo')",
                "open(b'new\\nline\\xff', 'w').write('odd name')",
                "os.makedirs('empty/inside')",
                "os.mkdir('locked'); open('locked/f', 'w').write('x'); os.chmod('locked', 0o500)");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("kept", Files.readString(tree.resolve("kept")));
        assertEquals(1_000_000_123_456L, Files.getLastModifiedTime(tree.resolve("kept")).toMillis(),
                "times come back to the millisecond");
        assertEquals("after", Files.readString(tree.resolve("changed")));
        assertFalse(Files.exists(tree.resolve("gone")));
        assertTrue(Files.isDirectory(tree.resolve("becomes-a-folder"), LinkOption.NOFOLLOW_LINKS));
        assertEquals("now", Files.readString(tree.resolve("becomes-a-file")));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(tree.resolve("run.sh"))));
        assertEquals(Path.of("kept"), Files.readSymbolicLink(tree.resolve("relative")));
        assertEquals(Path.of("/etc/passwd"), Files.readSymbolicLink(tree.resolve("absolute")));
        assertEquals(Path.of("nowhere"), Files.readSymbolicLink(tree.resolve("dangling")));
        assertTrue((Integer) Files.getAttribute(tree.resolve("fifo"), "unix:mode", LinkOption.NOFOLLOW_LINKS)
                        % 0200000 / 010000 == 1, "a FIFO stays a FIFO");
        assertTrue(Files.isDirectory(tree.resolve("empty/inside")));
        assertEquals("r-x------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tree.resolve("locked"))));
        // And the next run gets all of it back, the odd name included.
        RunRecord next = run(
                "import os",
                "print(sorted(os.listdir(b'.')))",
                "print(os.readlink('absolute'), open(b'new\\nline\\xff').read(), oct(os.stat('locked').st_mode & 0o777))");
        assertEquals(new RunOutcome.Exited(0), next.outcome(), next.stderr().text());
        assertEquals(String.join("\n",
                "[b'absolute', b'becomes-a-file', b'becomes-a-folder', b'changed', b'dangling', b'empty', b'fifo',"
                        + " b'kept', b'locked', b'new\\nline\\xff', b'relative', b'run.sh']",
                "/etc/passwd odd name 0o500", ""), next.stdout().text());
    }

    @Test
    void onlyWhatTheRunChangedIsCopiedBackAndEveryChangeIs() throws Exception {
        Files.writeString(Files.createDirectories(tree.resolve("moved/inside")).resolve("f"), "moved along");
        Files.writeString(tree.resolve("same-size"), "aaaa");
        Files.writeString(tree.resolve("untouched"), "as it was");
        Files.writeString(tree.resolve("swapped"), "one");
        Files.writeString(tree.resolve("other"), "two");
        Object untouched = Files.getAttribute(tree.resolve("untouched"), "unix:ino");
        RunRecord r = run(
                "import os",
                // The same size and times as before, other bytes: only the change time tells.
                "st = os.stat('same-size')",
                "open('same-size', 'r+').write('bbbb')",
                "os.utime('same-size', ns=(st.st_atime_ns, st.st_mtime_ns))",
                // A folder moved: what it holds keeps its change time, not its place.
                "os.rename('moved', 'elsewhere')",
                "os.rename('swapped', 'tmp'); os.rename('other', 'swapped'); os.rename('tmp', 'other')");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("bbbb", Files.readString(tree.resolve("same-size")));
        assertFalse(Files.exists(tree.resolve("moved")));
        assertEquals("moved along", Files.readString(tree.resolve("elsewhere/inside/f")));
        assertEquals("two", Files.readString(tree.resolve("swapped")));
        assertEquals("one", Files.readString(tree.resolve("other")));
        assertEquals(untouched, Files.getAttribute(tree.resolve("untouched"), "unix:ino"), "an unchanged file is kept");
    }

    @Test
    void linksInTheTreeAreCopiedAsLinksNeverFollowed() throws Exception {
        // A host folder the runner's copy could be led into by a link, if it followed one.
        Path host = Files.createDirectory(scratch.resolve("host"));
        Files.writeString(host.resolve("secret"), "s3cret");
        RunRecord r = run(
                "import os",
                "os.symlink('" + host + "', 'to-host')",
                "os.symlink('" + host.resolve("secret") + "', 'to-secret')",
                "os.symlink('/proc/self/root', 'to-root')");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertTrue(Files.isSymbolicLink(tree.resolve("to-host")));
        assertTrue(Files.isSymbolicLink(tree.resolve("to-root")));
        // Copied in again for the next run: still links, and the host's file is not there.
        RunRecord next = run("import os; print(os.path.islink('to-host'), os.path.exists('to-secret'))");
        assertEquals("True False\n", next.stdout().text(), next.stderr().text());
        assertEquals("s3cret", Files.readString(host.resolve("secret")));
        try (var inHost = Files.list(host)) {
            assertEquals(1, inHost.count(), "nothing was written into the host folder");
        }
    }

    @Test
    void aTreeOverTheBudgetBeforeTheRunRunsNothing() throws Exception {
        BubblewrapSandbox small = BubblewrapSandbox.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()), scratch,
                new HostLimits(256, 1L << 20, 64L << 10));
        for (int i = 0; i < 20; i++) {
            Files.writeString(tree.resolve("f" + i), "x");
        }
        RunRecord r = small.run(new RunRequest(tree, ".", List.of("touch", "ran"), PATH_ONLY, Duration.ofSeconds(20),
                LIMITS));
        RunOutcome.OverBudget over = assertInstanceOf(RunOutcome.OverBudget.class, r.outcome());
        assertTrue(over.reason().contains("before the run"), over.reason());
        assertFalse(Files.exists(tree.resolve("ran")));
    }

    private static RunOutcome read(String... lines) {
        return BubblewrapSandbox.interpret(List.of(lines), java.util.OptionalInt.of(0), CapturedOutput.empty(), 1 << 20);
    }

    @Test
    void theKeepersWordOnTheTreeComesFirst() {
        assertEquals(new RunOutcome.Exited(0), read("started", "exit 0", "keeper copying back", "keeper copied"));
        RunOutcome.OverBudget before = assertInstanceOf(RunOutcome.OverBudget.class,
                read("keeper over before the run: the tree holds at least 8192 bytes"));
        assertTrue(before.reason().startsWith("the tree holds at least 8192 bytes before the run, over the runner's"
                + " budget of 1048576 bytes and 256 entries (--max-tree-bytes)"), before.reason());
        RunOutcome.OverBudget during = assertInstanceOf(RunOutcome.OverBudget.class,
                read("started", "keeper over while the program ran: the tree filled its file system"));
        assertTrue(during.reason().endsWith("; the sandbox was killed"), during.reason());
        // An exit status says nothing once the keeper found the tree over the budget afterwards.
        assertInstanceOf(RunOutcome.OverBudget.class, read("started", "exit 0", "keeper over after the run: x"));
        RunOutcome.NotRun back = assertInstanceOf(RunOutcome.NotRun.class,
                read("started", "exit 0", "keeper copying back", "keeper error cannot copy the tree back: disk full"));
        assertEquals(BubblewrapSandbox.NOT_COPIED_BACK + ": disk full", back.reason());
        RunOutcome.NotRun silent = assertInstanceOf(RunOutcome.NotRun.class, read("started", "exit 0"));
        assertTrue(silent.reason().contains("without its keeper's report"), silent.reason());
        assertInstanceOf(RunOutcome.NotRun.class, read("started", "exit 0", "keeper whatever"));
    }

    @Test
    void aTreeLeftHalfCopiedOrOverTheBudgetRunsNothingMore() {
        RunOutcome timedOut = new RunOutcome.TimedOut(Duration.ofSeconds(1));
        assertTrue(BubblewrapSandbox.spoils(timedOut, List.of("started", "exit 0", "keeper copying back")).isPresent(),
                "stopped while copying back");
        assertEquals(java.util.Optional.empty(), BubblewrapSandbox.spoils(timedOut, List.of("started")),
                "stopped while the program ran: the host's copy is as it was before the run");
        assertEquals(java.util.Optional.empty(), BubblewrapSandbox.spoils(new RunOutcome.Exited(0),
                List.of("started", "exit 0", "keeper copying back", "keeper copied")));
        assertInstanceOf(RunOutcome.OverBudget.class, BubblewrapSandbox.spoils(new RunOutcome.OverBudget("x"),
                List.of()).orElseThrow());
        assertTrue(BubblewrapSandbox.spoils(new RunOutcome.NotRun(BubblewrapSandbox.NOT_COPIED_BACK + ": x"),
                List.of()).isPresent());
    }
}
