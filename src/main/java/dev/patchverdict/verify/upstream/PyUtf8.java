// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

/**
 * Strict UTF-8 decoding with CPython's error text. The error range and reason follow CPython's
 * decoder: the first error wins, an invalid continuation covers the start byte plus the valid
 * continuation bytes before the bad one, and a valid-so-far prefix cut by the end of the input
 * is "unexpected end of data" up to the end.
 */
public final class PyUtf8 {
    private PyUtf8() {}

    /** {@code getMessage()} is exactly CPython's {@code str(UnicodeDecodeError)}. */
    public static final class DecodeError extends Exception {
        private static final long serialVersionUID = 1L;

        DecodeError(String message) {
            super(message);
        }
    }

    public static String decode(byte[] bytes) throws DecodeError {
        int n = bytes.length;
        int i = 0;
        while (i < n && bytes[i] >= 0) {
            i++;
        }
        if (i == n) {
            // ASCII throughout, as most patches are: one byte, one char
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        StringBuilder out = new StringBuilder(bytes.length);
        out.append(new String(bytes, 0, i, java.nio.charset.StandardCharsets.ISO_8859_1));
        while (i < n) {
            int b0 = bytes[i] & 0xff;
            if (b0 < 0x80) {
                out.append((char) b0);
                i++;
                continue;
            }
            int need;
            int lo = 0x80;
            int hi = 0xbf;
            if (b0 >= 0xc2 && b0 <= 0xdf) {
                need = 1;
            } else if (b0 >= 0xe0 && b0 <= 0xef) {
                need = 2;
                // E0 would be overlong below A0; ED at A0 and above encodes a surrogate
                if (b0 == 0xe0) {
                    lo = 0xa0;
                } else if (b0 == 0xed) {
                    hi = 0x9f;
                }
            } else if (b0 >= 0xf0 && b0 <= 0xf4) {
                need = 3;
                // F0 would be overlong below 90; F4 at 90 and above exceeds U+10FFFF
                if (b0 == 0xf0) {
                    lo = 0x90;
                } else if (b0 == 0xf4) {
                    hi = 0x8f;
                }
            } else {
                throw error(bytes, i, i + 1, "invalid start byte");
            }
            int cp = b0 & (0x3f >> need);
            for (int k = 1; k <= need; k++) {
                if (i + k >= n) {
                    throw error(bytes, i, n, "unexpected end of data");
                }
                int b = bytes[i + k] & 0xff;
                int min = (k == 1) ? lo : 0x80;
                int max = (k == 1) ? hi : 0xbf;
                if (b < min || b > max) {
                    throw error(bytes, i, i + k, "invalid continuation byte");
                }
                cp = (cp << 6) | (b & 0x3f);
            }
            out.appendCodePoint(cp);
            i += need + 1;
        }
        return out.toString();
    }

    private static DecodeError error(byte[] bytes, int start, int end, String reason) {
        if (end - start == 1) {
            return new DecodeError(String.format("'utf-8' codec can't decode byte 0x%02x in position %d: %s",
                    bytes[start] & 0xff, start, reason));
        }
        return new DecodeError(String.format("'utf-8' codec can't decode bytes in position %d-%d: %s",
                start, end - 1, reason));
    }
}
