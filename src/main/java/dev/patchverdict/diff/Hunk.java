// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Objects;

/**
 * A hunk as read to its end: its header, the body lines of each kind, the no-newline markers, and the
 * position just past its last line.
 */
public record Hunk(
        HunkHeader header,
        int added,
        int removed,
        int context,
        boolean oldNoNewline,
        boolean newNoNewline,
        long endOffset,
        long endLine) {

    public Hunk {
        Objects.requireNonNull(header, "header");
        if (added < 0 || removed < 0 || context < 0) {
            throw new IllegalArgumentException("negative line count");
        }
        if (endOffset < header.offset()) {
            throw new IllegalArgumentException("hunk ends before it starts");
        }
    }
}
