// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The shared corpus of real diffs, with git's own reading of each, found beside the project. */
final class Corpus {
    private Corpus() {}

    static Path root() {
        return dev.patchverdict.SharedData.corpus();
    }

    /** Every diff of the corpus, the large one included, in a stable order. */
    static List<Path> allDiffs() {
        Path root = root();
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".patch") || p.toString().endsWith(".diff"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> group(String name) {
        return allDiffs().stream().filter(p -> p.getParent().getFileName().toString().equals(name)).toList();
    }

    static byte[] sidecar(Path diff, String ext) {
        Path p = diff.resolveSibling(diff.getFileName() + "." + ext);
        try {
            return Files.exists(p) ? Files.readAllBytes(p) : new byte[0];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int gitRc(Path diff) {
        return Integer.parseInt(new String(sidecar(diff, "rc"), StandardCharsets.US_ASCII).trim());
    }

    static String relative(Path diff) {
        return root().relativize(diff).toString();
    }
}
