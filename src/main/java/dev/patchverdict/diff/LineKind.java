// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** A hunk body line's kind, from its first byte. */
public enum LineKind {
    /** ' ', or an empty line, which git takes as empty context. */
    CONTEXT,
    /** '+'. */
    ADDED,
    /** '-'. */
    REMOVED,
    /** '\', a no-newline marker; its content is the marker text. */
    NO_NEWLINE_MARKER
}
