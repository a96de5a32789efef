// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.record.WireValue;
import java.util.Objects;

/**
 * One change-policy rule applied to one thing the patch does: the rule, whether the plan allows
 * it, the path it concerns (empty when the finding belongs to no section) and the patch line.
 * Recorded whether it passes or not, so a result shows every rule that came into play.
 */
public record PolicyDecision(Rule rule, boolean allowed, String path, long patchLine, String detail) {
    public PolicyDecision {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(detail, "detail");
        if (patchLine < 0) {
            throw new IllegalArgumentException("patch line " + patchLine);
        }
    }

    /** The change-policy rules, each named after the field that governs it. */
    public enum Rule implements WireValue {
        /** {@code allow_symlinks}. */
        SYMLINK,
        /** {@code allow_submodules}. */
        SUBMODULE,
        /** {@code allow_mode_changes}. */
        MODE_CHANGE,
        /** {@code allow_binary}. */
        BINARY,
        /** {@code forbid_invisible_characters}. */
        INVISIBLE_CHARACTER,
        /** {@code protected_paths}: never allowed; a plan that wants a path editable leaves it out. */
        PROTECTED_PATH
    }
}
