// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner killed with SIGKILL (by the out-of-memory killer a candidate's memory can call in, or
 * by a CI job's hard stop) runs no shutdown hook and leaves its scratch space, trees and inputs
 * included. The next runner that makes a scratch space in the same folder removes those whose
 * runner is gone, and nothing else.
 */
class StaleScratchTest {
    @TempDir
    Path parent;

    /** A runner in a JVM of its own, holding a scratch space in {@code parent}; the path it printed. */
    private static Process holder(Path parent, String[] root) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"), HoldScratch.class.getName(),
                parent.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        root[0] = out.readLine();
        return p;
    }

    @Test
    void aKilledRunnersScratchSpaceIsRemovedByTheNextAndALiveOnesIsKept() throws Exception {
        String[] killed = new String[1];
        String[] alive = new String[1];
        Process k = holder(parent, killed);
        Process a = holder(parent, alive);
        try {
            k.destroyForcibly();
            assertTrue(k.waitFor(30, TimeUnit.SECONDS));
            Path left = Path.of(killed[0]);
            assertTrue(Files.exists(left.resolve("work/tree-file")), "the killed runner left nothing to remove");
            try (ScratchSpace next = ScratchSpace.create(parent)) {
                assertFalse(Files.exists(left, LinkOption.NOFOLLOW_LINKS),
                        "a killed runner's scratch space outlived it: " + left);
                assertTrue(Files.exists(Path.of(alive[0]).resolve("work/tree-file")),
                        "a running runner's scratch space was removed");
                assertTrue(Files.isDirectory(next.root()));
            }
        } finally {
            a.destroyForcibly();
            a.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Only folders are removed, never through a link: a link named as a dead runner's scratch
     * space, put in a shared temporary folder by anyone, leads the runner nowhere.
     */
    @Test
    void aLinkNamedAsADeadRunnersScratchSpaceIsNotFollowed() throws Exception {
        Path elsewhere = Files.createDirectory(parent.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("kept"), "not the runner's");
        String owner = ScratchSpace.ownerPrefix().orElseThrow();
        Path link = Files.createSymbolicLink(parent.resolve(owner + "999999999-1-x"), elsewhere);
        Path notOurs = Files.createDirectory(parent.resolve("patchverdict-behave-unnamed"));
        try (ScratchSpace next = ScratchSpace.create(parent)) {
            assertTrue(Files.exists(elsewhere.resolve("kept")));
            assertTrue(Files.isSymbolicLink(link), "the link itself is not the runner's to remove either");
            assertTrue(Files.isDirectory(notOurs), "a folder that names no runner was removed");
        }
    }

    /**
     * In a folder others may write and that is not sticky, another user could swap a dead
     * runner's folder for a link between the look and the removal: nothing is swept there.
     */
    @Test
    void aFolderOthersCanRenameInIsNotSwept() throws Exception {
        String owner = ScratchSpace.ownerPrefix().orElseThrow();
        Path dead = Files.createDirectory(parent.resolve(owner + "999999999-1-1"));
        Files.setPosixFilePermissions(parent, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        int me = (Integer) Files.getAttribute(parent, "unix:uid");
        assertFalse(ScratchSpace.sweepable(parent, me));
        assertFalse(ScratchSpace.sweepable(parent, me + 1));
        try (ScratchSpace next = ScratchSpace.create(parent)) {
            assertTrue(Files.isDirectory(dead), "swept where another user could have swapped it for a link");
        }
        Files.setAttribute(parent, "unix:mode", 01777);
        assertTrue(ScratchSpace.sweepable(parent, me), "sticky, as /tmp");
        Files.setPosixFilePermissions(parent, java.nio.file.attribute.PosixFilePermissions.fromString("rwx--x--x"));
        assertTrue(ScratchSpace.sweepable(parent, me));
        assertTrue(ScratchSpace.sweepable(parent, 0) == (me == 0), "a folder of another user's, who may rename in it");
        try (ScratchSpace next = ScratchSpace.create(parent)) {
            assertFalse(Files.exists(dead), "a dead runner's folder in a folder of the runner's own was kept");
        }
    }
}
