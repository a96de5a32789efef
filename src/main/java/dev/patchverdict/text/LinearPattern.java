// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import com.google.re2j.Pattern;

/**
 * Regular expressions for text a patch, a candidate or a worker controls: RE2/J, whose matching time is linear in
 * the text whatever the text holds (a backtracking engine takes hours on a line built for it). Patterns are
 * written in java.util.regex's dialect for the parts where the two engines differ, so a pattern means what it
 * meant: {@code \s} is {@code [ \t\n\x0B\f\r]}, {@code .} stops at a line terminator ({@code \n \r \u0085 \u2028
 * \u2029}) and {@code $} also matches before a final line terminator. Lookaround and back-references do not
 * exist in RE2: such a rule is a hand scanner. Word boundaries ({@code \b}) are RE2's, between an ASCII word
 * character and anything else.
 */
public final class LinearPattern {
    private LinearPattern() {}

    private static final String SPACE_CHARS = "\\t\\n\\x0B\\f\\r ";
    private static final String NOT_TERMINATOR = "[^\\n\\r\\x{85}\\x{2028}\\x{2029}]";
    private static final String DOLLAR = "(?:\\r\\n|[\\n\\r\\x{85}\\x{2028}\\x{2029}])?$";

    public static Pattern compile(String javaDialect) {
        return Pattern.compile(translate(javaDialect));
    }

    /** The RE2 form of a pattern written in java.util.regex's dialect (see the class comment). */
    static String translate(String p) {
        StringBuilder sb = new StringBuilder(p.length() + 32);
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\' && i + 1 < p.length()) {
                char n = p.charAt(++i);
                if (n == 's') {
                    sb.append(inClass ? SPACE_CHARS : "[" + SPACE_CHARS + "]");
                } else {
                    sb.append(c).append(n);
                }
            } else if (inClass) {
                sb.append(c);
                if (c == ']') {
                    inClass = false;
                }
            } else if (c == '[') {
                sb.append(c);
                inClass = true;
                // A ']' (or '^]') right after the opening bracket is a member, not the end.
                if (i + 1 < p.length() && p.charAt(i + 1) == '^') {
                    sb.append(p.charAt(++i));
                }
                if (i + 1 < p.length() && p.charAt(i + 1) == ']') {
                    sb.append(p.charAt(++i));
                }
            } else if (c == '.') {
                sb.append(NOT_TERMINATOR);
            } else if (c == '$') {
                sb.append(DOLLAR);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** java.util.regex's {@code \s}: space, tab, line feed, vertical tab, form feed, carriage return. */
    public static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** A line terminator as java.util.regex's {@code .} and {@code $} know them. */
    public static boolean isTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    /** A word character as RE2's {@code \b} and java.util.regex's {@code \w} know them: ASCII letters, digits, '_'. */
    public static boolean isWord(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    /** Whether {@code $} (no flags) matches at {@code i}: at the end, or before a line terminator that ends the text. */
    public static boolean dollarAt(CharSequence s, int i) {
        int n = s.length();
        if (i == n) {
            return true;
        }
        if (i == n - 2) {
            return s.charAt(i) == '\r' && s.charAt(i + 1) == '\n';
        }
        if (i == n - 1) {
            char c = s.charAt(i);
            return isTerminator(c) && !(c == '\n' && i > 0 && s.charAt(i - 1) == '\r');
        }
        return false;
    }

    /** The first index at or after {@code i} that holds no {@link #isSpace} character. */
    public static int skipSpace(CharSequence s, int i) {
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /**
     * ASCII letters in lower case, every other character kept: how java.util.regex's CASE_INSENSITIVE (without
     * UNICODE_CASE) folds, for a pattern written in lower case; RE2's {@code (?i)} would also fold U+212A to k.
     */
    public static String asciiLower(String s) {
        char[] a = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (a == null) {
                    a = s.toCharArray();
                }
                a[i] = (char) (c + 32);
            }
        }
        return a == null ? s : new String(a);
    }
}
