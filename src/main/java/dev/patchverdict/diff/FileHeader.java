// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Objects;

/**
 * A file section's header as read: the names git holds for it (unquoted, prefix removed; null where git has
 * none, e.g. the old name of a new file), modes (0 when absent), and where it starts. git keeps the names of a
 * lone {@code diff --git} line before the header where the header's own lines do not replace them, so a new
 * file can still carry an old name and a deleted one a new name; {@link #path()} is the file the section
 * changes whatever else git holds.
 *
 * @param similarity similarity or dissimilarity index in percent, -1 when the header has none
 * @param traditional true for a {@code ---}/{@code +++} section without a {@code diff --git} line
 * @param guessed true when only the hunks made the section a creation (it adds to nothing) or a deletion (it
 *     removes everything): a traditional section whose names said neither. git's summary calls it so, but
 *     applying it creates the file only where none exists, and empties a file rather than deleting it
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
        boolean guessed,
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

    /** The file the section changes: the new name, or the old one for a deletion. */
    public GitPath path() {
        return isDeleted ? Objects.requireNonNull(oldPath) : numstatPath();
    }

    /**
     * The name {@code git apply --numstat} prints for the section: the new name when git holds one, else the old.
     * It differs from {@link #path()} only for a deletion that still holds a lone diff --git line's name.
     */
    public GitPath numstatPath() {
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
