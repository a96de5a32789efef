// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.EnumSet;

/**
 * How the strict rules report: through the profile's severities, and most codes at most once per file
 * section, so one bad habit repeated on every line reads as one finding.
 */
final class StrictFindings {
    private final Reporter out;
    private final ByteWindow w;
    private final EnumSet<DiagnosticCode> once = EnumSet.noneOf(DiagnosticCode.class);

    StrictFindings(Reporter out, ByteWindow w) {
        this.out = out;
        this.w = w;
    }

    boolean on(DiagnosticCode c) {
        return out.on(c);
    }

    void report(DiagnosticCode c, long offset, long line, String message) {
        out.report(c, offset, line, message);
    }

    void reportOnce(DiagnosticCode c, long offset, long line, String message) {
        if (out.on(c) && once.add(c)) {
            out.report(c, offset, line, message);
        }
    }

    /** Whether c is not yet reported in this section; it counts as reported from now on. */
    boolean firstTime(DiagnosticCode c) {
        return once.add(c);
    }

    /** Whether c was already reported in this section. */
    boolean reported(DiagnosticCode c) {
        return once.contains(c);
    }

    void newSection() {
        once.clear();
    }

    /** The window's bytes [s, e), quoted for a message. */
    String quote(long s, long e) {
        return Messages.quoteLine(w.buf, w.index(s), w.index(e));
    }
}
