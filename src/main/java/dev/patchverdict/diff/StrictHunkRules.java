// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import dev.patchverdict.text.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strict rules on hunks within one file section: hunk order and start lines, no-newline markers,
 * invisible characters and invalid UTF-8 in body lines, and file headers swallowed by a body's counts.
 */
final class StrictHunkRules {
    private final StrictFindings findings;
    /** Consulted for every body line. */
    private final boolean swallowOn;

    private long prevOldPos;
    private long prevOldEnd;
    /** The previous hunk ended in a changed line: git applies it only where the file ends (its match_end). */
    private boolean prevEndsFile;
    private long prevLine;
    private long delta;
    private boolean oldEnded;
    private boolean newEnded;
    private int swallowRaw;
    private int swallowContent;
    private byte swallowKind;

    StrictHunkRules(StrictFindings findings) {
        this.findings = findings;
        this.swallowOn = findings.on(DiagnosticCode.SWALLOWED_HEADER);
    }

    void newSection() {
        prevOldPos = 0;
        prevOldEnd = 0;
        prevEndsFile = false;
        delta = 0;
        oldEnded = false;
        newEnded = false;
        swallowRaw = 0;
        swallowContent = 0;
    }

    void hunkStart(SectionHeader h, HunkHeader hh, HunkNumbers n, long ls, long le) {
        long line = hh.line();
        if (n.overflow()) {
            findings.reportOnce(DiagnosticCode.NUMBER_OVERFLOW, ls, line, "number too large in hunk header: " + findings.quote(ls, le));
        }
        if (swallowRaw == 2) {
            findings.reportOnce(DiagnosticCode.SWALLOWED_HEADER, ls, line,
                    "---/+++ lines inside the previous hunk's body, then a hunk header: a file header swallowed by the counts");
        }
        swallowRaw = 0;
        swallowContent = 0;
        if (oldEnded || newEnded) {
            findings.reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, line,
                    "hunk after a side already ended without newline");
        }
        if (hh.oldCount() > 0 && hh.oldStart() == 0 || hh.newCount() > 0 && hh.newStart() == 0) {
            findings.reportOnce(DiagnosticCode.HUNK_START_MISMATCH, ls, line, "line 0 with a non-zero count: " + findings.quote(ls, le));
        }
        // A side with no lines names the line before the gap (git, GNU diff) or the line after it (some
        // generators); both conventions are accepted, anything else is not.
        long oldPos = hh.oldCount() == 0 ? hh.oldStart() + 1 : hh.oldStart();
        long newPos = hh.newCount() == 0 ? hh.newStart() + 1 : hh.newStart();
        long oldAlt = hh.oldCount() == 0 ? hh.oldStart() : oldPos;
        long newAlt = hh.newCount() == 0 ? hh.newStart() : newPos;
        if (hh.index() > 0) {
            // After a hunk that must end the file, only an insertion at that very end can still apply.
            if (prevEndsFile && !(hh.oldCount() == 0 && oldPos == prevOldEnd)) {
                findings.reportOnce(DiagnosticCode.HUNK_AFTER_FILE_END, ls, line, "the hunk at line " + prevLine
                        + " has no trailing context, so git applies it only at the end of the file, and this one lies past it: "
                        + findings.quote(ls, le));
            }
            if (oldPos < prevOldPos) {
                findings.reportOnce(DiagnosticCode.HUNK_OUT_OF_ORDER, ls, line, "hunk starts before the previous one: " + findings.quote(ls, le));
            } else if (oldPos < prevOldEnd) {
                findings.reportOnce(DiagnosticCode.HUNK_OVERLAP, ls, line, "hunk overlaps the previous one: " + findings.quote(ls, le));
            }
        }
        boolean consistent = newPos - oldPos == delta || newAlt - oldPos == delta || newPos - oldAlt == delta
                || newAlt - oldAlt == delta;
        if (!n.overflow() && !consistent) {
            findings.reportOnce(DiagnosticCode.HUNK_START_MISMATCH, ls, line, "new start " + hh.newStart()
                    + " does not follow from the earlier hunks, which shift lines by " + delta + ": "
                    + findings.quote(ls, le));
        }
        prevOldPos = oldPos;
        prevOldEnd = oldPos + hh.oldCount();
        if (!n.overflow()) {
            delta += hh.newCount() - hh.oldCount();
        }
    }

    /** A hunk read to its end, {@code last} its last body line's kind (a no-newline marker aside). */
    void hunkEnd(HunkHeader hh, LineKind last) {
        prevEndsFile = last != LineKind.CONTEXT;
        prevLine = hh.line();
    }

    /**
     * The per-line rules for a hunk body line at b[s, e). Called for every body line, so the common case (no
     * marker, no side ended, no high byte, nothing that starts a swallowed header) stays small enough for
     * the JIT to inline; the rest is out of line.
     */
    void bodyLine(LineKind kind, LineKind last, byte[] b, int s, int e, long ls, int flags, long lineNo) {
        if (kind == LineKind.NO_NEWLINE_MARKER || oldEnded || newEnded || (flags & ByteWindow.HAS_HIGH) != 0) {
            unusualBodyLine(kind, last, b, s, e, ls, flags, lineNo);
        }
        if (swallowOn) {
            // Every swallow pattern has '-', '+' or '@' as its second byte; most lines leave here.
            int c1 = e - s > 1 ? b[s + 1] : 0;
            if (c1 != '-' && c1 != '+' && c1 != '@') {
                swallowRaw = 0;
                swallowContent = 0;
            } else {
                swallow(kind, b, s, e, ls, lineNo);
            }
        }
    }

    private void unusualBodyLine(LineKind kind, LineKind last, byte[] b, int s, int e, long ls, int flags,
            long lineNo) {
        switch (kind) {
            case NO_NEWLINE_MARKER -> {
                int end = StrictHeaderRules.trimNewline(b, s, e);
                if (!Arrays.equals(b, s, end, MARKER, 0, MARKER.length)) {
                    findings.reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MALFORMED, ls, lineNo,
                            "not git's no-newline marker: " + Messages.quoteLine(b, s, e));
                }
                if (last == null || last == LineKind.NO_NEWLINE_MARKER) {
                    findings.reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, lineNo,
                            "no-newline marker that follows no body line");
                } else {
                    if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                        oldEnded = true;
                    }
                    if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                        newEnded = true;
                    }
                }
            }
            case CONTEXT, REMOVED, ADDED -> {
                boolean oldSide = kind != LineKind.ADDED;
                boolean newSide = kind != LineKind.REMOVED;
                if ((oldSide && oldEnded) || (newSide && newEnded)) {
                    findings.reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, lineNo,
                            "body line after its side ended without newline: " + Messages.quoteLine(b, s, e));
                }
                if ((flags & ByteWindow.HAS_HIGH) != 0) {
                    int cs = b[s] == '\n' ? s : s + 1;
                    int ce = StrictHeaderRules.trimNewline(b, cs, e);
                    if (kind == LineKind.ADDED && findings.on(DiagnosticCode.INVISIBLE_CHARACTER)
                            && !findings.reported(DiagnosticCode.INVISIBLE_CHARACTER)) {
                        int cp = Utf8.firstInvisible(b, cs, ce);
                        if (cp >= 0) {
                            findings.reportOnce(DiagnosticCode.INVISIBLE_CHARACTER, ls, lineNo,
                                    String.format("U+%04X in added line: %s", cp, Messages.quoteLine(b, s, e)));
                        }
                    }
                    if (findings.on(DiagnosticCode.INVALID_UTF8_LINE) && !findings.reported(DiagnosticCode.INVALID_UTF8_LINE)
                            && !Utf8.isValid(b, cs, ce)) {
                        findings.reportOnce(DiagnosticCode.INVALID_UTF8_LINE, ls, lineNo,
                                "body line is not valid UTF-8: " + Messages.quoteLine(b, s, e));
                    }
                }
            }
            default -> { }
        }
    }

    private static final byte[] MARKER = "\\ No newline at end of file".getBytes(StandardCharsets.US_ASCII);

    /** Tracks ---, +++, @@ - in a row, either as the lines themselves or as their content. */
    private void swallow(LineKind kind, byte[] b, int s, int e, long ls, long lineNo) {
        // The raw lines: "--- x" is a removed line, "+++ y" an added one.
        if (GitNames.startsWith(b, s, e, "--- ")) {
            swallowRaw = 1;
        } else if (swallowRaw == 1 && GitNames.startsWith(b, s, e, "+++ ")) {
            swallowRaw = 2;
        } else {
            swallowRaw = 0;
        }
        // Content after one kind byte, all three lines of one kind.
        if (kind == LineKind.NO_NEWLINE_MARKER || e - s < 5) {
            swallowContent = 0;
            return;
        }
        byte k = b[s];
        if (GitNames.startsWith(b, s + 1, e, "--- ")) {
            swallowContent = 1;
            swallowKind = k;
        } else if (swallowContent == 1 && k == swallowKind && GitNames.startsWith(b, s + 1, e, "+++ ")) {
            swallowContent = 2;
        } else if (swallowContent == 2 && k == swallowKind && GitNames.startsWith(b, s + 1, e, "@@ -")) {
            swallowContent = 0;
            findings.reportOnce(DiagnosticCode.SWALLOWED_HEADER, ls, lineNo,
                    "a ---/+++/@@ header triple inside a hunk body: " + Messages.quoteLine(b, s, e));
        } else {
            swallowContent = 0;
        }
    }
}
