package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@link DiffReader#readSections} is the whole reading minus the hunks. */
class ReadSectionsTest {
    @Test
    void sameAsAFullReadButWithoutHunks() throws Exception {
        byte[] patch = Files.readAllBytes(Path.of("verification/fixtures/diff/ok-two-hunks.patch"));
        DiffResult full = DiffReader.read(patch, Profile.STRICT);
        DiffResult sections = DiffReader.readSections(new ByteArrayInputStream(patch), Profile.STRICT);
        assertEquals(2, full.hunks().size());
        assertTrue(sections.hunks().isEmpty());
        assertEquals(full.sections(), sections.sections());
        assertEquals(full.diagnostics(), sections.diagnostics());
        assertEquals(full.outcome().sha256(), sections.outcome().sha256());
        assertArrayEquals(full.numstatBytes(), sections.numstatBytes());
        assertArrayEquals(full.summaryBytes(), sections.summaryBytes());
    }
}
