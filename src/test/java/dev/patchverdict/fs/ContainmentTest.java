// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContainmentTest {
    @TempDir
    Path dir;

    @Test
    void insideFollowsLinksAndDotDot() throws IOException {
        Path root = Files.createDirectories(dir.resolve("candidate"));
        Path outside = Files.createDirectories(dir.resolve("out"));
        assertTrue(Containment.isInside(root, root), "the root itself is inside");
        assertTrue(Containment.isInside(root.resolve("x/y.json"), root), "folders that do not exist yet");
        assertTrue(Containment.isInside(outside.resolve("../candidate/r.json"), root));
        assertFalse(Containment.isInside(outside.resolve("r.json"), root));
        assertFalse(Containment.isInside(dir.resolve("candidate-2/r.json"), root), "a prefix of the name is not inside");
        Path link = Files.createSymbolicLink(dir.resolve("link"), root);
        assertTrue(Containment.isInside(link.resolve("r.json"), root));
        assertTrue(Containment.isInside(root.resolve("r.json"), link), "the root's own links are followed too");
    }

    @Test
    void aLinkDeepInTheWayAndDotDotAfterItClimbFromTheTarget() throws IOException {
        Path root = Files.createDirectories(dir.resolve("candidate/sub"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("into"), root);
        // out/into/.. is candidate/, not out/: the kernel climbs from the link's target.
        assertEquals(dir.resolve("candidate").toRealPath(), Containment.resolve(out.resolve("into/..")));
        assertTrue(Containment.isInside(out.resolve("into/../r.json"), dir.resolve("candidate")));
    }

    @Test
    void aDanglingLinkLeadsWhereItWouldWrite() throws IOException {
        Path root = Files.createDirectories(dir.resolve("candidate"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("result.json"), root.resolve("not-yet.json"));
        assertTrue(Containment.isInside(out.resolve("result.json"), root), "a write through it lands in the root");
    }

    @Test
    void aLinkLoopIsAnError() throws IOException {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), a);
        IOException e = assertThrows(IOException.class, () -> Containment.resolve(a.resolve("x")));
        assertTrue(e.getMessage().contains("too many levels"), e.getMessage());
    }

    @Test
    void withinReadsARecordedPathOnlyAsWrittenAndThroughNoLink() throws IOException {
        Path root = Files.createDirectories(dir.resolve("cohort/plans"));
        Path cohort = dir.resolve("cohort");
        assertEquals(cohort.resolve("plans/p.json"), Containment.within(cohort, "plans/p.json"));
        for (String bad : new String[] {"", "/etc/passwd", "plans/../p.json", "plans/./p.json", "plans//p.json", "plans/", "..",
            "plans\\p.json"}) {
            assertThrows(IOException.class, () -> Containment.within(cohort, bad), bad);
        }
        Files.createSymbolicLink(cohort.resolve("ln"), root);
        IOException e = assertThrows(IOException.class, () -> Containment.within(cohort, "ln/p.json"));
        assertEquals("ln/p.json: ln is a symbolic link; a recorded path is read only as written, never through a link", e.getMessage());
        Files.createSymbolicLink(root.resolve("p.json"), dir.resolve("nowhere"));
        assertThrows(IOException.class, () -> Containment.within(cohort, "plans/p.json"), "a dangling link is a link too");
    }

    /** Resuming at a resolved base leads where walking the whole path does, through every kind of link below it. */
    @Test
    void resolvingBelowAResolvedBaseLeadsWhereTheWholePathDoes() throws IOException {
        Path real = Files.createDirectories(dir.resolve("real/candidate/sub"));
        Files.createDirectories(dir.resolve("out/deep"));
        Files.createSymbolicLink(dir.resolve("root-link"), dir.resolve("real/candidate"));
        Path candidate = dir.resolve("real/candidate");
        Files.createSymbolicLink(candidate.resolve("up"), Path.of(".."));
        Files.createSymbolicLink(candidate.resolve("abs"), dir.resolve("out/deep"));
        Files.createSymbolicLink(candidate.resolve("rel"), Path.of("sub/../sub"));
        Files.createSymbolicLink(candidate.resolve("dangling"), Path.of("no/such/file"));
        Files.createSymbolicLink(candidate.resolve("loop-a"), Path.of("loop-b"));
        Files.createSymbolicLink(candidate.resolve("loop-b"), Path.of("loop-a"));
        Files.createSymbolicLink(real.resolve("back"), Path.of("../../candidate/abs/.."));
        String[] relatives = {"", ".", "x", "sub", "sub/x", "sub/../x", "up", "up/x", "up/../candidate/sub", "abs", "abs/..",
            "abs/../../real", "rel/x", "rel/..", "dangling", "dangling/x", "sub/back", "sub/back/x", "sub/back/..",
            "./sub//x/", "a/b/c/../../d", "up/up/up/up/up/up/up/up/up/up/x"};
        for (Path base : new Path[] {candidate, dir.resolve("root-link"), dir.resolve("out/deep")}) {
            Path resolved = Containment.resolve(base);
            for (String relative : relatives) {
                assertEquals(Containment.resolve(base.resolve(relative)), Containment.resolveBelow(resolved, Path.of(relative)),
                        base + " / " + relative);
            }
        }
        IOException e = assertThrows(IOException.class,
                () -> Containment.resolveBelow(Containment.resolve(candidate), Path.of("loop-a/x")));
        assertTrue(e.getMessage().contains("too many levels"), e.getMessage());
    }
}
