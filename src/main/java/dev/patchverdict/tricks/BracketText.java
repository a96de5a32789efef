// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static dev.patchverdict.text.LinearPattern.isSpace;
import static dev.patchverdict.text.LinearPattern.isWord;

import java.util.ArrayList;
import java.util.List;

/**
 * A line of code with its brackets matched once, read by index ranges: peel enclosing brackets, split where a
 * separator stands outside every bracket group. Built on code whose string literals are blanked
 * ({@link CodeText#bare}, which keeps every index), so a bracket or separator inside a string never counts; each
 * operation is one pass over its range.
 */
final class BracketText {
    final String s;
    /** For an opening bracket, the index of the one that closes it; -1 otherwise. */
    final int[] match;

    BracketText(String s) {
        this.s = s;
        this.match = new int[s.length()];
        java.util.Arrays.fill(match, -1);
        int[] stack = new int[s.length()];
        int top = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                stack[top++] = i;
            } else if ((c == ')' || c == ']' || c == '}') && top > 0) {
                match[stack[--top]] = i;
            }
        }
    }

    /** The range without blanks around it and without brackets that enclose all of it. */
    int[] strip(int lo, int hi) {
        while (true) {
            while (lo < hi && isSpace(s.charAt(lo))) {
                lo++;
            }
            while (hi > lo && isSpace(s.charAt(hi - 1))) {
                hi--;
            }
            if (hi - lo >= 2 && s.charAt(lo) == '(' && match[lo] == hi - 1) {
                lo++;
                hi--;
            } else {
                return new int[] {lo, hi};
            }
        }
    }

    /** The range split where {@code sep} stands outside every bracket group; a word separator needs word edges. */
    List<int[]> split(int lo, int hi, String sep, boolean word) {
        List<int[]> out = new ArrayList<>();
        int start = lo;
        for (int i = lo; i < hi; i++) {
            char c = s.charAt(i);
            if ((c == '(' || c == '[' || c == '{') && match[i] >= 0 && match[i] < hi) {
                i = match[i];
            } else if (s.startsWith(sep, i) && i + sep.length() <= hi
                    && (!word || (i == lo || !isWord(s.charAt(i - 1))) && (i + sep.length() == hi || !isWord(s.charAt(i + sep.length()))))) {
                out.add(new int[] {start, i});
                i += sep.length() - 1;
                start = i + 1;
            }
        }
        out.add(new int[] {start, hi});
        return out;
    }

    String text(int[] r) {
        return s.substring(r[0], r[1]);
    }
}
