// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Copies of fixture trees that a test may change without touching the fixture. */
public final class TestFiles {
    private TestFiles() {}

    /** Copies every folder and file below {@code from} to the same place below {@code to}. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
