// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The upstream reference folder that compatibility and parity tests read at run time (never copied
 * into the project). System property {@code patchverdict.reference}, default
 * {@code ../shared/reference/idkmesh} relative to the project root. A missing folder skips the calling
 * test in a developer's partial checkout, and fails it under {@code -Dpatchverdict.require.shared=true},
 * which CI sets: there a parity suite that skips would prove nothing.
 */
public final class ReferenceFolder {
    private ReferenceFolder() {}

    public static Path root() {
        return dev.patchverdict.SharedData.reference();
    }

    public static Path file(String relative) {
        Path file = root().resolve(relative);
        if (!Files.isRegularFile(file)) {
            fail("upstream reference file missing: " + file);
        }
        return file;
    }
}
