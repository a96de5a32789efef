// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;

/**
 * The numbers of an {@code @@ -a,b +c,d @@} line, read as git reads them: digits only, counts default to
 * 1, anything may follow the closing {@code @@}. Values beyond a signed long are kept at Long.MAX_VALUE and
 * flagged, since no input can hold that many lines anyway.
 */
record HunkNumbers(long oldStart, long oldCount, long newStart, long newCount, boolean oldCountGiven,
        boolean newCountGiven, boolean overflow, int end, String heading) {

    /** The numbers, or null when git would call the header malformed. [s, e) is the line with its newline. */
    static HunkNumbers parse(byte[] b, int s, int e) {
        int len = e - s;
        if (len == 0 || b[e - 1] != '\n') {
            return null;
        }
        long[] old = new long[3];
        int off = range(b, s, len, 4, " +", old);
        if (off < 0) {
            return null;
        }
        long[] neu = new long[3];
        off = range(b, s, len, off, " @@", neu);
        if (off < 0) {
            return null;
        }
        int hs = s + off;
        int he = e - 1;
        if (hs < he && b[hs] == ' ') {
            hs++;
        }
        String heading = new String(b, hs, Math.min(he - hs, 400), StandardCharsets.UTF_8);
        return new HunkNumbers(old[0], old[1], neu[0], neu[1], old[2] != 0, neu[2] != 0,
                (old[2] & 2) != 0 || (neu[2] & 2) != 0, off, heading);
    }

    /** out = {start, count, flags}: flags bit 1 = count given, bit 2 = overflow. Returns the new offset or -1. */
    private static int range(byte[] b, int s, int len, int offset, String expect, long[] out) {
        if (offset < 0 || offset >= len) {
            return -1;
        }
        int p = s + offset;
        int e = s + len;
        if (!GitNames.isDigit(b[p])) {
            return -1;
        }
        Numbers.Parsed a = Numbers.strtoul(b, p, e, 10);
        out[0] = clamp(a.value());
        long flags = overflowOf(a) ? 2 : 0;
        p = a.end();
        out[1] = 1;
        if (p < e && b[p] == ',') {
            if (p + 1 >= e || !GitNames.isDigit(b[p + 1])) {
                return -1;
            }
            Numbers.Parsed c = Numbers.strtoul(b, p + 1, e, 10);
            out[1] = clamp(c.value());
            flags |= 1 | (overflowOf(c) ? 2 : 0);
            p = c.end();
        }
        out[2] = flags;
        int ex = expect.length();
        if (ex > e - p) {
            return -1;
        }
        if (!GitNames.startsWith(b, p, e, expect)) {
            return -1;
        }
        return p + ex - s;
    }

    private static boolean overflowOf(Numbers.Parsed p) {
        return p.overflow() || p.value() < 0 || p.value() > Integer.MAX_VALUE;
    }

    private static long clamp(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }
}
