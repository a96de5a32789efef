// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strict rules on file headers: each extended header line as written (quoting, modes, index,
 * similarity, repeats), the diff --git line's names against the header's, and the line git stopped at.
 */
final class StrictHeaderRules {
    private final StrictFindings findings;
    private final ByteWindow w;
    private final PValue prefix;
    /** The line the header check already reported as an unknown header line: not garbage as well. */
    long skipGarbageAt = -1;

    StrictHeaderRules(StrictFindings findings, ByteWindow w, PValue prefix) {
        this.findings = findings;
        this.w = w;
        this.prefix = prefix;
    }

    void headerLine(SectionHeader h, HeaderLine kind, int s, int e, long ls, long lineNo) {
        byte[] b = w.buf;
        String key = switch (kind) {
            case RENAME_OLD -> HeaderLine.RENAME_FROM.name();
            case RENAME_NEW -> HeaderLine.RENAME_TO.name();
            default -> kind.name();
        };
        if (!h.seen.add(key)) {
            findings.reportOnce(DiagnosticCode.DUPLICATE_HEADER_LINE, ls, lineNo,
                    "header line repeated: " + Messages.quoteLine(b, s, e));
        }
        int arg = s + kind.prefix.length();
        switch (kind) {
            case OLD_NAME, NEW_NAME, COPY_FROM, COPY_TO, RENAME_OLD, RENAME_NEW, RENAME_FROM, RENAME_TO -> {
                if (kind == HeaderLine.RENAME_OLD || kind == HeaderLine.RENAME_NEW) {
                    findings.reportOnce(DiagnosticCode.UNKNOWN_HEADER_LINE, ls, lineNo,
                            "obsolete header line: " + Messages.quoteLine(b, s, e));
                }
                int end = e;
                if (kind == HeaderLine.OLD_NAME || kind == HeaderLine.NEW_NAME) {
                    // A TAB ends the name; git writes one after names holding a space.
                    for (int i = arg; i < e; i++) {
                        if (b[i] == '\t') {
                            end = i;
                            break;
                        }
                    }
                }
                checkToken(b, arg, trimNewline(b, arg, end), ls, lineNo);
                checkDoubleSlash(b, arg, trimNewline(b, arg, end), ls, lineNo, kind);
            }
            case SIMILARITY, DISSIMILARITY -> {
                int n = 0;
                int i = arg;
                while (i < e && b[i] >= '0' && b[i] <= '9') {
                    n = Math.min(1000, n * 10 + (b[i] - '0'));
                    i++;
                }
                boolean ok = i > arg && i - arg <= 3 && n <= 100 && i < e && b[i] == '%' && i + 1 < e && b[i + 1] == '\n';
                if (!ok) {
                    findings.reportOnce(DiagnosticCode.SIMILARITY_OUT_OF_RANGE, ls, lineNo,
                            "similarity index is not 0-100%: " + Messages.quoteLine(b, s, e));
                }
            }
            case OLD_MODE, NEW_MODE, DELETED, NEW_FILE -> checkMode(b, arg, e, ls, lineNo, s);
            case INDEX -> checkIndex(b, arg, e, ls, lineNo, s);
            default -> { }
        }
    }

    static int trimNewline(byte[] b, int s, int e) {
        if (e > s && b[e - 1] == '\n') {
            e--;
        }
        return e;
    }

    private void checkMode(byte[] b, int arg, int e, long ls, long lineNo, int s) {
        int end = trimNewline(b, arg, e);
        String m = new String(b, arg, end - arg, StandardCharsets.ISO_8859_1);
        if (!(m.equals("100644") || m.equals("100755") || m.equals("120000") || m.equals("160000"))) {
            findings.reportOnce(DiagnosticCode.MODE_NONCANONICAL, ls, lineNo, "unusual mode: " + Messages.quoteLine(b, s, e));
        }
    }

    private void checkIndex(byte[] b, int arg, int e, long ls, long lineNo, int s) {
        int end = trimNewline(b, arg, e);
        int i = arg;
        int h1 = i;
        while (i < end && isHex(b[i])) {
            i++;
        }
        boolean ok = i > h1 && i - h1 <= 64 && i + 2 <= end && b[i] == '.' && b[i + 1] == '.';
        if (ok) {
            i += 2;
            int h2 = i;
            while (i < end && isHex(b[i])) {
                i++;
            }
            ok = i > h2 && i - h2 <= 64;
            if (ok && i < end) {
                ok = b[i] == ' ';
                if (ok) {
                    checkMode(b, i + 1, e, ls, lineNo, s);
                }
            }
        }
        if (!ok) {
            findings.reportOnce(DiagnosticCode.INDEX_MALFORMED, ls, lineNo, "malformed index line: " + Messages.quoteLine(b, s, e));
        }
    }

    private static boolean isHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }

    /** A name token in a header: a quoted one must be exactly as git would quote it. */
    private void checkToken(byte[] b, int s, int e, long ls, long lineNo) {
        if (s >= e || b[s] != '"') {
            return;
        }
        GitQuote.Unquoted u = GitQuote.unquote(b, s, e);
        String shown = Messages.quoteLine(b, s, e);
        if (u == null) {
            findings.reportOnce(DiagnosticCode.PATH_NONCANONICAL_QUOTING, ls, lineNo, "quoted name does not unquote: " + shown);
            return;
        }
        byte[] name = u.bytes();
        for (byte c : name) {
            if (c == 0) {
                findings.reportOnce(DiagnosticCode.PATH_NUL, ls, lineNo, "NUL in a quoted name: " + shown);
                break;
            }
        }
        byte[] raw = Arrays.copyOfRange(b, s, u.end());
        if (!Arrays.equals(raw, GitQuote.quote(name, true)) && !Arrays.equals(raw, GitQuote.quote(name, false))) {
            findings.reportOnce(DiagnosticCode.PATH_NONCANONICAL_QUOTING, ls, lineNo,
                    "name is not quoted the way git quotes it: " + shown);
        }
    }

    /** git collapses "//" in names, so the effective path never shows it; the name as written does. */
    private void checkDoubleSlash(byte[] b, int s, int e, long ls, long lineNo, HeaderLine kind) {
        if (!findings.on(DiagnosticCode.PATH_EMPTY_COMPONENT) || GitNames.isDevNull(b, s, e + 1 <= b.length ? e + 1 : e)) {
            return;
        }
        byte[] name;
        if (s < e && b[s] == '"') {
            GitQuote.Unquoted u = GitQuote.unquote(b, s, e);
            if (u == null) {
                return;
            }
            name = u.bytes();
        } else {
            name = Arrays.copyOfRange(b, s, e);
        }
        for (int i = 1; i < name.length; i++) {
            if (name[i] == '/' && name[i - 1] == '/') {
                findings.reportOnce(DiagnosticCode.PATH_EMPTY_COMPONENT, ls, lineNo,
                        "empty component ('//') in a name as written: " + Messages.quoteLine(b, s, e));
                return;
            }
        }
    }

    void devNullUnexpected(long ls, long lineNo, boolean old) {
        findings.reportOnce(DiagnosticCode.DEV_NULL_UNEXPECTED, ls, lineNo,
                (old ? "--- /dev/null" : "+++ /dev/null") + " for a file that is not "
                        + (old ? "new" : "deleted") + "; git takes the name 'dev/null'");
    }

    /**
     * The header is read: the diff --git line's own names, rename and copy pairs, and the line git stopped
     * at (stopLine, numbered stopLineNo; -1 when none), which may be an unknown extended header line.
     */
    void gitHeaderDone(SectionHeader h, byte[] diffLine, long stopLine, long stopLineNo, long start, long lineNo) {
        // The diff --git line's own tokens.
        int end = trimNewline(diffLine, 11, diffLine.length);
        if (end > 11 && diffLine[11] == '"') {
            GitQuote.Unquoted first = GitQuote.unquote(diffLine, 11, end);
            checkToken(diffLine, 11, end, start, lineNo);
            if (first != null && first.end() + 1 < end && diffLine[first.end() + 1] == '"') {
                checkToken(diffLine, first.end() + 1, end, start, lineNo);
            }
        } else {
            for (int i = 11; i < end; i++) {
                if (diffLine[i] == '"') {
                    checkToken(diffLine, i, end, start, lineNo);
                    break;
                }
            }
        }
        if (h.isRename && !(h.renameFrom && h.renameTo)) {
            findings.reportOnce(DiagnosticCode.RENAME_INCOMPLETE, start, lineNo, "rename without both 'rename from' and 'rename to'");
        }
        if (h.isCopy && !(h.copyFrom && h.copyTo)) {
            findings.reportOnce(DiagnosticCode.RENAME_INCOMPLETE, start, lineNo, "copy without both 'copy from' and 'copy to'");
        }
        if (findings.on(DiagnosticCode.DIFF_GIT_NAME_MISMATCH)) {
            byte[] oldN = h.oldName != null ? h.oldName : h.newName;
            byte[] newN = h.newName != null ? h.newName : h.oldName;
            if (oldN != null && newN != null && !diffLineNames(diffLine, end, oldN, newN, prefix.value)) {
                findings.reportOnce(DiagnosticCode.DIFF_GIT_NAME_MISMATCH, start, lineNo,
                        "names in the header (" + new GitPath(oldN) + ", " + new GitPath(newN)
                                + ") disagree with " + Messages.quoteLine(diffLine, 0, diffLine.length));
            }
        }
        if (stopLine >= 0 && findings.on(DiagnosticCode.UNKNOWN_HEADER_LINE)) {
            long le = w.lineEnd(stopLine);
            if (le > stopLine) {
                byte[] b = w.buf;
                int s = w.index(stopLine);
                int e = w.index(le);
                boolean known = GitNames.startsWith(b, s, e, "@@ -") || GitNames.startsWith(b, s, e, "GIT binary patch\n")
                        || GitNames.startsWith(b, s, e, "diff ")
                        || ((GitNames.startsWith(b, s, e, "Binary files ") || GitNames.startsWith(b, s, e, "Files "))
                                && GitNames.startsWith(b, e - 8, e, " differ\n"));
                // Extended header lines are lower-case words; anything else is text after the section.
                boolean headerLike = e > s && b[s] >= 'a' && b[s] <= 'z';
                if (!known && headerLike) {
                    findings.reportOnce(DiagnosticCode.UNKNOWN_HEADER_LINE, stopLine, stopLineNo,
                            "unknown extended header line: " + Messages.quoteLine(b, s, e));
                    skipGarbageAt = stopLine;
                }
            }
        }
    }

    /** The diff --git line names old and new, each after one prefix component (or none at -p0). */
    static boolean diffLineNames(byte[] line, int end, byte[] oldN, byte[] newN, int pValue) {
        int s = 11;
        if (s >= end) {
            return false;
        }
        if (line[s] == '"') {
            GitQuote.Unquoted a = GitQuote.unquote(line, s, end);
            if (a == null || a.end() >= end || line[a.end()] != ' ') {
                return false;
            }
            return stripped(a.bytes(), 0, a.bytes().length, oldN, pValue)
                    && secondMatches(line, a.end() + 1, end, newN, pValue);
        }
        for (int i = s; i < end; i++) {
            if (line[i] == ' ' && stripped(line, s, i, oldN, pValue) && secondMatches(line, i + 1, end, newN, pValue)) {
                return true;
            }
        }
        return false;
    }

    private static boolean secondMatches(byte[] line, int s, int end, byte[] name, int pValue) {
        if (s < end && line[s] == '"') {
            GitQuote.Unquoted b = GitQuote.unquote(line, s, end);
            return b != null && b.end() == end && stripped(b.bytes(), 0, b.bytes().length, name, pValue);
        }
        return stripped(line, s, end, name, pValue);
    }

    private static boolean stripped(byte[] b, int s, int e, byte[] name, int pValue) {
        int p = s;
        for (int k = 0; k < pValue; k++) {
            while (p < e && b[p] != '/') {
                p++;
            }
            if (p >= e) {
                return false;
            }
            p++;
        }
        return Arrays.equals(GitNames.squashSlash(Arrays.copyOfRange(b, p, e)), name);
    }

    void traditional(SectionHeader h, long ls, long lineNo) {
        if (findings.on(DiagnosticCode.NOT_GIT_DIFF)) {
            findings.report(DiagnosticCode.NOT_GIT_DIFF, ls, lineNo, "file section without a diff --git line");
        }
    }
}
