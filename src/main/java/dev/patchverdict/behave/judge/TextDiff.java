// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.ArrayList;
import java.util.List;

/** Unified diffs of expected against observed (java-diff-utils), bounded for reports. */
public final class TextDiff {
    /**
     * Diffing is quadratic at worst (two sides of this many lines, all different, take about half
     * a second), and the diff only shows a difference already found: beyond this many lines a side
     * is diffed only in part.
     */
    private static final int MAX_DIFF_LINES = 2000;
    private static final int MAX_OUTPUT_LINES = 400;

    private TextDiff() {}

    /** Splits on LF; a final LF ends the last line rather than starting an empty one. */
    public static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                out.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            out.add(text.substring(start));
        }
        return out;
    }

    /** Where the line starting at {@code from} ends: the index of its LF, or the end of the text. */
    static int lineEnd(String text, int from) {
        int lf = text.indexOf('\n', from);
        return lf < 0 ? text.length() : lf;
    }

    /**
     * The first lines of a text, split as {@link #lines}: all a diff shows, and one more when there
     * are more, so a large output is never held line by line to be diffed.
     */
    static List<String> head(String text) {
        List<String> out = new ArrayList<>();
        for (int p = 0; p < text.length() && out.size() <= MAX_DIFF_LINES; p = lineEnd(text, p) + 1) {
            out.add(text.substring(p, lineEnd(text, p)));
        }
        return out;
    }

    /**
     * "line N" for the first line that differs (1-based, in the expected text), found line by line
     * over the texts, holding no list.
     */
    static String firstDifferingLine(String expected, String observed, JudgeDeadline.Work work) {
        int a = 0;
        int b = 0;
        long n = 1;
        while (a < expected.length() && b < observed.length()) {
            work.step();
            int ea = lineEnd(expected, a);
            int eb = lineEnd(observed, b);
            if (ea - a != eb - b || !expected.regionMatches(a, observed, b, ea - a)) {
                return "line " + n;
            }
            a = ea + 1;
            b = eb + 1;
            n++;
        }
        boolean moreExpected = a < expected.length();
        boolean moreObserved = b < observed.length();
        return "line " + n + (moreExpected ? " (observed ends early)" : moreObserved ? " (observed has extra lines)"
                : " (line endings differ)");
    }

    /** No diff once judging is out of time: the difference is already found, the diff only shows it. */
    static String unified(List<String> expected, List<String> observed, JudgeDeadline.Work work) {
        if (work.passed()) {
            return "... no diff: judging ran out of time\n";
        }
        List<String> a = expected.size() > MAX_DIFF_LINES ? expected.subList(0, MAX_DIFF_LINES) : expected;
        List<String> b = observed.size() > MAX_DIFF_LINES ? observed.subList(0, MAX_DIFF_LINES) : observed;
        Patch<String> patch = DiffUtils.diff(a, b);
        List<String> out = UnifiedDiffUtils.generateUnifiedDiff("expected", "observed", a, patch, 3);
        StringBuilder sb = new StringBuilder();
        int n = Math.min(out.size(), MAX_OUTPUT_LINES);
        for (int i = 0; i < n; i++) {
            sb.append(out.get(i)).append('\n');
        }
        if (out.size() > n) {
            sb.append("... ").append(out.size() - n).append(" more diff lines\n");
        }
        if (a != expected || b != observed) {
            sb.append("... diff limited to the first ").append(MAX_DIFF_LINES).append(" lines of each side\n");
        }
        return sb.toString();
    }
}
