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
        /**
         * Every file that removes a line holding the text also adds a line still holding it (moved, commented out or
         * changed): the removed form is still in the file.
         */
        REMOVED_FORM_KEPT,
        /** Every line the patch removes holding the text is kept by a copy the patch makes of its file (git copies the file as it was). */
        REMOVED_FORM_COPIED,
        /**
         * The only files that remove (or add) a line holding the text are also named by another section, under a spelling a
         * case-insensitive or Unicode-normalizing filesystem takes as the same file: there git applies both to one file.
         */
        FILE_NAMED_TWICE,
        /**
         * The only files that remove (or add) a line holding the text are also copied by the patch, and a copy's hunks
         * state other lines than the file's own at one place: git applies one of them elsewhere than it says.
         */
        HUNKS_DISAGREE,
        /** The only removed lines holding the text are in sections that copy, rename or delete their file, not change it in place. */
        REMOVED_NOT_IN_PLACE,
        /** The only added lines holding the text are lines the same file removes as often: moved, not added. */
        ADDED_LINE_MOVED,
        /** The only added lines holding the text are in a file written where the patch deletes or renames away the one that stood there. */
        ADDED_IN_REPLACED_FILE,
        /** The patch is larger than the plan's limit, so it was not read. */
        NOT_EVALUATED
    }
}
