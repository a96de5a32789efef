package dev.patchverdict.behave.result;

import java.util.Locale;

/**
 * Makes candidate- or worker-supplied text safe to show on a terminal: C0 and C1 control
 * characters, DEL and the bidirectional and zero-width marks are written as escapes, so output
 * under test can never move the cursor, clear the screen or print a forged verdict line.
 */
public final class Printable {
    private Printable() {}

    /** Escapes every control character except the line feed, which the caller's layout needs. */
    public static String keepNewlines(String s) {
        return escape(s, true);
    }

    /** Escapes every control character, the line feed included: for text shown on one line. */
    public static String line(String s) {
        return escape(s, false);
    }

    private static String escape(String s, boolean keepNewline) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = null;
            boolean layout = keepNewline && (c == '\n' || c == '\t');
            if (!layout && (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isInvisible(c))) {
                rep = switch (c) {
                    case '\n' -> "\\n";
                    case '\r' -> "\\r";
                    case '\t' -> "\\t";
                    case 0x1b -> "\\e";
                    default -> c < 0x100 ? String.format(Locale.ROOT, "\\x%02x", (int) c)
                            : String.format(Locale.ROOT, "\\u%04x", (int) c);
                };
            }
            if (rep != null) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(rep);
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /** Bidirectional overrides and isolates, zero-width characters and the line and paragraph separators. */
    private static boolean isInvisible(char c) {
        return (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028 || c == 0x2029 || c == 0xfeff;
    }
}
