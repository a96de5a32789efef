package dev.patchverdict.diff;

/** Byte-level UTF-8 helpers that never allocate, for per-line checks on the hot path. */
final class Utf8 {
    private Utf8() {}

    /** The code point encoded at i, or -1 when the bytes there are not well-formed UTF-8. */
    static int decodeAt(byte[] b, int i, int to) {
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

    static int encodedLength(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            if (b[i] >= 0) {
                i++;
                continue;
            }
            int cp = decodeAt(b, i, to);
            if (cp < 0) {
                return false;
            }
            i += encodedLength(cp);
        }
        return true;
    }

    /** Trojan Source characters: bidirectional controls and zero-width characters. */
    static boolean isInvisible(int cp) {
        return cp == 0x061c
                || (cp >= 0x200b && cp <= 0x200f)
                || (cp >= 0x202a && cp <= 0x202e)
                || (cp >= 0x2066 && cp <= 0x2069)
                || cp == 0xfeff;
    }

    /** The first invisible character in [from, to), or -1. Ill-formed bytes are skipped one at a time. */
    static int firstInvisible(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            int c = b[i] & 0xff;
            // Every listed character starts with D8, E2 or EF; the rest cannot hold one.
            if (c == 0xd8 || c == 0xe2 || c == 0xef) {
                int cp = decodeAt(b, i, to);
                if (cp >= 0 && isInvisible(cp)) {
                    return cp;
                }
            }
        }
        return -1;
    }
}
