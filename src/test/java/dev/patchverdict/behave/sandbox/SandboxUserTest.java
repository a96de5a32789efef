package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxUserTest {
    @TempDir
    Path sys;

    @Test
    void parsesDecimalUidAndGid() {
        assertEquals(new SandboxUser(65534, 65533), SandboxUser.parse("65534:65533"));
        assertEquals("1000:100", SandboxUser.parse("1000:100").toString());
    }

    @Test
    void rootAndMalformedUsersAreRefused() {
        for (String bad : new String[] {"0:0", "0:1", "1:0", "", ":", "1:", "a:b", "1:2:3", "-1:1", "4294967296:1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SandboxUser.parse(bad),
                    bad);
            assertTrue(e.getMessage().contains("sandbox user"), e.getMessage());
        }
    }

    @Test
    void userNamespacesSwitchedOffAreAReason() throws Exception {
        assertEquals(Optional.empty(), UserNamespaces.unavailableReason(sys), "no switches: nothing says no");
        Files.createDirectories(sys.resolve("kernel"));
        Files.createDirectories(sys.resolve("user"));
        Files.writeString(sys.resolve("kernel/unprivileged_userns_clone"), "1\n");
        Files.writeString(sys.resolve("user/max_user_namespaces"), "15000\n");
        assertEquals(Optional.empty(), UserNamespaces.unavailableReason(sys));
        Files.writeString(sys.resolve("user/max_user_namespaces"), "0\n");
        assertTrue(UserNamespaces.unavailableReason(sys).orElseThrow().contains("user.max_user_namespaces = 0"));
        Files.writeString(sys.resolve("kernel/unprivileged_userns_clone"), "0\n");
        assertTrue(UserNamespaces.unavailableReason(sys).orElseThrow()
                .contains("kernel.unprivileged_userns_clone = 0"));
    }

    @Test
    void aTreeBelowAFolderTheUserCannotPassIsNotHandedOver() throws Exception {
        Path closed = Files.createDirectories(sys.resolve("closed"));
        Files.setAttribute(closed, "unix:mode", 0700);
        Path area = Files.createDirectories(closed.resolve("area"));
        Path tree = Files.createDirectories(area.resolve("tree"));
        SandboxUser user = new SandboxUser(4242, 4242);
        Optional<String> why = HandOver.prepare(area, tree, user);
        assertTrue(why.orElseThrow().contains("cannot pass through " + closed), why.toString());
        assertEquals(0700, (Integer) Files.getAttribute(closed, "unix:mode") & 07777, "the host's folder is untouched");
    }

    @Test
    void onlyTheWayToTheTreeIsOpenedAndOnlyTheTreeIsHandedOver() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(BubblewrapSandbox.effectiveUid().orElseThrow() == 0,
                "only root hands a tree to another user");
        Path area = Files.createDirectories(TestSandbox.passable(sys).resolve("area"));
        Files.setAttribute(area, "unix:mode", 0700);
        Path inputs = Files.createDirectories(area.resolve("inputs"));
        Files.setAttribute(inputs, "unix:mode", 0700);
        Path git = Files.createDirectories(area.resolve("git"));
        Files.setAttribute(git, "unix:mode", 0700);
        Path tree = Files.createDirectories(git.resolve("base-1"));
        Files.writeString(Files.createDirectories(tree.resolve("src")).resolve("a.py"), "x = 1\n");
        Files.createSymbolicLink(tree.resolve("link"), inputs);
        SandboxUser user = new SandboxUser(4242, 4243);
        assertEquals(Optional.empty(), HandOver.prepare(area, tree, user));
        for (Path p : new Path[] {area, git}) {
            assertEquals(0710, (Integer) Files.getAttribute(p, "unix:mode") & 07777, p.toString());
            assertEquals(4243, Files.getAttribute(p, "unix:gid"), p.toString());
            assertEquals(0, Files.getAttribute(p, "unix:uid"), p.toString());
        }
        assertEquals(0700, (Integer) Files.getAttribute(inputs, "unix:mode") & 07777, "a folder off the way stays shut");
        assertEquals(0, Files.getAttribute(inputs, "unix:gid"));
        for (Path p : new Path[] {tree, tree.resolve("src"), tree.resolve("src/a.py"), tree.resolve("link")}) {
            assertEquals(4242, Files.getAttribute(p, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS),
                    p.toString());
            assertEquals(4243, Files.getAttribute(p, "unix:gid", java.nio.file.LinkOption.NOFOLLOW_LINKS),
                    p.toString());
        }
        assertEquals(0, Files.getAttribute(inputs, "unix:uid"), "a link's target is never handed over");
    }
}
