// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growing array of UTF-8 bytes for the JSON writers: text goes straight to the bytes that are hashed or written,
 * with no builder of characters, no intermediate string and no second encoding pass between them. Runs of ASCII are
 * copied in bulk; only the characters around them are looked at one by one.
 */
public final class Utf8Buffer {
    private byte[] bytes;
    private int length;

    public Utf8Buffer(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    public int length() {
        return length;
    }

    /** The bytes written so far (a copy). */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    /** The array behind the buffer, valid up to {@link #length()}; for a reader that does not keep it. */
    public byte[] array() {
        return bytes;
    }

    /** The bytes as text. */
    public String toUtf8String() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /** The bytes as text, for a buffer that holds only ASCII (one byte is one character, no decoding). */
    public String toAsciiString() {
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    private void room(int n) {
        if (bytes.length - length < n) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
        }
    }

    /** One ASCII character. */
    public Utf8Buffer ascii(char c) {
        room(1);
        bytes[length++] = (byte) c;
        return this;
    }

    /** An ASCII-only string (JSON punctuation, numbers, escapes). */
    public Utf8Buffer ascii(String s) {
        return asciiRun(s, 0, s.length());
    }

    /** Characters {@code from} to {@code to} of {@code s}, every one of them below U+0080, copied in bulk. */
    @SuppressWarnings("deprecation") // the low byte of each character is what is wanted: they are all ASCII
    private Utf8Buffer asciiRun(String s, int from, int to) {
        int n = to - from;
        room(n);
        s.getBytes(from, to, bytes, length);
        length += n;
        return this;
    }

    /** How a string literal's characters are written. */
    public enum Escaping {
        /** Python's {@code ensure_ascii}: every character from U+007F up as {@code \}{@code uXXXX} per UTF-16 unit. */
        ASCII,
        /** As they are, in UTF-8; a lone surrogate as {@code '?'}, as {@code String.getBytes(UTF_8)} writes one. */
        UTF8,
        /** As they are, in UTF-8; a lone surrogate is an error (the canonical form has no way to write one). */
        CANONICAL
    }

    /** The ASCII characters every escaping writes as they are. */
    private static final boolean[] PLAIN = new boolean[0x80];

    static {
        for (char c = 0x20; c < 0x7f; c++) {
            PLAIN[c] = c != '"' && c != '\\';
        }
    }

    /** The characters of the string being written (a string's own array cannot be read in place). */
    private char[] chars = new char[64];

    /**
     * {@code s} as a JSON string literal with its quotes: control characters, {@code "} and {@code \} escaped as
     * Python's {@code json} escapes them (short forms where JSON has one, else {@code \}{@code u00XX}), the rest
     * as {@code escaping} says. Runs of plain ASCII are found on a copy of the characters and copied in bulk.
     *
     * @throws IllegalArgumentException for a lone surrogate under {@link Escaping#CANONICAL}
     */
    public Utf8Buffer string(String s, Escaping escaping) {
        int n = s.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, 2 * chars.length)];
        }
        char[] cs = chars;
        s.getChars(0, n, cs, 0);
        ascii('"');
        int i = 0;
        while (true) {
            int start = i;
            while (i < n) {
                char c = cs[i];
                if (c >= 0x80 || !PLAIN[c]) {
                    break;
                }
                i++;
            }
            if (i > start) {
                asciiRun(s, start, i);
            }
            if (i == n) {
                break;
            }
            char c = cs[i];
            char e = shortEscape(c);
            if (e != 0) {
                room(2);
                bytes[length++] = '\\';
                bytes[length++] = (byte) e;
                i++;
            } else if (c < 0x20 || escaping == Escaping.ASCII) {
                unicodeEscape(c);
                i++;
            } else {
                i = encode(cs, i, n, escaping);
            }
        }
        return ascii('"');
    }

    /** Writes the character at {@code i} (U+007F or above) in UTF-8 and returns the index after it. */
    private int encode(char[] cs, int i, int n, Escaping escaping) {
        room(4);
        byte[] b = bytes;
        char c = cs[i];
        if (c < 0x80) {
            b[length++] = (byte) c;
        } else if (c < 0x800) {
            b[length++] = (byte) (0xc0 | c >> 6);
            b[length++] = (byte) (0x80 | c & 0x3f);
        } else if (!Character.isSurrogate(c)) {
            b[length++] = (byte) (0xe0 | c >> 12);
            b[length++] = (byte) (0x80 | c >> 6 & 0x3f);
            b[length++] = (byte) (0x80 | c & 0x3f);
        } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs[i + 1])) {
            int cp = Character.toCodePoint(c, cs[i + 1]);
            b[length++] = (byte) (0xf0 | cp >> 18);
            b[length++] = (byte) (0x80 | cp >> 12 & 0x3f);
            b[length++] = (byte) (0x80 | cp >> 6 & 0x3f);
            b[length++] = (byte) (0x80 | cp & 0x3f);
            return i + 2;
        } else if (escaping == Escaping.CANONICAL) {
            throw new IllegalArgumentException("string holds a lone surrogate at index " + i);
        } else {
            b[length++] = '?';
        }
        return i + 1;
    }

    /** {@code \}{@code u} and four lower-case hex digits of one UTF-16 unit. */
    private Utf8Buffer unicodeEscape(char c) {
        room(6);
        byte[] b = bytes;
        int at = length;
        b[at++] = '\\';
        b[at++] = 'u';
        b[at++] = HEX[c >> 12];
        b[at++] = HEX[c >> 8 & 0xf];
        b[at++] = HEX[c >> 4 & 0xf];
        b[at++] = HEX[c & 0xf];
        length = at;
        return this;
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** The two-character escape JSON has for {@code c}, or 0 when it has none. */
    private static char shortEscape(char c) {
        return switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '\n' -> 'n';
            case '\r' -> 'r';
            case '\t' -> 't';
            case '\b' -> 'b';
            case '\f' -> 'f';
            default -> 0;
        };
    }
}
