// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.diff.LineKind;
import java.util.Objects;

/**
 * A body line that satisfied a requirement: the file it changes (the new path, or the old one for a
 * deletion), the section and hunk it sits in (0-based), its 1-based line in the patch, and its text
 * without the kind byte (invalid UTF-8 shown as U+FFFD).
 */
public record LineEvidence(String path, int section, int hunk, long patchLine, LineKind kind, String text) {
    public LineEvidence {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
        if (section < 0 || hunk < 0 || patchLine < 1) {
            throw new IllegalArgumentException("position " + section + "/" + hunk + "/" + patchLine);
        }
        if (kind != LineKind.ADDED && kind != LineKind.REMOVED) {
            throw new IllegalArgumentException("only added and removed lines are evidence, not " + kind);
        }
    }
}
