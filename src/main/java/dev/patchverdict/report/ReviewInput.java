// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.Objects;

/**
 * One INPUT of a review as given on the command line, what it was read as, and the SHA-256 that names its bytes:
 * a predictions file's or a patch file's own bytes; a folder's is the SHA-256 of its {@code sha256sum}-style
 * listing ({@code HEX  RELATIVE/PATH} and a line feed per patch file, in the order reviewed). {@code sha256} is
 * null when the bytes were not all read (a file that could not be opened, a review stopped early).
 * {@code prefix} is what a folder's patch names start with (empty for any other kind); {@code firstEntry} and
 * {@code entries} place its entries in the review's order.
 */
public record ReviewInput(int index, String name, Kind kind, String prefix, long firstEntry, long entries, String sha256) {
    public enum Kind {
        PREDICTIONS("predictions file"),
        FOLDER("folder"),
        PATCH("patch file"),
        UNREADABLE("unreadable");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public ReviewInput {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(prefix, "prefix");
        if (index < 0 || firstEntry < 0 || entries < 0) {
            throw new IllegalArgumentException("bad input position " + index + "/" + firstEntry + "/" + entries);
        }
    }

    /** Whether the review entry of this index came from this input. */
    public boolean holds(long entryIndex) {
        return entryIndex >= firstEntry && entryIndex - firstEntry < entries;
    }

    public ReviewInput withSha256(String hex) {
        return new ReviewInput(index, name, kind, prefix, firstEntry, entries, hex);
    }
}
