// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.ArrayList;
import java.util.List;

/** Unified diffs of expected against observed (java-diff-utils), bounded for reports. */
public final class TextDiff {
    /** Diffing is quadratic at worst; beyond this many lines a side is diffed only in part. */
    private static final int MAX_DIFF_LINES = 5000;
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

    static String unified(List<String> expected, List<String> observed) {
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

    /** "line N" for the first line that differs (1-based, in the expected text). */
    static String firstDifferingLine(List<String> expected, List<String> observed) {
        int n = Math.min(expected.size(), observed.size());
        for (int i = 0; i < n; i++) {
            if (!expected.get(i).equals(observed.get(i))) {
                return "line " + (i + 1);
            }
        }
        return "line " + (n + 1) + (expected.size() > observed.size() ? " (observed ends early)"
                : observed.size() > expected.size() ? " (observed has extra lines)" : " (line endings differ)");
    }
}
