// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * The rules the strict profile adds to git's reading, as the walk meets them: the bytes of every line,
 * text outside file sections, and the start and end of each section and of the input. Header, hunk and
 * path rules have their own classes; the readers call those directly. Everything is checked only when
 * the profile has the code switched on.
 */
final class StrictState {
    private final StrictFindings findings;
    private final ByteWindow w;
    private final StrictHeaderRules headers;
    private final StrictPathRules paths;
    private final StrictHunkRules hunks;

    private boolean anySection;
    private boolean inGarbage;
    private boolean afterHunk;

    StrictState(StrictFindings findings, ByteWindow w, StrictHeaderRules headers, StrictPathRules paths,
            StrictHunkRules hunks) {
        this.findings = findings;
        this.w = w;
        this.headers = headers;
        this.paths = paths;
        this.hunks = hunks;
    }

    // ------------------------------------------------------------------ bytes of any line

    void lineBytes(long ls, long le, int flags, long lineNo) {
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        if ((flags & ByteWindow.HAS_CR) != 0) {
            boolean crlf = e - s >= 2 && b[e - 1] == '\n' && b[e - 2] == '\r';
            int bodyEnd = crlf ? e - 2 : e;
            for (int i = s; i < bodyEnd; i++) {
                if (b[i] == '\r') {
                    findings.reportOnce(DiagnosticCode.CR_IN_LINE, ls + (i - s), lineNo,
                            "carriage return inside a line: " + Messages.quoteLine(b, s, e));
                    break;
                }
            }
            if (crlf) {
                findings.reportOnce(DiagnosticCode.CRLF_LINE_ENDING, ls, lineNo,
                        "line ends in CRLF: " + Messages.quoteLine(b, s, e));
            }
        }
        if ((flags & ByteWindow.HAS_CONTROL) != 0) {
            for (int i = s; i < e; i++) {
                int c = b[i] & 0xff;
                if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                    findings.reportOnce(DiagnosticCode.CONTROL_CHARACTER, ls + (i - s), lineNo,
                            String.format("control character 0x%02x in line: %s", c, Messages.quoteLine(b, s, e)));
                    break;
                }
            }
        }
    }

    // ------------------------------------------------------------------ text outside sections

    void garbage(long ls, long le, long lineNo) {
        if (ls == headers.skipGarbageAt) {
            return;
        }
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        boolean blank = true;
        for (int i = s; i < e; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') {
                blank = false;
                break;
            }
        }
        boolean combined = GitNames.startsWith(b, s, e, "diff --cc ") || GitNames.startsWith(b, s, e, "diff --combined ")
                || GitNames.startsWith(b, s, e, "@@@ ");
        if (combined && findings.on(DiagnosticCode.COMBINED_DIFF)) {
            if (findings.firstTime(DiagnosticCode.COMBINED_DIFF)) {
                findings.report(DiagnosticCode.COMBINED_DIFF, ls, lineNo, "combined diff: " + Messages.quoteLine(b, s, e));
            }
            inGarbage = true;
            return;
        }
        if (!anySection) {
            if (blank) {
                return;
            }
            if (!inGarbage) {
                inGarbage = true;
                if (findings.on(DiagnosticCode.LEADING_GARBAGE)) {
                    findings.report(DiagnosticCode.LEADING_GARBAGE, ls, lineNo,
                            "text before the first file section: " + Messages.quoteLine(b, s, e));
                }
            }
            return;
        }
        if (inGarbage) {
            return;
        }
        inGarbage = true;
        int c = e > s ? b[s] : 0;
        // "-- " alone is the signature separator of a mail, not a removed "- " line.
        boolean signature = GitNames.startsWith(b, s, e, "-- \n") && e - s == 4;
        if (afterHunk && !signature && (c == '+' || c == '-' || c == ' ' || c == '\\' || c == '\n')) {
            if (findings.on(DiagnosticCode.HUNK_OVERRUN)) {
                findings.report(DiagnosticCode.HUNK_OVERRUN, ls, lineNo,
                        "body line after the hunk's counts are met (git ignores it): " + Messages.quoteLine(b, s, e));
            }
        } else if (findings.on(DiagnosticCode.TRAILING_GARBAGE)) {
            findings.report(DiagnosticCode.TRAILING_GARBAGE, ls, lineNo,
                    "text after a file section: " + Messages.quoteLine(b, s, e));
        }
        afterHunk = false;
    }

    void loneDiffLine(long start, long lineNo, byte[] diffLine) {
        if (findings.on(DiagnosticCode.HEADER_ONLY_NO_CHANGE)) {
            findings.report(DiagnosticCode.HEADER_ONLY_NO_CHANGE, start, lineNo,
                    "diff --git line with nothing git reads after it (git skips it): "
                            + Messages.quoteLine(diffLine, 0, diffLine.length));
        }
        inGarbage = false;
        anySection = true;
    }

    // ------------------------------------------------------------------ sections

    void sectionStart(FileHeader fh) {
        anySection = true;
        inGarbage = false;
        afterHunk = false;
        findings.newSection();
        hunks.newSection();
        paths.sectionStart(fh);
    }

    void sectionEnd(FileSection s) {
        FileHeader fh = s.header();
        if (s.binary() == BinaryPayload.DATA) {
            findings.reportOnce(DiagnosticCode.BINARY_PATCH, fh.offset(), fh.line(), "binary payload for " + fh.path());
        } else if (s.binary() == BinaryPayload.NO_DATA) {
            findings.reportOnce(DiagnosticCode.BINARY_WITHOUT_PAYLOAD, fh.offset(), fh.line(),
                    "binary change to " + fh.path() + " without the data to apply it");
        } else if (s.hunkCount() == 0 && !fh.isNew() && !fh.isDeleted() && !fh.isRename() && !fh.isCopy()
                && !fh.modeChanged()) {
            findings.reportOnce(DiagnosticCode.HEADER_ONLY_NO_CHANGE, fh.offset(), fh.line(),
                    "section for " + fh.path() + " changes nothing");
        }
        afterHunk = s.hunkCount() > 0;
        inGarbage = false;
    }

    // ------------------------------------------------------------------ end

    void atEnd(long bytes, long lastLine, boolean endsInNewline) {
        if (bytes > 0 && !endsInNewline && findings.on(DiagnosticCode.MISSING_FINAL_NEWLINE)) {
            findings.report(DiagnosticCode.MISSING_FINAL_NEWLINE, bytes, Math.max(1, lastLine - 1),
                    "the input does not end with a newline");
        }
    }
}
