// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
    void autoMeansAFreshUserPerSandbox() {
        assertEquals(Optional.empty(), SandboxUser.parseChoice("auto"));
        assertEquals(Optional.of(new SandboxUser(4242, 4243)), SandboxUser.parseChoice("4242:4243"));
        assertThrows(IllegalArgumentException.class, () -> SandboxUser.parseChoice("Auto"));
        assertTrue(SandboxUser.NOBODY.isNobody());
        assertFalse(new SandboxUser(4242, 4243).isNobody());
    }

    @Test
    void aFreshUserIsInTheRangeAndUsedByNoOne() {
        // A generator that offers an id in use first: it is passed over.
        java.util.Iterator<Integer> offers = List.of(SandboxUser.FRESH_FIRST + 7, SandboxUser.FRESH_FIRST + 8).iterator();
        java.util.random.RandomGenerator scripted = new java.util.random.RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int nextInt(int origin, int bound) {
                assertEquals(SandboxUser.FRESH_FIRST, origin);
                assertEquals(SandboxUser.FRESH_LAST + 1, bound);
                return offers.next();
            }
        };
        assertEquals(new SandboxUser(SandboxUser.FRESH_FIRST + 8, SandboxUser.FRESH_FIRST + 8),
                SandboxUser.fresh(scripted, Set.of(SandboxUser.FRESH_FIRST + 7)));
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            SandboxUser u = SandboxUser.fresh(random, Set.of());
            assertTrue(u.uid() >= SandboxUser.FRESH_FIRST && u.uid() <= SandboxUser.FRESH_LAST, u.toString());
            assertFalse(u.isNobody());
        }
    }

    @Test
    void theHostsIdsAreThoseOfItsProcessesAccountsAndGroups() throws Exception {
        Path proc = Files.createDirectories(sys.resolve("proc"));
        Files.writeString(Files.createDirectories(proc.resolve("17")).resolve("status"),
                "Name:\tx\nUid:\t2147000001\t2147000002\t2147000003\t2147000004\nGid:\t5\t6\t7\t8\n");
        Files.createDirectories(proc.resolve("self"));
        Files.createDirectories(proc.resolve("18"));
        Path passwd = Files.writeString(sys.resolve("passwd"), "svc:x:2147000100:2147000101::/:/bin/false\nbroken\n");
        Set<Integer> ids = HostIds.inUse(proc, List.of(passwd, sys.resolve("missing")));
        assertEquals(Set.of(2147000001, 2147000002, 2147000003, 2147000004, 5, 6, 7, 8, 2147000100), ids);
        // The real /proc alone (no account files): pid 1 and this JVM run as some uid, which must be read from there.
        long self = new com.sun.security.auth.module.UnixSystem().getUid();
        assertTrue(HostIds.inUse(Path.of("/proc"), List.of()).contains((int) self), "this JVM's own uid, read from /proc");
    }

    @Test
    void bytesThatAreNotUtf8HideNoIds() throws Exception {
        // A process may name itself, and an account describe itself, in any bytes: the ids still count.
        byte[] latin1 = {'N', 'a', 'm', 'e', ':', '\t', (byte) 0xe9, (byte) 0xff, '\n'};
        Path proc = Files.createDirectories(sys.resolve("proc"));
        Path status = Files.createDirectories(proc.resolve("21")).resolve("status");
        Files.write(status, latin1);
        Files.write(status, "Uid:\t2147000011\t2147000011\t2147000011\t2147000011\nGid:\t9\t9\t9\t9\n"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII), java.nio.file.StandardOpenOption.APPEND);
        Path passwd = sys.resolve("passwd");
        Files.write(passwd, new byte[] {'s', ':', 'x', ':', '2', '1', '4', '7', '0', '0', '0', '0', '1', '2', ':', '1',
            ':', (byte) 0xe9, ':', '/', ':', '/', '\n'});
        assertEquals(Set.of(2147000011, 9, 2147000012), HostIds.inUse(proc, List.of(passwd)));
    }

    @Test
    void theEffectiveUidIsTheSecondOnTheUidLine() throws Exception {
        Path status = sys.resolve("status");
        Files.write(status, new byte[] {'N', 'a', 'm', 'e', ':', '\t', (byte) 0xe9, '\n'});
        Files.writeString(status, "Uid:\t1000\t0\t1000\t1000\n", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(java.util.OptionalInt.of(0), HostIds.effectiveUid(status), "a name that is not UTF-8 hides nothing");
        Files.writeString(status, "Uid:\t1000\n");
        assertEquals(java.util.OptionalInt.empty(), HostIds.effectiveUid(status));
        Files.writeString(status, "Uid:\tx\ty\n");
        assertEquals(java.util.OptionalInt.empty(), HostIds.effectiveUid(status));
        assertEquals(java.util.OptionalInt.empty(), HostIds.effectiveUid(sys.resolve("missing")));
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
