// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import dev.patchverdict.diff.GitPath;
import java.util.Locale;
import java.util.Objects;

/**
 * Why a section is removed: one of its paths is excluded or not included, or it is binary.
 *
 * @param side which of the section's names the reason is about: {@code PATH} when the section names one
 *     file, {@code OLD} or {@code NEW} for the two names of a rename or copy; null for {@code BINARY}
 * @param pattern the glob that matched (null unless {@code EXCLUDED})
 */
public record Removal(Cause cause, Side side, GitPath path, PathPattern pattern) {
    public enum Cause {
        /** A path matches an exclude glob. */
        EXCLUDED,
        /** Includes are given and a path matches none of them. */
        NOT_INCLUDED,
        /** The section is binary and binary sections are dropped. */
        BINARY;

        public String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public enum Side {
        PATH,
        OLD,
        NEW;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Removal {
        Objects.requireNonNull(cause, "cause");
        if ((cause == Cause.BINARY) != (side == null && path == null)) {
            throw new IllegalArgumentException("a path reason names a side and a path; a binary one neither");
        }
        if ((cause == Cause.EXCLUDED) != (pattern != null)) {
            throw new IllegalArgumentException("only an exclusion names its glob");
        }
    }
}
