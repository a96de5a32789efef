// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * The line the walk stands on, over the byte window: [ls, le) with the window's byte flags lf, its
 * number and offset. Every reader moves through the input here (the hunk body's fast path writes the
 * same fields itself), so the byte checks run on every line exactly once.
 */
final class LineSource {
    final ByteWindow w;
    /** Whether lines are scanned for control bytes, CR and high bytes; off when no rule looks. */
    final boolean byteChecks;
    private final Reporter out;
    private final StrictState strict;
    private final int maxLineBytes;
    private final int maxHeaderBytes;

    long pos;
    long lineNo = 1;
    // The current line: [ls, le) with flags lf.
    long ls;
    long le;
    int lf;
    boolean lastNl = true;

    LineSource(ByteWindow w, boolean byteChecks, Reporter out, StrictState strict, DiffReader.Options options) {
        this.w = w;
        this.byteChecks = byteChecks;
        this.out = out;
        this.strict = strict;
        this.maxLineBytes = options.maxLineBytes();
        this.maxHeaderBytes = options.maxHeaderBytes();
    }

    /** Reads the line at pos into (ls, le, lf). False at the end of input or on an over-long line. */
    boolean readLine() {
        ls = pos;
        long end = byteChecks ? w.scanLine(pos) : w.lineEnd(pos);
        if (end < 0) {
            tooLong();
            return false;
        }
        le = end;
        lf = byteChecks ? w.lineFlags : 0;
        return le > ls;
    }

    long peekEnd(long at) {
        long end = w.lineEnd(at);
        if (end < 0) {
            tooLong();
        }
        return end;
    }

    private void tooLong() {
        if (!out.fatal) {
            out.gitError(DiagnosticCode.LINE_TOO_LONG, pos, lineNo,
                    "a line longer than " + maxLineBytes + " bytes (the line limit); reading stops here");
        }
        out.gitStopped = true;
    }

    /** The current line, a header, is over the header limit: reported as fatal. Name splitting stays linear. */
    boolean headerTooLong() {
        return le - ls > maxHeaderBytes && headerTooLong(ls, lineNo);
    }

    /** Whether a header line of this many bytes is over the limit; reported as fatal if so. */
    boolean headerTooLong(long length, long at, long line) {
        return length > maxHeaderBytes && headerTooLong(at, line);
    }

    private boolean headerTooLong(long at, long line) {
        out.gitError(DiagnosticCode.HEADER_TOO_LONG, at, line, "a header line longer than " + maxHeaderBytes
                + " bytes (the header limit); reading stops here");
        out.gitStopped = true;
        return true;
    }

    /** Moves past the current line, running the byte checks on it. */
    void consume() {
        if (byteChecks && (lf & (ByteWindow.HAS_CONTROL | ByteWindow.HAS_CR)) != 0) {
            strict.lineBytes(ls, le, lf, lineNo);
        }
        lastNl = le > ls && w.at(le - 1) == '\n';
        pos = le;
        lineNo++;
        w.release(pos);
    }

    boolean startsWith(long s, long e, byte[] p) {
        return w.startsWith(s, e, p);
    }

    int len() {
        return (int) (le - ls);
    }

    boolean endsWithNewline(long s, long e) {
        return e > s && w.at(e - 1) == '\n';
    }

    String quoteCurrent() {
        return quote(ls, le);
    }

    String quote(long s, long e) {
        return Messages.quoteLine(w.buf, w.index(s), w.index(e));
    }
}
