// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import dev.patchverdict.text.SafeText;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The one way untrusted text enters an HTML page: markup characters become character references, and every code
 * point {@link SafeText#mustEscape} names (control characters, bidi overrides, zero-width characters), as well as
 * Unicode noncharacters, is written as its visible escape ({@code \x1b}, <code>&#92;u{202E}</code>) inside a
 * {@code <span class="esc">}, so no input can add markup, reorder the text around it or hide part of itself. Ids
 * and links are never made from input text: they are numbers the renderer assigns.
 */
public final class Html {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    private Html() {}

    /** Text for an element's content or a quoted attribute value. */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        text(sb, s);
        return sb.toString();
    }

    /** Appends {@link #text(String)} of {@code s}. */
    public static void text(StringBuilder sb, String s) {
        text(sb, s, "span");
    }

    /**
     * Appends {@code s} as the text of an SVG {@code <text>}, whose escapes are {@code <tspan>}s: an HTML element
     * inside SVG would end the SVG where it stands.
     */
    public static void svgText(StringBuilder sb, String s) {
        text(sb, s, "tspan");
    }

    /** Markup characters as references; an escaped code point inside {@code escapeElement}, or plainly when null. */
    private static void text(StringBuilder sb, String s, String escapeElement) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (!SafeText.mustEscape(cp) && !nonCharacter(cp)) {
                        sb.appendCodePoint(cp);
                    } else if (escapeElement == null) {
                        SafeText.appendEscape(sb, cp);
                    } else {
                        sb.append('<').append(escapeElement).append(" class=\"esc\">");
                        SafeText.appendEscape(sb, cp);
                        sb.append("</").append(escapeElement).append('>');
                    }
                }
            }
        }
    }

    /**
     * Text where no markup may appear: an attribute value, or an SVG {@code <title>}; the same escapes, written
     * plainly.
     */
    public static String attr(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        text(sb, s, null);
        return sb.toString();
    }

    /** U+FDD0..U+FDEF and the last two code points of every plane: HTML calls them parse errors. */
    static boolean nonCharacter(int cp) {
        return cp >= 0xfdd0 && cp <= 0xfdef || (cp & 0xfffe) == 0xfffe;
    }

    /** {@code s} cut to {@code max} code points, with an ellipsis when cut: for a label whose whole text is in a title. */
    public static String shorten(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "\u2026";
    }

    /**
     * The start of a page, up to and including {@code <body>}: its content policy (no script, nothing loaded), the
     * shared style and {@code extraCss}. {@code title} is escaped here.
     */
    static String head(String title, String extraCss) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HtmlStyle.POLICY + "\">\n"
                + "<meta name=\"referrer\" content=\"no-referrer\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + text(title) + "</title>\n<style>\n" + HtmlStyle.CSS + extraCss + "</style>\n</head>\n<body>\n";
    }

    /** A time as the page shows it: UTC, to the second. */
    public static String time(Instant t) {
        return TIME.format(t.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
    }
}
