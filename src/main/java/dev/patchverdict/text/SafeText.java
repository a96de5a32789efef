package dev.patchverdict.text;

/**
 * The one rule for showing untrusted text in a message: control characters, bidi controls and
 * zero-width characters (the "Trojan Source" set) and other format characters are escaped, so no
 * message can reorder, hide or inject terminal output. Shared by the diff reader and the JSON reader.
 */
public final class SafeText {
    private SafeText() {}

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
        return isInvisible(cp) || Character.getType(cp) == Character.FORMAT || Character.isISOControl(cp)
                || Character.getType(cp) == Character.SURROGATE;
    }

    /** Appends the escape of a code point that {@link #mustEscape} names. */
    public static void appendEscape(StringBuilder sb, int cp) {
        switch (cp) {
            case '\t' -> sb.append("\\t");
            case '\r' -> sb.append("\\r");
            case '\n' -> sb.append("\\n");
            default -> {
                if (cp < 0x80) {
                    sb.append(String.format("\\x%02x", cp));
                } else {
                    sb.append(String.format("\\u{%04X}", cp));
                }
            }
        }
    }

    /** The text with every code point {@link #mustEscape} names escaped; everything else as is. */
    public static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (mustEscape(cp)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                appendEscape(sb, cp);
            } else if (sb != null) {
                sb.append(s, i, i + n);
            }
            i += n;
        }
        return sb == null ? s : sb.toString();
    }
}
