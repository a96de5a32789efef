// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static dev.patchverdict.text.LinearPattern.dollarAt;
import static dev.patchverdict.text.LinearPattern.isSpace;
import static dev.patchverdict.text.LinearPattern.isTerminator;
import static dev.patchverdict.text.LinearPattern.isWord;
import static dev.patchverdict.text.LinearPattern.skipSpace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Hand scanners for the rules whose patterns need a capture read back or a back-reference, each one pass over
 * the line. Each says which pattern it reads as (the rules were first written with java.util.regex, whose
 * backtracking took hours on a line of spaces); TrickPatternParityTest holds each against that pattern.
 */
final class Scans {
    private Scans() {}

    /** {@code word} at {@code i} with a word boundary on both sides. */
    private static boolean wordAt(String s, int i, String word) {
        int e = i + word.length();
        return s.startsWith(word, i) && (i == 0 || !isWord(s.charAt(i - 1))) && (e == s.length() || !isWord(s.charAt(e)));
    }

    /**
     * The values of successive {@code \breturn\b\s*([^;}]*?)\s*;?\s*(}|$)} matches (what each return in a brace
     * language's line gives back, stripped), handed to {@code each} in order until it returns false.
     */
    static void braceReturns(String s, java.util.function.Predicate<String> each) {
        int from = 0;
        int n = s.length();
        while (true) {
            int r = s.indexOf("return", from);
            if (r < 0) {
                return;
            }
            if (!wordAt(s, r, "return")) {
                from = r + 1;
                continue;
            }
            int start = skipSpace(s, r + 6);
            // The value ends at the first place where blanks, an optional ';', blanks and then '}' or the end
            // follow; it cannot run past a ';' or '}'.
            int stop = start;
            while (stop < n && s.charAt(stop) != ';' && s.charAt(stop) != '}') {
                stop++;
            }
            int matchEnd = -1;
            int valueEnd = -1;
            int afterBlanks = -1;
            for (int e = start; e <= stop && matchEnd < 0; e++) {
                if (afterBlanks < e) {
                    afterBlanks = skipSpace(s, e);
                    int t = afterBlanks;
                    if (t < n && s.charAt(t) == ';') {
                        int u = skipSpace(s, t + 1);
                        if (u < n && s.charAt(u) == '}') {
                            matchEnd = u + 1;
                        } else if (dollarAt(s, u)) {
                            matchEnd = u;
                        }
                    }
                    if (matchEnd < 0) {
                        if (t < n && s.charAt(t) == '}') {
                            matchEnd = t + 1;
                        } else if (dollarAt(s, t)) {
                            matchEnd = t;
                        }
                    }
                    if (matchEnd >= 0) {
                        valueEnd = e;
                    }
                }
                // Past the blanks of one run every end gives the same answer: the scan moves on to their end.
                if (matchEnd < 0 && afterBlanks > e) {
                    e = afterBlanks - 1;
                }
            }
            if (matchEnd < 0) {
                from = r + 1;
                continue;
            }
            if (!each.test(s.substring(start, valueEnd))) {
                return;
            }
            from = Math.max(matchEnd, r + 1);
        }
    }

    /** What {@code ^\s*return\b\s*(.*?)\s*$} captures (a Python return's value, stripped), or null for no match. */
    static String pythonReturn(String s) {
        int r = skipSpace(s, 0);
        if (!wordAt(s, r, "return")) {
            return null;
        }
        int start = skipSpace(s, r + 6);
        int afterBlanks = -1;
        for (int e = start; e <= s.length(); e++) {
            if (afterBlanks < e) {
                afterBlanks = skipSpace(s, e);
                if (dollarAt(s, afterBlanks)) {
                    return s.substring(start, e);
                }
            }
            if (e == s.length() || isTerminator(s.charAt(e))) {
                return null; // the value cannot hold a line terminator
            }
        }
        return null;
    }

    /**
     * {@code \bassert(Equal|Equals|Same)\s*\(\s*(?<a>[^,()]+?)\s*,\s*\k<a>\s*\)}: an equality assertion whose two
     * arguments are the same text.
     */
    static boolean assertSameArguments(String s) {
        int from = 0;
        while (true) {
            int a = s.indexOf("assert", from);
            if (a < 0) {
                return false;
            }
            from = a + 1;
            if (a > 0 && isWord(s.charAt(a - 1))) {
                continue;
            }
            int i = a + 6;
            if (s.startsWith("Equals", i) && sameArguments(s, i + 6) || s.startsWith("Equal", i) && sameArguments(s, i + 5)
                    || s.startsWith("Same", i) && sameArguments(s, i + 4)) {
                return true;
            }
        }
    }

    /** From just after the assertion's name: {@code \s*\(\s*(?<a>[^,()]+?)\s*,\s*\k<a>\s*\)}. */
    private static boolean sameArguments(String s, int i) {
        int n = s.length();
        i = skipSpace(s, i);
        if (i >= n || s.charAt(i) != '(') {
            return false;
        }
        int open = i + 1;
        int p = skipSpace(s, open);
        int q = p;
        while (q < n && s.charAt(q) != ',' && s.charAt(q) != '(' && s.charAt(q) != ')') {
            q++;
        }
        if (q >= n || s.charAt(q) != ',') {
            return false;
        }
        int second = q + 1;
        int r = skipSpace(s, second);
        if (p == q) {
            // Only blanks before the comma: the first argument is some of them, so a blank they share with the
            // blanks after the comma, all followed by ')', is a match.
            if (r >= n || s.charAt(r) != ')') {
                return false;
            }
            for (int k = open; k < q; k++) {
                if (s.substring(second, r).indexOf(s.charAt(k)) >= 0) {
                    return true;
                }
            }
            return false;
        }
        // The first argument starts with its first non-blank and, blanks after it aside, is fixed: its copy must
        // start after all the blanks that follow the comma.
        int w = q;
        while (isSpace(s.charAt(w - 1))) {
            w--;
        }
        String first = s.substring(p, w);
        if (!s.startsWith(first, r)) {
            return false;
        }
        int t = skipSpace(s, r + first.length());
        return t < n && s.charAt(t) == ')';
    }

    private static boolean isOperandChar(char c) {
        return isWord(c) || c == '.' || c == '[' || c == ']' || c == '\'' || c == '"';
    }

    /** {@code ^\s*assert\s+(?<b>[\w.\[\]'"]+)\s*==\s*\k<b>\s*$}: an assert comparing a name with itself. */
    static boolean assertSelfEqual(String s) {
        int n = s.length();
        int a = skipSpace(s, 0);
        if (!s.startsWith("assert", a) || a + 6 >= n || !isSpace(s.charAt(a + 6))) {
            return false;
        }
        int p = skipSpace(s, a + 6);
        int q = p;
        while (q < n && isOperandChar(s.charAt(q))) {
            q++;
        }
        if (q == p) {
            return false;
        }
        int eq = skipSpace(s, q);
        if (!s.startsWith("==", eq)) {
            return false;
        }
        int r = skipSpace(s, eq + 2);
        String operand = s.substring(p, q);
        return s.startsWith(operand, r) && dollarAt(s, skipSpace(s, r + operand.length()));
    }

    /**
     * The contents of the string literals {@code "((?:[^"\\]|\\.){8,200})"|'((?:[^'\\]|\\.){8,200})'} finds in
     * turn: 8 to 200 characters (an escape counts as one) between matching quotes.
     */
    static List<String> quoted(String s) {
        List<String> out = new ArrayList<>();
        quoted(s, out::add);
        return out;
    }

    private static void quoted(String s, Consumer<String> each) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char q = s.charAt(i);
            if (q != '"' && q != '\'') {
                i++;
                continue;
            }
            int j = i + 1;
            int units = 0;
            while (j < n && units < 200) {
                char c = s.charAt(j);
                if (c == q) {
                    break;
                }
                if (c == '\\') {
                    if (j + 1 >= n || isTerminator(s.charAt(j + 1))) {
                        break;
                    }
                    j += 2;
                } else {
                    j++;
                }
                units++;
            }
            if (units >= 8 && j < n && s.charAt(j) == q) {
                each.accept(s.substring(i + 1, j));
                i = j + 1;
            } else {
                i++;
            }
        }
    }

    /** A Python equality def: its indentation (blanks before it) and which method, {@code __eq__} or {@code __ne__}. */
    record EqDef(int indent, String name) {}

    /** What {@code ^(\s*)(async\s+)?def\s+(__eq__|__ne__)\s*\(} finds (group 1's length and group 3), or null. */
    static EqDef pythonEqDef(String s) {
        int n = s.length();
        int indent = skipSpace(s, 0);
        int p = indent;
        if (s.startsWith("async", p) && p + 5 < n && isSpace(s.charAt(p + 5))) {
            p = skipSpace(s, p + 5);
        }
        if (!s.startsWith("def", p) || p + 3 >= n || !isSpace(s.charAt(p + 3))) {
            return null;
        }
        p = skipSpace(s, p + 3);
        String name = s.startsWith("__eq__", p) ? "__eq__" : s.startsWith("__ne__", p) ? "__ne__" : null;
        if (name == null) {
            return null;
        }
        p = skipSpace(s, p + 6);
        return p < n && s.charAt(p) == '(' ? new EqDef(indent, name) : null;
    }
}
