// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * A hunk: its "@@ -a,b +c,d @@" line and the body lines its counts promise, read as git's parse_fragment
 * does, with the strict body rules run on each line and each line handed to the visitor when it wants them.
 */
final class HunkReader {
    private final LineSource src;
    private final ByteWindow w;
    private final Reporter out;
    private final StrictHunkRules rules;
    private final DiffVisitor visitor;
    private final boolean byteChecks;
    /** Whether the visitor takes body lines; most callers want sections and diagnostics only. */
    private final boolean linesWanted;
    /** Whether any rule looks at body lines one by one; the git profile has none. */
    private final boolean lineRules;
    private final BodyLineView view;
    /** The line limit, which the fast path must apply as {@link LineSource#readLine} does. */
    private final int maxLine;

    HunkReader(LineSource src, Reporter out, StrictHunkRules rules, DiffVisitor visitor, boolean linesWanted) {
        this.src = src;
        this.w = src.w;
        this.out = out;
        this.rules = rules;
        this.visitor = visitor;
        this.byteChecks = src.byteChecks;
        this.linesWanted = linesWanted;
        this.lineRules = out.on(DiagnosticCode.NO_NEWLINE_MARKER_MALFORMED)
                || out.on(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED) || out.on(DiagnosticCode.INVISIBLE_CHARACTER)
                || out.on(DiagnosticCode.INVALID_UTF8_LINE) || out.on(DiagnosticCode.SWALLOWED_HEADER);
        this.view = new BodyLineView(byteChecks);
        this.maxLine = w.maxLine();
    }

    /** Reads the hunk whose header starts at the current position; null after a fatal error. */
    Hunk read(SectionHeader h, FileHeader fh, int index) {
        src.readLine();
        long hs = src.ls;
        long hLine = src.lineNo;
        HunkNumbers n = HunkNumbers.parse(w.buf, w.index(src.ls), w.index(src.le));
        if (n == null) {
            out.gitError(DiagnosticCode.HUNK_HEADER_MALFORMED, src.ls, src.lineNo, "malformed hunk header: " + src.quoteCurrent());
            return null;
        }
        HunkHeader hh = new HunkHeader(fh.index(), index, n.oldStart(), n.oldCount(), n.newStart(), n.newCount(),
                n.heading(), hs, hLine);
        rules.hunkStart(h, hh, n, src.ls, src.le);
        visitor.onHunk(hh);
        src.consume();

        long oldLines = n.oldCount();
        long newLines = n.newCount();
        int added = 0;
        int deleted = 0;
        int context = 0;
        boolean underflow = false;
        boolean oldNoNl = false;
        boolean newNoNl = false;
        LineKind last = null;
        // Fixed for the whole hunk, so set here and not per line.
        view.section = fh;
        view.hunk = index;
        while (true) {
            // The common case, read in place in a tight loop: a body line that starts with ' ', '-' or '+'
            // (or is empty context) within the counts, ends in a newline the window already holds, and has
            // no control byte or CR, and is within the line limit (a longer one is refused below, however much of
            // it the window happens to hold). It gets the same checks and events as in the general step below,
            // less what cannot apply to it. Nothing here reads input, so b and base stay valid.
            byte[] b = w.buf;
            long base = w.base;
            int i = (int) (src.pos - base);
            while ((oldLines != 0 || newLines != 0) && i < w.limit) {
                int first = b[i];
                boolean plus = first == '+';
                boolean minus = first == '-';
                if (!(plus ? newLines > 0 : minus ? oldLines > 0
                        : (first == ' ' || first == '\n') && oldLines > 0 && newLines > 0)) {
                    break;
                }
                int e = byteChecks ? w.scanBuffered(i) : w.lineEndBuffered(i);
                int flags = byteChecks ? w.lineFlags : 0;
                if (e < 0 || e - i > maxLine || (flags & (ByteWindow.HAS_CONTROL | ByteWindow.HAS_CR)) != 0) {
                    break;
                }
                LineKind kind;
                if (plus) {
                    kind = LineKind.ADDED;
                    added++;
                    newLines--;
                } else if (minus) {
                    kind = LineKind.REMOVED;
                    deleted++;
                    oldLines--;
                } else {
                    kind = LineKind.CONTEXT;
                    context++;
                    oldLines--;
                    newLines--;
                }
                src.ls = base + i;
                src.le = base + e;
                src.lf = flags;
                if (lineRules) {
                    rules.bodyLine(kind, last, b, i, e, src.ls, flags, src.lineNo);
                }
                if (linesWanted) {
                    emitLine(kind);
                }
                last = kind;
                // consume(), for a line that ends in a newline and needs no byte check.
                src.lastNl = true;
                src.pos = src.le;
                src.lineNo++;
                i = e;
            }
            w.release(src.pos);
            if (oldLines == 0 && newLines == 0) {
                break;
            }
            if (!src.readLine()) {
                if (out.fatal) {
                    return null;
                }
                out.gitError(underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH : DiagnosticCode.HUNK_TRUNCATED, src.pos, src.lineNo,
                        "input ends inside a hunk: " + remaining(oldLines, newLines));
                return null;
            }
            int first = w.at(src.ls);
            if (!src.endsWithNewline(src.ls, src.le)) {
                out.gitError(underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH : DiagnosticCode.HUNK_TRUNCATED, src.ls, src.lineNo,
                        "hunk body line without a newline at the end of input, "
                                + remaining(oldLines, newLines) + ": " + src.quoteCurrent());
                return null;
            }
            LineKind kind;
            switch (first) {
                case '\n', ' ' -> {
                    oldLines--;
                    newLines--;
                    context++;
                    kind = LineKind.CONTEXT;
                }
                case '-' -> {
                    deleted++;
                    oldLines--;
                    kind = LineKind.REMOVED;
                }
                case '+' -> {
                    added++;
                    newLines--;
                    kind = LineKind.ADDED;
                }
                case '\\' -> {
                    if (src.len() < 12 || w.at(src.ls + 1) != ' ') {
                        out.gitError(DiagnosticCode.HUNK_CORRUPT_LINE, src.ls, src.lineNo,
                                "malformed no-newline marker in a hunk body: " + src.quoteCurrent());
                        return null;
                    }
                    kind = LineKind.NO_NEWLINE_MARKER;
                    if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                        oldNoNl = true;
                    }
                    if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                        newNoNl = true;
                    }
                }
                default -> {
                    // A new header means the body was cut short; anything else does not belong in a body.
                    boolean header = first == 'd' || first == '@';
                    DiagnosticCode code = underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH
                            : header ? DiagnosticCode.HUNK_TRUNCATED : DiagnosticCode.HUNK_CORRUPT_LINE;
                    out.gitError(code, src.ls, src.lineNo, (header ? "hunk body ends early, " : "not a hunk body line, ")
                            + remaining(oldLines, newLines) + ": " + src.quoteCurrent());
                    return null;
                }
            }
            if (oldLines < 0 || newLines < 0) {
                underflow = true;
                // git counts in unsigned longs: a side that runs past zero can never come back to it.
                oldLines = oldLines < 0 ? Long.MIN_VALUE / 2 : oldLines;
                newLines = newLines < 0 ? Long.MIN_VALUE / 2 : newLines;
            }
            if (lineRules) {
                rules.bodyLine(kind, last, w.buf, w.index(src.ls), w.index(src.le), src.ls, src.lf, src.lineNo);
            }
            if (linesWanted) {
                emitLine(kind);
            }
            last = kind;
            src.consume();
        }
        if (deleted == 0 && added == 0) {
            out.gitError(DiagnosticCode.HUNK_NO_CHANGE, hs, hLine, "hunk has no added or removed line");
            return null;
        }
        // A marker right after the counts run out belongs to this hunk when enough input follows it.
        if (w.hasAtLeast(src.pos, 13) && w.at(src.pos) == '\\' && w.at(src.pos + 1) == ' ') {
            src.readLine();
            if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                oldNoNl = true;
            }
            if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                newNoNl = true;
            }
            rules.bodyLine(LineKind.NO_NEWLINE_MARKER, last, w.buf, w.index(src.ls), w.index(src.le), src.ls, src.lf, src.lineNo);
            if (linesWanted) {
                emitLine(LineKind.NO_NEWLINE_MARKER);
            }
            src.consume();
        }
        Hunk hunk = new Hunk(hh, added, deleted, context, oldNoNl, newNoNl, src.pos, src.lineNo);
        rules.hunkEnd(hh, last);
        visitor.onHunkEnd(hunk);
        return hunk;
    }

    private static String remaining(long oldLines, long newLines) {
        if (oldLines < 0 || newLines < 0) {
            return "more body lines than the header counts";
        }
        return oldLines + " old and " + newLines + " new lines still expected";
    }

    /** Hands the current line to the visitor; the view's section and hunk were set once at the hunk's start. */
    private void emitLine(LineKind kind) {
        BodyLineView v = view;
        v.kind = kind;
        v.line = src.lineNo;
        v.offset = src.ls;
        v.buf = w.buf;
        int s = w.index(src.ls);
        int e = w.index(src.le);
        boolean nl = e > s && w.buf[e - 1] == '\n';
        v.hasNewline = nl;
        v.from = (w.buf[s] == '\n') ? s : s + 1;
        v.to = nl ? e - 1 : e;
        if (v.to < v.from) {
            v.to = v.from;
        }
        v.flags = src.lf;
        visitor.onLine(v);
    }
}
