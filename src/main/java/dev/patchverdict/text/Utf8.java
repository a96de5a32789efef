// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The project's one UTF-8 validator and decoder, byte-level and allocation-free, as the diff reader runs it
 * on every line: well-formed means Unicode's table 3-7 (no overlong forms, surrogates or code points past
 * U+10FFFF), which is also what the JDK's strict decoder accepts.
 */
public final class Utf8 {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGHS = 0x8080808080808080L;

    private Utf8() {}

    /**
     * The first byte at or after from that is not ASCII, or to. Lines with high bytes are still mostly
     * ASCII, so the checks below skip eight bytes at a time to the next one.
     */
    public static int skipAscii(byte[] b, int from, int to) {
        int i = from;
        while (i + 8 <= to) {
            long high = (long) LONGS.get(b, i) & HIGHS;
            if (high != 0) {
                return i + (Long.numberOfTrailingZeros(high) >>> 3);
            }
            i += 8;
        }
        while (i < to && b[i] >= 0) {
            i++;
        }
        return i;
    }

    /** The code point encoded at i, or -1 when the bytes there are not well-formed UTF-8. */
    public static int decodeAt(byte[] b, int i, int to) {
        int c = b[i] & 0xff;
        if (c < 0x80) {
            return c;
        }
        int n;
        int cp;
        int min;
        if (c >= 0xc2 && c <= 0xdf) {
            n = 1;
            cp = c & 0x1f;
            min = 0x80;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 2;
            cp = c & 0x0f;
            min = 0x800;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3;
            cp = c & 0x07;
            min = 0x10000;
        } else {
            return -1;
        }
        if (i + n >= to) {
            return -1;
        }
        for (int k = 1; k <= n; k++) {
            int d = b[i + k] & 0xff;
            if ((d & 0xc0) != 0x80) {
                return -1;
            }
            cp = (cp << 6) | (d & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            return -1;
        }
        return cp;
    }

    public static int encodedLength(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    /**
     * Whether [from, to) is well-formed UTF-8: exactly what {@link #decodeAt} accepts, written as the byte
     * ranges of Unicode's table 3-7 so each character costs a few compares.
     */
    public static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        while ((i = skipAscii(b, i, to)) < to) {
            int c = b[i] & 0xff;
            if (c < 0xc2) {
                return false; // a continuation byte, or an overlong two-byte lead
            }
            if (c < 0xe0) {
                if (i + 1 >= to || !cont(b[i + 1], 0x80, 0xbf)) {
                    return false;
                }
                i += 2;
            } else if (c < 0xf0) {
                // E0 needs A0..BF after it (no overlong), ED 80..9F (no surrogate).
                int lo = c == 0xe0 ? 0xa0 : 0x80;
                int hi = c == 0xed ? 0x9f : 0xbf;
                if (i + 2 >= to || !cont(b[i + 1], lo, hi) || !cont(b[i + 2], 0x80, 0xbf)) {
                    return false;
                }
                i += 3;
            } else if (c <= 0xf4) {
                // F0 needs 90..BF after it (no overlong), F4 80..8F (nothing past U+10FFFF).
                int lo = c == 0xf0 ? 0x90 : 0x80;
                int hi = c == 0xf4 ? 0x8f : 0xbf;
                if (i + 3 >= to || !cont(b[i + 1], lo, hi) || !cont(b[i + 2], 0x80, 0xbf)
                        || !cont(b[i + 3], 0x80, 0xbf)) {
                    return false;
                }
                i += 4;
            } else {
                return false;
            }
        }
        return true;
    }

    /** Whether all of b is well-formed UTF-8. */
    public static boolean isValid(byte[] b) {
        return isValid(b, 0, b.length);
    }

    /** The offset of the first byte in [from, to) that starts an ill-formed sequence, or -1. */
    public static int firstInvalid(byte[] b, int from, int to) {
        int i = from;
        while ((i = skipAscii(b, i, to)) < to) {
            int cp = decodeAt(b, i, to);
            if (cp < 0) {
                return i;
            }
            i += encodedLength(cp);
        }
        return -1;
    }

    /**
     * The index of the first char of s that UTF-8 cannot encode (a surrogate not in a high-low pair), or -1 when
     * s encodes whole.
     */
    public static int firstLoneSurrogate(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean cont(byte x, int lo, int hi) {
        int v = x & 0xff;
        return v >= lo && v <= hi;
    }

    /** Trojan Source characters: bidirectional controls and zero-width characters. */
    public static boolean isInvisible(int cp) {
        return SafeText.isInvisible(cp);
    }

    /** The first invisible character in [from, to), or -1. Ill-formed bytes are skipped one at a time. */
    public static int firstInvisible(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            // Every listed character starts with D8, E2 or EF; jump to the next such byte, eight at a time.
            if (i + 8 <= to) {
                long x = (long) LONGS.get(b, i);
                long leads = eq(x, 0xd8d8d8d8d8d8d8d8L) | eq(x, 0xe2e2e2e2e2e2e2e2L) | eq(x, 0xefefefefefefefefL);
                if (leads == 0) {
                    i += 8;
                    continue;
                }
                i += Long.numberOfTrailingZeros(leads) >>> 3;
            } else {
                int c = b[i] & 0xff;
                if (c != 0xd8 && c != 0xe2 && c != 0xef) {
                    i++;
                    continue;
                }
            }
            int cp = decodeAt(b, i, to);
            if (cp >= 0 && isInvisible(cp)) {
                return cp;
            }
            i++;
        }
        return -1;
    }

    private static final long LOW7 = 0x7f7f7f7f7f7f7f7fL;

    /** High bit set in exactly the bytes of x equal to the byte repeated in pattern. */
    private static long eq(long x, long pattern) {
        long t = x ^ pattern;
        return ~(((t & LOW7) + LOW7) | t) & HIGHS;
    }
}
