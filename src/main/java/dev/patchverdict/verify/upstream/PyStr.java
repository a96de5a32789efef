// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Python {@code str} behaviours the upstream verifier's messages and parser depend on:
 * {@code repr}, list repr, {@code splitlines}, {@code isspace} and {@code strip}.
 * Everything works on code points, as Python strings do.
 */
public final class PyStr {
    private PyStr() {}

    /** Code-point order, which is how Python sorts strings (UTF-16 order differs above U+E000). */
    static final Comparator<String> CODE_POINT_ORDER = PyStr::compareCodePoints;

    /** Python {@code repr(s)} of a str. */
    public static String repr(String s) {
        // Python prefers single quotes and switches only when that avoids escaping.
        char quote = (s.indexOf('\'') >= 0 && s.indexOf('"') < 0) ? '"' : '\'';
        StringBuilder out = new StringBuilder(s.length() + 2);
        out.append(quote);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp < ' ' || cp == 0x7f) {
                hex(out, "\\x", cp, 2);
            } else if (cp < 0x7f || isPrintable(cp)) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                hex(out, "\\x", cp, 2);
            } else if (cp <= 0xffff) {
                hex(out, "\\u", cp, 4);
            } else {
                hex(out, "\\U", cp, 8);
            }
        }
        return out.append(quote).toString();
    }

    /** Python repr of a list of str: {@code ['a', 'b']}, {@code []}. */
    public static String listRepr(List<String> items) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(repr(items.get(i)));
        }
        return out.append(']').toString();
    }

    /** Python {@code str.splitlines()} (no keepends). */
    public static List<String> splitlines(String s) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (isLineBoundary(c)) {
                lines.add(s.substring(start, i));
                // CRLF is one boundary, every other boundary is one char
                i += (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') ? 2 : 1;
                start = i;
            } else {
                i++;
            }
        }
        if (start < n) {
            lines.add(s.substring(start));
        }
        return lines;
    }

    /**
     * {@code splitlines()} of ASCII text given as its bytes, as {@link #splitlines} splits the same text: the bytes
     * are scanned as they are, with no text built first (most patches are ASCII throughout).
     */
    public static List<String> splitlinesAscii(byte[] ascii) {
        List<String> lines = new ArrayList<>(ascii.length / 32 + 4);
        int start = 0;
        int n = ascii.length;
        for (int i = 0; i < n; i++) {
            byte c = ascii[i];
            // the ASCII boundaries are all below 0x1f: one comparison for nearly every byte
            if (c > 0x1e || !isLineBoundary((char) c)) {
                continue;
            }
            lines.add(new String(ascii, start, i - start, StandardCharsets.ISO_8859_1));
            if (c == '\r' && i + 1 < n && ascii[i + 1] == '\n') {
                i++;
            }
            start = i + 1;
        }
        if (start < n) {
            lines.add(new String(ascii, start, n - start, StandardCharsets.ISO_8859_1));
        }
        return lines;
    }

    /** Python {@code str.isspace()} for a single code point. */
    public static boolean isSpace(int codePoint) {
        return (codePoint >= 0x09 && codePoint <= 0x0d)
                || (codePoint >= 0x1c && codePoint <= 0x20)
                || codePoint == 0x85
                || codePoint == 0xa0
                || codePoint == 0x1680
                || (codePoint >= 0x2000 && codePoint <= 0x200a)
                || codePoint == 0x2028
                || codePoint == 0x2029
                || codePoint == 0x202f
                || codePoint == 0x205f
                || codePoint == 0x3000;
    }

    /** Python {@code str.strip()} with no argument: Unicode whitespace, not just ASCII. */
    public static String strip(String s) {
        int begin = 0;
        int end = s.length();
        while (begin < end) {
            int cp = s.codePointAt(begin);
            if (!isSpace(cp)) {
                break;
            }
            begin += Character.charCount(cp);
        }
        while (end > begin) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(begin, end);
    }

    static int compareCodePoints(String a, String b) {
        return dev.patchverdict.json.CanonicalJson.compareCodePoints(a, b);
    }

    private static boolean isLineBoundary(char c) {
        if (c > 0x1e && c != 0x85 && c < 0x2028) {
            return false; // most characters, at one comparison or two
        }
        switch (c) {
            case '\n': case '\r': case 0x0b: case 0x0c: case 0x1c: case 0x1d: case 0x1e:
            case 0x85: case 0x2028: case 0x2029:
                return true;
            default:
                return false;
        }
    }

    // Python's str.isprintable(): everything except these categories (and Zs other than space).
    private static boolean isPrintable(int cp) {
        switch (Character.getType(cp)) {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.SURROGATE:
            case Character.PRIVATE_USE:
            case Character.UNASSIGNED:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
                return false;
            case Character.SPACE_SEPARATOR:
                return cp == ' ';
            default:
                return true;
        }
    }

    private static void hex(StringBuilder out, String prefix, int value, int width) {
        String h = Integer.toHexString(value);
        out.append(prefix);
        for (int k = h.length(); k < width; k++) {
            out.append('0');
        }
        out.append(h);
    }
}
