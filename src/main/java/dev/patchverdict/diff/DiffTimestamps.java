// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static dev.patchverdict.diff.GitNames.isDigit;

/**
 * The timestamps GNU diff and others write after a traditional ---/+++ name, as git apply measures them
 * (so the name ends before them), and the epoch timestamp that marks a creation or a deletion.
 */
final class DiffTimestamps {
    private DiffTimestamps() {}

    private static int sane_tz_len(byte[] b, int s, int len) {
        if (len < 6 || b[s + len - 6] != ' ') {
            return 0;
        }
        int tz = s + len - 6;
        if (b[tz + 1] != '+' && b[tz + 1] != '-') {
            return 0;
        }
        for (int p = tz + 2; p != s + len; p++) {
            if (!isDigit(b[p])) {
                return 0;
            }
        }
        return s + len - tz;
    }

    private static int tzWithColonLen(byte[] b, int s, int len) {
        if (len < 7 || b[s + len - 3] != ':') {
            return 0;
        }
        int tz = s + len - 7;
        if (b[tz] != ' ' || (b[tz + 1] != '+' && b[tz + 1] != '-')) {
            return 0;
        }
        int p = tz + 2;
        if (!isDigit(b[p]) || !isDigit(b[p + 1]) || b[p + 2] != ':' || !isDigit(b[p + 3]) || !isDigit(b[p + 4])) {
            return 0;
        }
        return s + len - tz;
    }

    private static int dateLen(byte[] b, int s, int len) {
        if (len < 8 || b[s + len - 3] != '-') {
            return 0;
        }
        int date = s + len - 8;
        int p = date;
        if (!isDigit(b[p]) || !isDigit(b[p + 1]) || b[p + 2] != '-' || !isDigit(b[p + 3]) || !isDigit(b[p + 4])
                || b[p + 5] != '-' || !isDigit(b[p + 6]) || !isDigit(b[p + 7])) {
            return 0;
        }
        if (date - s >= 2 && isDigit(b[date - 1]) && isDigit(b[date - 2])) {
            date -= 2;
        }
        return s + len - date;
    }

    private static int shortTimeLen(byte[] b, int s, int len) {
        if (len < 9 || b[s + len - 3] != ':') {
            return 0;
        }
        int p = s + len - 9;
        if (b[p] != ' ' || !isDigit(b[p + 1]) || !isDigit(b[p + 2]) || b[p + 3] != ':' || !isDigit(b[p + 4])
                || !isDigit(b[p + 5]) || b[p + 6] != ':' || !isDigit(b[p + 7]) || !isDigit(b[p + 8])) {
            return 0;
        }
        return 9;
    }

    private static int fractionalTimeLen(byte[] b, int s, int len) {
        if (len == 0 || !isDigit(b[s + len - 1])) {
            return 0;
        }
        int p = s + len - 1;
        while (p > s && isDigit(b[p])) {
            p--;
        }
        if (b[p] != '.') {
            return 0;
        }
        int n = shortTimeLen(b, s, p - s);
        if (n == 0) {
            return 0;
        }
        return s + len - p + n;
    }

    private static int trailingSpacesLen(byte[] b, int s, int len) {
        if (len == 0 || b[s + len - 1] != ' ') {
            return 0;
        }
        int p = s + len;
        while (p != s) {
            p--;
            if (b[p] != ' ') {
                return s + len - (p + 1);
            }
        }
        return len;
    }

    static int diffTimestampLen(byte[] b, int s, int len) {
        if (len == 0 || !isDigit(b[s + len - 1])) {
            return 0;
        }
        int end = s + len;
        int n = sane_tz_len(b, s, end - s);
        if (n == 0) {
            n = tzWithColonLen(b, s, end - s);
        }
        end -= n;
        n = shortTimeLen(b, s, end - s);
        if (n == 0) {
            n = fractionalTimeLen(b, s, end - s);
        }
        if (n == 0) {
            return 0;
        }
        end -= n;
        n = dateLen(b, s, end - s);
        if (n == 0) {
            return 0;
        }
        end -= n;
        if (end == s) {
            return 0;
        }
        if (b[end - 1] == '\t') {
            end--;
            while (end != s && b[end - 1] == ' ') {
                end--;
            }
            return s + len - end;
        }
        if (b[end - 1] != ' ') {
            return 0;
        }
        end -= trailingSpacesLen(b, s, end - s);
        return s + len - end;
    }

    /** GNU diff marks a creation or deletion with an epoch timestamp after the last TAB. */
    static boolean hasEpochTimestamp(byte[] b, int s, int e) {
        int ts = -1;
        int cp = s;
        while (cp < e && b[cp] != '\n') {
            if (b[cp] == '\t') {
                ts = cp + 1;
            }
            cp++;
        }
        if (ts < 0) {
            return false;
        }
        int epochHour;
        if (GitNames.startsWith(b, ts, e, "1969-12-31 ")) {
            epochHour = 24;
            ts += 11;
        } else if (GitNames.startsWith(b, ts, e, "1970-01-01 ")) {
            epochHour = 0;
            ts += 11;
        } else {
            return false;
        }
        // ^[0-2][0-9]:([0-5][0-9]):00(\.0+)? ([-+][0-2][0-9]:?[0-5][0-9])\n
        int p = ts;
        if (p + 8 > e || !inRange(b[p], '0', '2') || !isDigit(b[p + 1]) || b[p + 2] != ':'
                || !inRange(b[p + 3], '0', '5') || !isDigit(b[p + 4]) || b[p + 5] != ':' || b[p + 6] != '0'
                || b[p + 7] != '0') {
            return false;
        }
        int hour = (b[p] - '0') * 10 + (b[p + 1] - '0');
        int minute = (b[p + 3] - '0') * 10 + (b[p + 4] - '0');
        p += 8;
        if (p < e && b[p] == '.') {
            int q = p + 1;
            while (q < e && b[q] == '0') {
                q++;
            }
            if (q > p + 1) {
                p = q;
            }
        }
        if (p >= e || b[p] != ' ') {
            return false;
        }
        p++;
        if (p + 5 > e || (b[p] != '+' && b[p] != '-') || !inRange(b[p + 1], '0', '2') || !isDigit(b[p + 2])) {
            return false;
        }
        int sign = b[p];
        int zh = (b[p + 1] - '0') * 10 + (b[p + 2] - '0');
        int q = p + 3;
        boolean colon = false;
        if (q < e && b[q] == ':') {
            colon = true;
            q++;
        }
        if (q + 2 > e || !inRange(b[q], '0', '5') || !isDigit(b[q + 1])) {
            return false;
        }
        int zm = (b[q] - '0') * 10 + (b[q + 1] - '0');
        q += 2;
        if (q >= e || b[q] != '\n') {
            return false;
        }
        int zoneoffset;
        if (colon) {
            zoneoffset = zh * 60 + zm;
        } else {
            int v = zh * 100 + zm;
            zoneoffset = (v / 100) * 60 + (v % 100);
        }
        if (sign == '-') {
            zoneoffset = -zoneoffset;
        }
        return hour * 60 + minute - zoneoffset == epochHour * 60;
    }

    private static boolean inRange(byte c, char lo, char hi) {
        return c >= lo && c <= hi;
    }
}
