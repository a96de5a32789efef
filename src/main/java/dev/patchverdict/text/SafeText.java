// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import java.util.Locale;

/**
 * The one rule for showing untrusted text in a message or report: control characters (C0, DEL,
 * C1), bidi controls and zero-width characters (the "Trojan Source" set), other format characters
 * and the line and paragraph separators are escaped, so no text can reorder, hide, break or inject
 * terminal output. Shared by the diff reader, the JSON reader, the renderers and the behavioural
 * runner's text report; only the way an escape is written differs ({@link Style}).
 */
public final class SafeText {
    private SafeText() {}

    /** How an escaped code point is written. Which code points are escaped never depends on it. */
    public enum Style {
        /** {@code \t \r \n}, {@code \xNN} below U+0080, <code>&#92;u{XXXX}</code> above: messages and findings. */
        MESSAGE,
        /**
         * {@code \t \r \n}, {@code \e} for ESC, {@code \xNN} below U+0100, <code>&#92;uNNNN</code> above
         * ({@code \UNNNNNNNN} past U+FFFF): the behavioural runner's text report, where escape
         * sequences under test read as a shell would write them.
         */
        REPORT
    }

    /** Bidi controls and zero-width characters: they hide or reorder text on screen. */
    public static boolean isInvisible(int cp) {
        return cp == 0x061c
                || (cp >= 0x200b && cp <= 0x200f)
                || (cp >= 0x202a && cp <= 0x202e)
                || (cp >= 0x2066 && cp <= 0x2069)
                || cp == 0xfeff;
    }

    /** Whether a code point must be escaped rather than shown. */
    public static boolean mustEscape(int cp) {
        if (cp >= 0x20 && cp < 0x7f) {
            return false;
        }
        if (cp < 0x80) {
            return true;
        }
        // U+2028 and U+2029 break the line in some terminals and editors, as a newline would.
        return isInvisible(cp) || cp == 0x2028 || cp == 0x2029 || Character.getType(cp) == Character.FORMAT
                || Character.isISOControl(cp) || Character.getType(cp) == Character.SURROGATE;
    }

    /** Appends the {@link Style#MESSAGE} escape of a code point that {@link #mustEscape} names. */
    public static void appendEscape(StringBuilder sb, int cp) {
        appendEscape(sb, cp, Style.MESSAGE);
    }

    /** Appends the escape of a code point that {@link #mustEscape} names, written in {@code style}. */
    public static void appendEscape(StringBuilder sb, int cp, Style style) {
        switch (cp) {
            case '\t' -> sb.append("\\t");
            case '\r' -> sb.append("\\r");
            case '\n' -> sb.append("\\n");
            default -> {
                if (style == Style.MESSAGE) {
                    sb.append(cp < 0x80 ? String.format(Locale.ROOT, "\\x%02x", cp)
                            : String.format(Locale.ROOT, "\\u{%04X}", cp));
                } else if (cp == 0x1b) {
                    sb.append("\\e");
                } else {
                    sb.append(String.format(Locale.ROOT, cp < 0x100 ? "\\x%02x" : cp <= 0xffff ? "\\u%04x" : "\\U%08x", cp));
                }
            }
        }
    }

    /** The text with every code point {@link #mustEscape} names escaped ({@link Style#MESSAGE}); everything else as is. */
    public static String escape(String s) {
        return escape(s, Style.MESSAGE, false);
    }

    /** The text for one line: every code point {@link #mustEscape} names escaped, the line feed included. */
    public static String escape(String s, Style style) {
        return escape(s, style, false);
    }

    /** As {@link #escape(String, Style)}, but line feeds and tabs stay as they are: for a block of lines. */
    public static String escapeKeepingLines(String s, Style style) {
        return escape(s, style, true);
    }

    /** The characters that start Markdown inside a line (links, images, HTML, entities, code, emphasis, cells, autolinks). */
    private static final String MARKDOWN = "\\`*_{}[]<>()#+!|~&:@";

    /**
     * The text for Markdown inside a line (a GitHub step summary's table cell): escaped as {@link #escape(String)},
     * then each character that could start a link, an image, HTML, an entity, code, emphasis, a table column or an
     * autolink ({@code https:}, {@code user@host}, the dot of {@code www.}) backslash-escaped, which CommonMark
     * shows as the character itself. Names keep their hyphens, dots and slashes as they are.
     */
    public static String markdown(String s) {
        String e = escape(s);
        StringBuilder sb = new StringBuilder(e.length() + 16);
        for (int i = 0; i < e.length(); i++) {
            char c = e.charAt(i);
            boolean www = c == '.' && i >= 3 && e.regionMatches(true, i - 3, "www", 0, 3);
            if (MARKDOWN.indexOf(c) >= 0 || www) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static String escape(String s, Style style, boolean keepLines) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (mustEscape(cp) && !(keepLines && (cp == '\n' || cp == '\t'))) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                appendEscape(sb, cp, style);
            } else if (sb != null) {
                sb.append(s, i, i + n);
            }
            i += n;
        }
        return sb == null ? s : sb.toString();
    }
}
