// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** C's strtoul as git relies on it: leading space, a sign, saturation at the unsigned 64-bit maximum. */
final class Numbers {
    private Numbers() {}

    /** The value as an unsigned 64-bit number, and the index just past the digits (s when there were none). */
    record Parsed(long value, int end, boolean overflow) {}

    private static boolean cSpace(int c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    static Parsed strtoul(byte[] b, int s, int e, int base) {
        int i = s;
        while (i < e && cSpace(b[i])) {
            i++;
        }
        boolean neg = false;
        if (i < e && (b[i] == '+' || b[i] == '-')) {
            neg = b[i] == '-';
            i++;
        }
        int digitsStart = i;
        long v = 0;
        boolean overflow = false;
        while (i < e) {
            int d = b[i] - '0';
            if (d < 0 || d >= base) {
                break;
            }
            if (!overflow) {
                long nv = v * base + d;
                // Unsigned overflow check.
                if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, base)) > 0) {
                    overflow = true;
                    v = -1L;
                } else {
                    v = nv;
                }
            }
            i++;
        }
        if (i == digitsStart) {
            return new Parsed(0, s, false);
        }
        if (overflow) {
            return new Parsed(-1L, i, true);
        }
        return new Parsed(neg ? -v : v, i, false);
    }

    /**
     * git's canon_mode on the low 32 bits, as its unsigned int holds them: what a mode means to git versions
     * that canonicalize the modes they read (0 and other unknown types become a submodule entry).
     */
    static int canonMode(int mode) {
        int fmt = mode & 0170000;
        if (fmt == 0100000) {
            return 0100000 | ((mode & 0100) != 0 ? 0755 : 0644);
        }
        if (fmt == 0120000) {
            return 0120000;
        }
        if (fmt == 0040000) {
            return 0040000;
        }
        return 0160000;
    }
}
