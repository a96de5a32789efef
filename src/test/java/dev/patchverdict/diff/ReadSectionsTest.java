// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
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
        assertSame(full, sections);
    }

    /** Bytes in memory read without a stream give what the stream gives, on every diff fixture and under a line limit. */
    @Test
    void inMemoryIsTheStreamedReading() throws Exception {
        Map<String, byte[]> patches = new TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("verification/fixtures/diff"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".patch")).toList()) {
                patches.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        assertFalse(patches.isEmpty());
        patches.put("a body line past the limit", ("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+" + "x".repeat(3000)
                + "\n").getBytes(StandardCharsets.UTF_8));
        boolean rejected = false;
        boolean tooLong = false;
        for (DiffReader.Options options : List.of(DiffReader.Options.DEFAULT, DiffReader.Options.DEFAULT.withMaxLineBytes(1024))) {
            for (Map.Entry<String, byte[]> e : patches.entrySet()) {
                DiffResult memory = DiffReader.readSections(e.getValue(), Profile.STRICT, options);
                DiffResult stream = DiffReader.readSections(new ByteArrayInputStream(e.getValue()), Profile.STRICT, options);
                assertTrue(memory.hunks().isEmpty(), e.getKey());
                assertEquals(stream.outcome(), memory.outcome(), e.getKey());
                assertSame(stream, memory);
                rejected |= !memory.outcome().accepted();
                tooLong |= memory.diagnostics().stream().anyMatch(d -> d.code() == DiagnosticCode.LINE_TOO_LONG);
            }
        }
        assertTrue(rejected, "the fixtures include rejected patches");
        assertTrue(tooLong, "the line limit was met");
    }

    private static void assertSame(DiffResult want, DiffResult got) {
        assertEquals(want.sections(), got.sections());
        assertEquals(want.diagnostics(), got.diagnostics());
        assertEquals(want.outcome().sha256(), got.outcome().sha256());
        assertArrayEquals(want.numstatBytes(), got.numstatBytes());
        assertArrayEquals(want.summaryBytes(), got.summaryBytes());
    }
}
