// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.digest.Digests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CandidateRootTest {
    @TempDir
    Path dir;

    private CandidateRoot root() throws IOException {
        Path r = Files.createDirectories(dir.resolve("root/logs"));
        Files.writeString(r.resolve("out.txt"), "hello");
        Files.writeString(dir.resolve("secret"), "s");
        return CandidateRoot.open(dir.resolve("root"));
    }

    @Test
    void regularFilesInsideAreDigested() throws IOException {
        CandidateRoot root = root();
        assertEquals(Optional.empty(), root.problem("logs/out.txt"));
        assertEquals(Digests.bytes("hello".getBytes(java.nio.charset.StandardCharsets.UTF_8)), root.digest("logs/out.txt"));
    }

    @Test
    void everyEscapeIsNamed() throws IOException {
        CandidateRoot root = root();
        Files.createSymbolicLink(dir.resolve("root/up"), dir);
        Files.createSymbolicLink(dir.resolve("root/logs/s"), dir.resolve("secret"));
        String[][] cases = {
            {"", "empty"},
            {dir.resolve("secret").toString(), "absolute"},
            {"../secret", "'..' component"},
            {"logs/./out.txt", "'.' component"},
            {"logs\\out.txt", "backslash"},
            {"up/secret", "symbolic link at up"},
            {"logs/s", "symbolic link at logs/s"},
            {"logs", "not a regular file"},
            {"logs/none.txt", "does not exist"},
        };
        for (String[] c : cases) {
            String problem = root.problem(c[0]).orElseThrow(() -> new AssertionError("accepted: " + c[0]));
            assertTrue(problem.contains(c[1]), c[0] + " -> " + problem);
        }
        assertThrows(IOException.class, () -> root.digest("../secret"));
    }

    @Test
    void rootMustBeAFolder() throws IOException {
        Files.writeString(dir.resolve("file"), "x");
        IOException e = assertThrows(IOException.class, () -> CandidateRoot.open(dir.resolve("file")));
        assertTrue(e.getMessage().contains("not a folder"), e.getMessage());
    }
}
