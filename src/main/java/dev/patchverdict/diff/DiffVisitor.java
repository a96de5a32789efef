// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * Receives what the reader reads, in input order. Every method has an empty default, so a visitor
 * implements only what it needs. Calls for a section come in the order start, then per hunk: hunk,
 * lines, hunk end; then section end. A section cut short by a fatal error gets no end call.
 */
public interface DiffVisitor {
    default void onSectionStart(FileHeader header) {}

    default void onHunk(HunkHeader header) {}

    default void onLine(DiffLine line) {}

    default void onHunkEnd(Hunk hunk) {}

    default void onSectionEnd(FileSection section) {}

    default void onDiagnostic(Diagnostic diagnostic) {}

    /** Tells the visitor the whole input was read; called once, last. */
    default void onEnd(DiffOutcome outcome) {}

    DiffVisitor NONE = new DiffVisitor() {};
}
