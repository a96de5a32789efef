// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {
    @TempDir
    Path dir;

    @Test
    void replacesWholeFile() throws IOException {
        Path target = dir.resolve("result.json");
        Files.writeString(target, "old");
        OutputFiles.writeAtomically(target, "new".getBytes(StandardCharsets.UTF_8));
        assertEquals("new", Files.readString(target));
        assertEquals(1, countFiles());
    }

    @Test
    void failureLeavesTheOldFileAndNoTemporary() throws IOException {
        Path target = dir.resolve("result.json");
        Files.writeString(target, "old");
        IOException e = assertThrows(IOException.class, () -> OutputFiles.writeAtomically(target, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("writer failed midway");
        }));
        assertEquals("writer failed midway", e.getMessage());
        assertEquals("old", Files.readString(target));
        assertEquals(1, countFiles());
    }

    @Test
    void failureWithNoOldFileLeavesNothing() {
        Path target = dir.resolve("fresh.json");
        assertThrows(IOException.class, () -> OutputFiles.writeAtomically(target, out -> {
            throw new IOException("boom");
        }));
        assertFalse(Files.exists(target));
    }

    @Test
    void missingFolderIsNamed() {
        Path target = dir.resolve("no/such/folder/out.json");
        IOException e = assertThrows(IOException.class, () -> OutputFiles.writeAtomically(target, new byte[] {1}));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    private long countFiles() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }
}
