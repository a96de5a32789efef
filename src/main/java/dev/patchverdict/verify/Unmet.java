// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.record.WireValue;
import java.util.Objects;

/** Why a requirement is not met: a stable reason and a message that says where the text did occur. */
public record Unmet(Reason reason, String message) {
    public Unmet {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }

    public enum Reason implements WireValue {
        /** No line of the needed kind holds the text, in any hunk. */
        NOT_FOUND,
        /** The text occurs only in context lines, which the patch leaves as they are. */
        ONLY_IN_CONTEXT,
        /** Only lines of hunks or sections the strict reader rejected hold the text. */
        ONLY_IN_REJECTED_HUNK,
        /** Transition: the added text is there but no removed line holds the removed text. */
        REMOVED_SIDE_MISSING,
        /** Transition: the removed text is there but no added line holds the added text. */
        ADDED_SIDE_MISSING,
        /** Transition: both sides occur, but never in the same hunk of the same file. */
        NOT_IN_ONE_HUNK,
        /** Transition: the only added lines holding the new text still hold the old text. */
        ADDED_LINE_KEEPS_REMOVED,
        /** The only removed lines holding the text are added back unchanged in the same file: moved, not removed. */
        REMOVED_LINE_READDED
    }
}
