// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the mutation operators apply in a candidate's line: one left-to-right pass each, no regular expression
 * (the line is the candidate's, and a backtracking engine can be made to run for hours). Each reads as the
 * pattern in its comment, the way java.util.regex finds successive matches; word characters for {@code \b} are
 * letters, digits and '_', as there.
 */
final class Spans {
    private Spans() {}

    /** A match: {@code [start, end)} of the line. */
    record Span(int start, int end) {}

    private static boolean ascii(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private static boolean word(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    private static final String[] COMPARISONS = {"==", "!=", "<=", ">=", "<", ">"};

    /** Successive matches as java.util.regex's find gives them: the match at each place, or the next place on. */
    private static List<Span> successive(String s, java.util.function.IntFunction<Span> at) {
        List<Span> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            Span m = at.apply(i);
            if (m != null) {
                out.add(m);
                i = m.end();
            } else {
                i++;
            }
        }
        return out;
    }

    /** {@code (?<![<>=!\-])(==|!=|<=|>=|<|>)(?![<>=])}. */
    static List<Span> comparisons(String s) {
        return successive(s, i -> {
            if (i > 0 && "<>=!-".indexOf(s.charAt(i - 1)) >= 0) {
                return null;
            }
            for (String op : COMPARISONS) {
                int e = i + op.length();
                if (s.startsWith(op, i) && (e == s.length() || "<>=".indexOf(s.charAt(e)) < 0)) {
                    return new Span(i, e);
                }
            }
            return null;
        });
    }

    private static final String[] BOOLEAN_WORDS = {"true", "false", "True", "False", "and", "or"};

    /** {@code \b(true|false|True|False|and|or)\b|&&|\|\|}. */
    static List<Span> booleans(String s) {
        return successive(s, i -> {
            if (i == 0 || !word(s.charAt(i - 1))) {
                for (String w : BOOLEAN_WORDS) {
                    int e = i + w.length();
                    if (s.startsWith(w, i) && (e == s.length() || !word(s.charAt(e)))) {
                        return new Span(i, e);
                    }
                }
            }
            return s.startsWith("&&", i) || s.startsWith("||", i) ? new Span(i, i + 2) : null;
        });
    }

    private static boolean operandEnd(char c) {
        return ascii(c) || c == ')' || c == ']';
    }

    private static boolean operandStart(char c) {
        return ascii(c) || c == '(' || c == '[';
    }

    /** {@code (?<=[\w)\]] ?)([+\-*}{@code /])(?= ?[\w(\[])}: a binary operator between two operands. */
    static List<Span> arithmetic(String s) {
        List<Span> out = new ArrayList<>();
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if ("+-*/".indexOf(s.charAt(i)) < 0) {
                continue;
            }
            boolean before = i >= 1 && operandEnd(s.charAt(i - 1)) || i >= 2 && s.charAt(i - 1) == ' ' && operandEnd(s.charAt(i - 2));
            boolean after = i + 1 < n && operandStart(s.charAt(i + 1))
                    || i + 2 < n && s.charAt(i + 1) == ' ' && operandStart(s.charAt(i + 2));
            if (before && after) {
                out.add(new Span(i, i + 1));
            }
        }
        return out;
    }

    /** {@code (?<![\w.])\d+(?![\w.])}: a whole decimal number. */
    static List<Span> integers(String s) {
        List<Span> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                i++;
                continue;
            }
            int e = i;
            while (e < n && s.charAt(e) >= '0' && s.charAt(e) <= '9') {
                e++;
            }
            boolean before = i == 0 || !(ascii(s.charAt(i - 1)) || s.charAt(i - 1) == '.');
            boolean after = e == n || !(ascii(s.charAt(e)) || s.charAt(e) == '.');
            if (before && after) {
                out.add(new Span(i, e));
            }
            i = e;
        }
        return out;
    }
}
