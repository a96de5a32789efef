// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a scratch space's runner is gone, read from a process table built for the test. */
class ScratchOwnerTest {
    @TempDir
    Path proc;

    private static final ScratchOwner SELF = new ScratchOwner("0123456789abcdef", 4242, 777);

    /** A stat line whose command name holds spaces and parentheses, started at {@code start}. */
    private void process(long pid, String start) throws Exception {
        Path d = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(d.resolve("stat"), pid + " (a) b (c) S 1 1 1 0 -1 4194560 100 0 0 0 1 1 0 0 20 0 1 0 "
                + start + " 1000 10 18446744073709551615");
    }

    @Test
    void aRunnerIsGoneWhenItsPidIsFreeOrHeldByALaterProcess() throws Exception {
        ScratchOwner other = SELF.of(SELF.hostPrefix() + "99-555-123").orElseThrow();
        assertEquals(new ScratchOwner(SELF.host(), 99, 555), other);
        assertTrue(other.gone(proc), "no process 99");
        process(99, "556");
        assertTrue(other.gone(proc), "pid 99 reused by a process started later");
        process(99, "555");
        assertFalse(other.gone(proc), "the runner itself, still running");
    }

    @Test
    void aProcessTableThatCannotBeReadKeepsTheScratchSpace() throws Exception {
        Files.createDirectories(proc.resolve("99"));
        Files.writeString(proc.resolve("99/stat"), "99 no closing parenthesis");
        assertFalse(SELF.of(SELF.hostPrefix() + "99-555-1").orElseThrow().gone(proc));
        Files.delete(proc.resolve("99/stat"));
        Files.createDirectory(proc.resolve("99/stat"));
        assertFalse(SELF.of(SELF.hostPrefix() + "99-555-1").orElseThrow().gone(proc), "stat is a folder");
    }

    @Test
    void onlyNamesOfThisHostAndPidNamespaceNameAnOwner() {
        assertEquals(Optional.empty(), SELF.of("patchverdict-behave-fedcba9876543210-99-555-1"));
        assertEquals(Optional.empty(), SELF.of("patchverdict-behave-123456789"));
        assertEquals(Optional.empty(), SELF.of(SELF.hostPrefix() + "99-555"));
        assertEquals(Optional.empty(), SELF.of(SELF.hostPrefix() + "0-555-1"));
        assertEquals(Optional.empty(), SELF.of(SELF.hostPrefix() + "99-x-1"));
        assertEquals(Optional.empty(), SELF.of(SELF.hostPrefix() + "9999999999999999999-1-1"));
        assertEquals("patchverdict-behave-0123456789abcdef-4242-777-", SELF.prefix());
    }

    @Test
    void thisProcessIsOwnerOnlyWhenTheProcessTableIsItsOwn() throws Exception {
        ScratchOwner me = ScratchOwner.self(Path.of("/proc")).orElseThrow();
        assertEquals(ProcessHandle.current().pid(), me.pid());
        assertFalse(me.gone(Path.of("/proc")));
        Files.createDirectories(proc.resolve("sys/kernel/random"));
        Files.writeString(proc.resolve("sys/kernel/random/boot_id"), "b\n");
        Files.createDirectories(proc.resolve("self/ns"));
        Files.createSymbolicLink(proc.resolve("self/ns/pid"), Path.of("pid:[1]"));
        Files.writeString(proc.resolve("self/stat"), "1 (init) S 0");
        assertEquals(Optional.empty(), ScratchOwner.self(proc), "a /proc whose self is another process");
    }
}
