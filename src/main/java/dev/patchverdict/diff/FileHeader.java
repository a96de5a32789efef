// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Objects;

/**
 * A file section's header as read: the names git takes from it (unquoted, prefix removed; null where the
 * side does not exist, e.g. the old name of a new file), modes (0 when absent), and where it starts.
 *
 * @param similarity similarity or dissimilarity index in percent, -1 when the header has none
 * @param traditional true for a {@code ---}/{@code +++} section without a {@code diff --git} line
 */
public record FileHeader(
        int index,
        GitPath oldPath,
        GitPath newPath,
        boolean isNew,
        boolean isDeleted,
        boolean isRename,
        boolean isCopy,
        int oldMode,
        int newMode,
        int similarity,
        boolean dissimilarity,
        String oldId,
        String newId,
        boolean traditional,
        long offset,
        long line) {

    public FileHeader {
        if (index < 0) {
            throw new IllegalArgumentException("index " + index);
        }
        if (oldPath == null && newPath == null) {
            throw new IllegalArgumentException("a file section names at least one path");
        }
        if (similarity < -1 || similarity > 100) {
            throw new IllegalArgumentException("similarity " + similarity);
        }
        if (offset < 0 || line < 1) {
            throw new IllegalArgumentException("position " + offset + "/" + line);
        }
    }

    /** The path git reports the section under: the new name, or the old one for a deletion. */
    public GitPath path() {
        return newPath != null ? newPath : Objects.requireNonNull(oldPath);
    }

    public boolean modeChanged() {
        return oldMode != 0 && newMode != 0 && oldMode != newMode;
    }

    /**
     * A mode as git prints it: octal, at least six digits ({@code 100644}); what {@code %06o} gives, without a
     * formatter, which costs a large diff's output more than the rest of it when run per section.
     */
    public static String modeText(int mode) {
        String s = Integer.toOctalString(mode);
        return s.length() >= 6 ? s : "000000".substring(s.length()) + s;
    }
}
