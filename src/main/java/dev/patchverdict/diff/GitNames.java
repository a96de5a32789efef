// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Arrays;

/**
 * How git apply takes file names out of header lines: prefix stripping by the -p level, C-quoted names,
 * the two names of a {@code diff --git} line, and timestamps after traditional {@code ---} names. The rules
 * follow git's documented and observed behaviour; byte arrays stand in for its NUL-terminated strings.
 */
final class GitNames {
    static final int TERM_SPACE = 1;
    static final int TERM_TAB = 2;

    private GitNames() {}

    /** git's own isspace: space, TAB, LF and CR only. */
    static boolean isGitSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean nameTerminate(int c, int terminate) {
        if (c == ' ' && (terminate & TERM_SPACE) == 0) {
            return false;
        }
        return !(c == '\t' && (terminate & TERM_TAB) == 0);
    }

    /** Collapses runs of '/' and cuts at a NUL, as a C string would end there. */
    static byte[] squashSlash(byte[] name) {
        if (name == null) {
            return null;
        }
        byte[] out = new byte[name.length];
        int j = 0;
        int i = 0;
        while (i < name.length && name[i] != 0) {
            byte c = name[i++];
            out[j++] = c;
            if (c == '/') {
                while (i < name.length && name[i] == '/') {
                    i++;
                }
            }
        }
        return j == out.length ? out : Arrays.copyOf(out, j);
    }

    /** A name that has been cut at its first NUL. */
    static byte[] cString(byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                return Arrays.copyOf(b, i);
            }
        }
        return b;
    }

    /**
     * The name starting at b[s] in a line ending at e. {@code stop} bounds the name when a timestamp was
     * found after it (then nothing terminates it early), else -1.
     */
    static byte[] findNameCommon(byte[] b, int s, int e, byte[] def, int pValue, int stop, int terminate) {
        int start = pValue == 0 ? s : -1;
        int i = s;
        int limit = stop >= 0 ? stop : e;
        int p = pValue;
        while (i < limit) {
            int c = b[i] & 0xff;
            if (stop < 0) {
                if (c == 0) {
                    break;
                }
                if (isGitSpace(c)) {
                    if (c == '\n' || nameTerminate(c, terminate)) {
                        break;
                    }
                }
            }
            i++;
            if (c == '/') {
                p--;
                if (p == 0) {
                    start = i;
                }
            }
        }
        if (start < 0) {
            return squashSlash(def);
        }
        int len = i - start;
        if (len <= 0) {
            return squashSlash(def);
        }
        if (def != null && def.length < len && Arrays.equals(b, start, start + def.length, def, 0, def.length)) {
            return squashSlash(def);
        }
        return squashSlash(Arrays.copyOfRange(b, start, i));
    }

    static byte[] findNameGnu(byte[] b, int s, int e, int pValue) {
        GitQuote.Unquoted u = GitQuote.unquote(b, s, e);
        if (u == null) {
            return null;
        }
        byte[] name = cString(u.bytes());
        int cp = 0;
        for (int p = pValue; p > 0; p--) {
            int slash = indexOf(name, cp, name.length, (byte) '/');
            if (slash < 0) {
                return null;
            }
            cp = slash + 1;
        }
        return squashSlash(Arrays.copyOfRange(name, cp, name.length));
    }

    static byte[] findName(byte[] b, int s, int e, byte[] def, int pValue, int terminate) {
        if (s < e && b[s] == '"') {
            byte[] name = findNameGnu(b, s, e, pValue);
            if (name != null) {
                return name;
            }
        }
        return findNameCommon(b, s, e, def, pValue, -1, terminate);
    }

    static byte[] findNameTraditional(byte[] b, int s, int e, byte[] def, int pValue) {
        if (s < e && b[s] == '"') {
            byte[] name = findNameGnu(b, s, e, pValue);
            if (name != null) {
                return name;
            }
        }
        int nl = s;
        while (nl < e && b[nl] != '\n' && b[nl] != 0) {
            nl++;
        }
        int len = nl - s;
        int dateLen = DiffTimestamps.diffTimestampLen(b, s, len);
        if (dateLen == 0) {
            return findNameCommon(b, s, e, def, pValue, -1, TERM_TAB);
        }
        return findNameCommon(b, s, e, def, pValue, s + len - dateLen, 0);
    }

    static boolean isDevNull(byte[] b, int s, int e) {
        byte[] dn = {'/', 'd', 'e', 'v', '/', 'n', 'u', 'l', 'l'};
        if (e - s < dn.length + 1 || !Arrays.equals(b, s, s + dn.length, dn, 0, dn.length)) {
            return false;
        }
        return isGitSpace(b[s + dn.length] & 0xff);
    }

    /** Index just past the tree prefix of p components, or -1. */
    static int skipTreePrefix(int pValue, byte[] b, int off, int len) {
        if (pValue == 0) {
            return (len > 0 && b[off] == '/') ? -1 : off;
        }
        int nslash = pValue;
        for (int i = 0; i < len; i++) {
            if (b[off + i] == '/' && --nslash <= 0) {
                return i == 0 ? -1 : off + i + 1;
            }
        }
        return -1;
    }

    /** Positions of the '/' bytes in b[from, to), in order. */
    private static int[] slashPositions(byte[] b, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '/') {
                n++;
            }
        }
        int[] at = new int[n];
        n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] == '/') {
                at[n++] = i;
            }
        }
        return at;
    }

    /**
     * {@link #skipTreePrefix(int, byte[], int, int)} in constant time, given the line's slash positions and the
     * index of the first one at or after {@code off}.
     */
    private static int skipTreePrefix(int pValue, byte[] b, int off, int len, int[] slashes, int first) {
        if (pValue == 0) {
            return (len > 0 && b[off] == '/') ? -1 : off;
        }
        int k = first + pValue - 1;
        if (k >= slashes.length || slashes[k] >= off + len) {
            return -1;
        }
        return slashes[k] == off ? -1 : slashes[k] + 1;
    }

    private static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
            if (b[i] == 0) {
                return -1;
            }
        }
        return -1;
    }

    private static int cstrlen(byte[] b, int from, int to) {
        int i = from;
        while (i < to && b[i] != 0) {
            i++;
        }
        return i - from;
    }

    /**
     * The name both sides of a {@code diff --git} line agree on, or null when they differ (a rename) or the
     * line is ambiguous. {@code s} is the line start and {@code e} its end (past the newline).
     */
    static byte[] gitHeaderName(int pValue, byte[] b, int s, int e) {
        int line = s + 11;
        int llen = (e - s) - 11;
        int lineEnd = line + llen;
        if (llen <= 0) {
            return null;
        }
        if (b[line] == '"') {
            GitQuote.Unquoted first = GitQuote.unquote(b, line, e);
            if (first == null) {
                return null;
            }
            byte[] fb = first.bytes();
            int cp = skipTreePrefix(pValue, fb, 0, fb.length);
            if (cp < 0) {
                return null;
            }
            byte[] firstName = Arrays.copyOfRange(fb, cp, fb.length);
            int second = first.end();
            while (second < lineEnd && isGitSpace(b[second] & 0xff)) {
                second++;
            }
            if (lineEnd <= second) {
                return null;
            }
            if (b[second] == '"') {
                GitQuote.Unquoted sp = GitQuote.unquote(b, second, e);
                if (sp == null) {
                    return null;
                }
                byte[] sb = sp.bytes();
                int cp2 = skipTreePrefix(pValue, sb, 0, sb.length);
                if (cp2 < 0) {
                    return null;
                }
                if (!Arrays.equals(cString(Arrays.copyOfRange(sb, cp2, sb.length)), cString(firstName))) {
                    return null;
                }
                return cString(firstName);
            }
            int cp2 = skipTreePrefix(pValue, b, second, lineEnd - second);
            if (cp2 < 0) {
                return null;
            }
            // The length here runs to the end of the line, newline included, as git measures it.
            if (lineEnd - cp2 != firstName.length
                    || !Arrays.equals(b, cp2, cp2 + firstName.length, firstName, 0, firstName.length)) {
                return null;
            }
            return cString(firstName);
        }

        int name = skipTreePrefix(pValue, b, line, llen);
        if (name < 0) {
            return null;
        }
        for (int second = name; second < lineEnd; second++) {
            if (b[second] == '"') {
                GitQuote.Unquoted sp = GitQuote.unquote(b, second, e);
                if (sp == null) {
                    return null;
                }
                byte[] sb = sp.bytes();
                int np = skipTreePrefix(pValue, sb, 0, sb.length);
                if (np < 0) {
                    return null;
                }
                int len = cstrlen(sb, np, sb.length);
                if (len < second - name && strncmpEq(sb, np, b, name, len) && name + len < e
                        && isGitSpace(b[name + len] & 0xff)) {
                    return cString(Arrays.copyOfRange(sb, np, sb.length));
                }
                return null;
            }
        }
        int nl = -1;
        for (int i = name; i < e; i++) {
            if (b[i] == '\n') {
                nl = i;
                break;
            }
            if (b[i] == 0) {
                break;
            }
        }
        if (nl < 0) {
            return null;
        }
        // Every space is a candidate split, and skipping the second name's prefix from each one would rescan
        // the rest of the line: quadratic in a line of many spaces. The slashes are found once instead, and
        // the split points only move right, so one cursor over them serves every candidate.
        int[] slashes = slashPositions(b, name, nl);
        int cursor = 0;
        for (int len = 0;; len++) {
            int c = b[name + len] & 0xff;
            if (c == '\n') {
                return null;
            }
            if (c == '\t' || c == ' ') {
                if (name + len + 1 >= e || b[name + len + 1] == 0) {
                    return null;
                }
                int off = name + len + 1;
                while (cursor < slashes.length && slashes[cursor] < off) {
                    cursor++;
                }
                int second = skipTreePrefix(pValue, b, off, nl - off, slashes, cursor);
                if (second < 0) {
                    return null;
                }
                if (second + len <= nl && b[second + len] == '\n' && strncmpEq(b, name, b, second, len)) {
                    return Arrays.copyOfRange(b, name, name + len);
                }
            }
        }
    }

    /** strncmp(a, b, n) == 0 on C strings. */
    private static boolean strncmpEq(byte[] a, int ao, byte[] b, int bo, int n) {
        for (int i = 0; i < n; i++) {
            byte x = ao + i < a.length ? a[ao + i] : 0;
            byte y = bo + i < b.length ? b[bo + i] : 0;
            if (x != y) {
                return false;
            }
            if (x == 0) {
                return true;
            }
        }
        return true;
    }

    static boolean startsWith(byte[] b, int s, int e, String prefix) {
        int n = prefix.length();
        if (e - s < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b[s + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
