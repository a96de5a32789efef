// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DiffReader#readLines} is a full reading plus the body lines, exactly as a visitor sees them. */
class ReadLinesTest {
    @Test
    void sameAsAFullReadPlusEveryBodyLine() throws Exception {
        byte[] patch = Files.readAllBytes(Path.of("verification/fixtures/diff/ok-two-hunks.patch"));
        DiffResult full = DiffReader.read(patch, Profile.STRICT);
        DiffResult withLines = DiffReader.readLines(patch, Profile.STRICT);
        assertFalse(full.linesKept());
        assertTrue(full.lines().isEmpty());
        assertTrue(withLines.linesKept());
        assertEquals(full.sections(), withLines.sections());
        assertEquals(full.hunks(), withLines.hunks());
        assertEquals(full.diagnostics(), withLines.diagnostics());
        assertEquals(full.outcome(), withLines.outcome());
        assertArrayEquals(full.numstatBytes(), withLines.numstatBytes());

        List<DiffLine.Snapshot> seen = new ArrayList<>();
        DiffReader.read(patch, Profile.STRICT, new DiffVisitor() {
            @Override
            public void onLine(DiffLine line) {
                seen.add(line.snapshot());
            }
        }, DiffReader.Options.DEFAULT);
        assertEquals(seen, withLines.lines());
        int bodies = full.hunks().stream().mapToInt(h -> h.added() + h.removed() + h.context()).sum();
        assertEquals(bodies, withLines.lines().stream().filter(l -> l.kind() != LineKind.NO_NEWLINE_MARKER).count());
        int sectionZero = (int) withLines.lines().stream().filter(l -> l.section() == 0).count();
        assertEquals(sectionZero, withLines.linesOf(0).size());
    }

    /**
     * Each kept line names the section and hunk it lies in, checked against the hunks' own line ranges (header
     * line to end line) rather than against another visitor of the same reader, on every diff fixture.
     */
    @Test
    void everyLineNamesTheHunkWhoseLinesHoldIt() throws Exception {
        List<Path> fixtures;
        try (java.util.stream.Stream<Path> s = Files.list(Path.of("verification/fixtures/diff"))) {
            fixtures = s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        int multiHunk = 0;
        for (Path p : fixtures) {
            DiffResult r = DiffReader.readLines(Files.readAllBytes(p), Profile.STRICT);
            for (DiffLine.Snapshot l : r.lines()) {
                List<Hunk> holding = r.hunks().stream()
                        .filter(h -> h.header().line() < l.lineNumber() && l.lineNumber() < h.endLine()).toList();
                if (holding.isEmpty() && !r.accepted()) {
                    continue; // a hunk cut short by an error has no Hunk to check against
                }
                assertEquals(1, holding.size(), p + " line " + l.lineNumber());
                HunkHeader h = holding.get(0).header();
                assertEquals(h.section(), l.section(), p + " line " + l.lineNumber());
                assertEquals(h.index(), l.hunkIndex(), p + " line " + l.lineNumber());
            }
            multiHunk += r.lines().stream().anyMatch(l -> l.hunkIndex() > 0) ? 1 : 0;
        }
        assertTrue(multiHunk > 0, "some fixture has a second hunk");
    }
}
