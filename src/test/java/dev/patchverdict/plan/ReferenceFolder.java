package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The upstream reference folder that compatibility and parity tests read at run time (never copied
 * into the project). System property {@code patchverdict.reference}, default
 * {@code ../shared/reference/idkmesh} relative to the project root. A missing folder fails the
 * calling test rather than skipping it: a parity suite that silently skips proves nothing.
 */
public final class ReferenceFolder {
    private ReferenceFolder() {}

    public static Path root() {
        Path root = Path.of(System.getProperty("patchverdict.reference", "../shared/reference/idkmesh"))
                .toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            fail("upstream reference folder " + root + " is absent; set -Dpatchverdict.reference=<folder>");
        }
        return root;
    }

    public static Path file(String relative) {
        Path file = root().resolve(relative);
        if (!Files.isRegularFile(file)) {
            fail("upstream reference file missing: " + file);
        }
        return file;
    }
}
