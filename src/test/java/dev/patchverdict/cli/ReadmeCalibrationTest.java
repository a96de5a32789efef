// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README's first example is a golden file: {@code calibrate} prints exactly the table README shows, row for row. */
class ReadmeCalibrationTest {
    @TempDir
    Path dir;

    @Test
    void theBuiltInMatrixPrintsWhatReadmeShows() throws Exception {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        String intro = "closes, under each plan version, and prints:\n\n```\n";
        int from = readme.indexOf(intro) + intro.length();
        String shown = readme.substring(from, readme.indexOf("```\n", from));
        CliRun r = CliRun.in(dir, "calibrate");
        assertEquals(0, r.code(), r.err());
        assertEquals(shown, r.out());
    }
}
