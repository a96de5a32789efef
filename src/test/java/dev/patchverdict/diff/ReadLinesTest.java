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
}
