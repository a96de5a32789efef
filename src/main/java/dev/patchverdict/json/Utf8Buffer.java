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
    public Utf8Buffer asciiRun(String s, int from, int to) {
        int n = to - from;
        room(n);
        s.getBytes(from, to, bytes, length);
        length += n;
        return this;
    }

    /**
     * Characters {@code from} to {@code to} of {@code s} in UTF-8, a surrogate pair as one four-byte character and a
     * lone surrogate as {@code '?'}, exactly as {@code String.getBytes(UTF_8)} encodes them.
     */
    public Utf8Buffer utf8(String s, int from, int to) {
        room(3 * (to - from));
        byte[] b = bytes;
        int at = length;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[at++] = (byte) c;
            } else if (c < 0x800) {
                b[at++] = (byte) (0xc0 | c >> 6);
                b[at++] = (byte) (0x80 | c & 0x3f);
            } else if (!Character.isSurrogate(c)) {
                b[at++] = (byte) (0xe0 | c >> 12);
                b[at++] = (byte) (0x80 | c >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[at++] = (byte) (0xf0 | cp >> 18);
                b[at++] = (byte) (0x80 | cp >> 12 & 0x3f);
                b[at++] = (byte) (0x80 | cp >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | cp & 0x3f);
            } else {
                b[at++] = '?';
            }
        }
        length = at;
        return this;
    }

    /** Characters {@code from} to {@code to} of {@code s}, in bulk when {@code high}, the OR of them all, is ASCII. */
    public Utf8Buffer run(String s, int from, int to, int high) {
        return high < 0x80 ? asciiRun(s, from, to) : utf8(s, from, to);
    }

    /** {@code \}{@code u} and four lower-case hex digits of one UTF-16 unit. */
    public Utf8Buffer unicodeEscape(char c) {
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
    public static char shortEscape(char c) {
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
