// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.text.SafeText;

/** The code and comment parts of one source line, found by a quote-aware scan (no full tokenizer). */
final class CodeText {
    private CodeText() {}

    /** The index where the line's comment starts, or -1. */
    static int commentStart(String line, PathKinds.Lang lang) {
        String t = line.stripLeading();
        if (lang != PathKinds.Lang.PYTHON && lang != PathKinds.Lang.RUBY && (t.startsWith("*") || t.startsWith("/*"))) {
            return line.length() - t.length();
        }
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'' || c == '`') {
                quote = c;
            } else if ((lang == PathKinds.Lang.PYTHON || lang == PathKinds.Lang.RUBY) && c == '#') {
                return i;
            } else if (lang != PathKinds.Lang.PYTHON && lang != PathKinds.Lang.RUBY && c == '/'
                    && i + 1 < line.length() && (line.charAt(i + 1) == '/' || line.charAt(i + 1) == '*')) {
                return i;
            }
        }
        return -1;
    }

    static String code(String line, PathKinds.Lang lang) {
        int c = commentStart(line, lang);
        return c < 0 ? line : line.substring(0, c);
    }

    /**
     * The code with the inside of every string literal blanked (quotes kept, length kept): what a rule about
     * statements reads, so a message that mentions {@code pytest.skip(...)} or {@code sys.exit(0)} is no hit.
     */
    static String bare(String code) {
        StringBuilder sb = null;
        char quote = 0;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (quote != 0) {
                if (sb == null) {
                    sb = new StringBuilder(code.length()).append(code, 0, i);
                }
                if (c == '\\' && i + 1 < code.length()) {
                    sb.append("  ");
                    i++;
                } else if (c == quote) {
                    quote = 0;
                    sb.append(c);
                } else {
                    sb.append(' ');
                }
            } else {
                if (c == '"' || c == '\'' || c == '`') {
                    quote = c;
                }
                if (sb != null) {
                    sb.append(c);
                }
            }
        }
        return sb == null ? code : sb.toString();
    }

    /** A line shown in a message: trimmed, escaped, at most 80 characters. */
    static String snippet(String line) {
        String s = line.strip();
        if (s.length() > 80) {
            s = s.substring(0, 77) + "...";
        }
        return SafeText.escape(s);
    }
}
