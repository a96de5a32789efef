package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;

/**
 * The rules the strict profile adds to git's reading. The engine calls in at each step of its walk; the
 * state here spans the whole input (paths seen, symlinks made) or one section (hunk order, markers).
 * Everything is checked only when the profile has the code switched on.
 */
final class StrictState {
    private final Reporter out;
    private final ByteWindow w;
    private final PValue prefix;

    // Whole input.
    private boolean anySection;
    private boolean inGarbage;
    private boolean afterHunk;
    private long skipGarbageAt = -1;
    // Kept as hashes: these grow with the number of sections, which a huge diff makes large.
    private final PathSet consumed = new PathSet();
    private final PathSet produced = new PathSet();
    private final PathSet directories = new PathSet();
    private final PathSet symlinks = new PathSet();

    // One section.
    private final EnumSet<DiagnosticCode> once = EnumSet.noneOf(DiagnosticCode.class);
    private long prevOldPos;
    private long prevOldEnd;
    private long delta;
    private boolean oldEnded;
    private boolean newEnded;
    private int swallowRaw;
    private int swallowContent;
    private byte swallowKind;

    StrictState(Reporter out, ByteWindow w, PValue prefix) {
        this.out = out;
        this.w = w;
        this.prefix = prefix;
        this.swallowOn = out.on(DiagnosticCode.SWALLOWED_HEADER);
    }

    /** Consulted for every body line. */
    private final boolean swallowOn;

    private boolean on(DiagnosticCode c) {
        return out.on(c);
    }

    private void report(DiagnosticCode c, long offset, long line, String message) {
        out.report(c, offset, line, message);
    }

    private String quote(long s, long e) {
        return Messages.quoteLine(w.buf, w.index(s), w.index(e));
    }

    private void reportOnce(DiagnosticCode c, long offset, long line, String message) {
        if (on(c) && once.add(c)) {
            report(c, offset, line, message);
        }
    }

    // ------------------------------------------------------------------ bytes of any line

    void lineBytes(long ls, long le, int flags, long lineNo) {
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        if ((flags & ByteWindow.HAS_CR) != 0) {
            boolean crlf = e - s >= 2 && b[e - 1] == '\n' && b[e - 2] == '\r';
            int bodyEnd = crlf ? e - 2 : e;
            for (int i = s; i < bodyEnd; i++) {
                if (b[i] == '\r') {
                    reportOnce(DiagnosticCode.CR_IN_LINE, ls + (i - s), lineNo,
                            "carriage return inside a line: " + Messages.quoteLine(b, s, e));
                    break;
                }
            }
            if (crlf) {
                reportOnce(DiagnosticCode.CRLF_LINE_ENDING, ls, lineNo,
                        "line ends in CRLF: " + Messages.quoteLine(b, s, e));
            }
        }
        if ((flags & ByteWindow.HAS_CONTROL) != 0) {
            for (int i = s; i < e; i++) {
                int c = b[i] & 0xff;
                if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                    reportOnce(DiagnosticCode.CONTROL_CHARACTER, ls + (i - s), lineNo,
                            String.format("control character 0x%02x in line: %s", c, Messages.quoteLine(b, s, e)));
                    break;
                }
            }
        }
    }

    // ------------------------------------------------------------------ text outside sections

    void garbage(long ls, long le, long lineNo) {
        if (ls == skipGarbageAt) {
            return;
        }
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        boolean blank = true;
        for (int i = s; i < e; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') {
                blank = false;
                break;
            }
        }
        boolean combined = GitNames.startsWith(b, s, e, "diff --cc ") || GitNames.startsWith(b, s, e, "diff --combined ")
                || GitNames.startsWith(b, s, e, "@@@ ");
        if (combined && on(DiagnosticCode.COMBINED_DIFF)) {
            if (once.add(DiagnosticCode.COMBINED_DIFF)) {
                report(DiagnosticCode.COMBINED_DIFF, ls, lineNo, "combined diff: " + Messages.quoteLine(b, s, e));
            }
            inGarbage = true;
            return;
        }
        if (!anySection) {
            if (blank) {
                return;
            }
            if (!inGarbage) {
                inGarbage = true;
                if (on(DiagnosticCode.LEADING_GARBAGE)) {
                    report(DiagnosticCode.LEADING_GARBAGE, ls, lineNo,
                            "text before the first file section: " + Messages.quoteLine(b, s, e));
                }
            }
            return;
        }
        if (inGarbage) {
            return;
        }
        inGarbage = true;
        int c = e > s ? b[s] : 0;
        // "-- " alone is the signature separator of a mail, not a removed "- " line.
        boolean signature = GitNames.startsWith(b, s, e, "-- \n") && e - s == 4;
        if (afterHunk && !signature && (c == '+' || c == '-' || c == ' ' || c == '\\' || c == '\n')) {
            if (on(DiagnosticCode.HUNK_OVERRUN)) {
                report(DiagnosticCode.HUNK_OVERRUN, ls, lineNo,
                        "body line after the hunk's counts are met (git ignores it): " + Messages.quoteLine(b, s, e));
            }
        } else if (on(DiagnosticCode.TRAILING_GARBAGE)) {
            report(DiagnosticCode.TRAILING_GARBAGE, ls, lineNo,
                    "text after a file section: " + Messages.quoteLine(b, s, e));
        }
        afterHunk = false;
    }

    void loneDiffLine(long start, long lineNo, byte[] diffLine) {
        if (on(DiagnosticCode.HEADER_ONLY_NO_CHANGE)) {
            report(DiagnosticCode.HEADER_ONLY_NO_CHANGE, start, lineNo,
                    "diff --git line with nothing git reads after it (git skips it): "
                            + Messages.quoteLine(diffLine, 0, diffLine.length));
        }
        inGarbage = false;
        anySection = true;
    }

    // ------------------------------------------------------------------ headers

    void headerLine(SectionHeader h, HeaderLine kind, int s, int e, long ls, long lineNo) {
        byte[] b = w.buf;
        String key = switch (kind) {
            case RENAME_OLD -> HeaderLine.RENAME_FROM.name();
            case RENAME_NEW -> HeaderLine.RENAME_TO.name();
            default -> kind.name();
        };
        if (!h.seen.add(key)) {
            reportOnce(DiagnosticCode.DUPLICATE_HEADER_LINE, ls, lineNo,
                    "header line repeated: " + Messages.quoteLine(b, s, e));
        }
        int arg = s + kind.prefix.length();
        switch (kind) {
            case OLD_NAME, NEW_NAME, COPY_FROM, COPY_TO, RENAME_OLD, RENAME_NEW, RENAME_FROM, RENAME_TO -> {
                if (kind == HeaderLine.RENAME_OLD || kind == HeaderLine.RENAME_NEW) {
                    reportOnce(DiagnosticCode.UNKNOWN_HEADER_LINE, ls, lineNo,
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
                    reportOnce(DiagnosticCode.SIMILARITY_OUT_OF_RANGE, ls, lineNo,
                            "similarity index is not 0-100%: " + Messages.quoteLine(b, s, e));
                }
            }
            case OLD_MODE, NEW_MODE, DELETED, NEW_FILE -> checkMode(b, arg, e, ls, lineNo, s);
            case INDEX -> checkIndex(b, arg, e, ls, lineNo, s);
            default -> { }
        }
    }

    private static int trimNewline(byte[] b, int s, int e) {
        if (e > s && b[e - 1] == '\n') {
            e--;
        }
        return e;
    }

    private void checkMode(byte[] b, int arg, int e, long ls, long lineNo, int s) {
        int end = trimNewline(b, arg, e);
        String m = new String(b, arg, end - arg, StandardCharsets.ISO_8859_1);
        if (!(m.equals("100644") || m.equals("100755") || m.equals("120000") || m.equals("160000"))) {
            reportOnce(DiagnosticCode.MODE_NONCANONICAL, ls, lineNo, "unusual mode: " + Messages.quoteLine(b, s, e));
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
            reportOnce(DiagnosticCode.INDEX_MALFORMED, ls, lineNo, "malformed index line: " + Messages.quoteLine(b, s, e));
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
            reportOnce(DiagnosticCode.PATH_NONCANONICAL_QUOTING, ls, lineNo, "quoted name does not unquote: " + shown);
            return;
        }
        byte[] name = u.bytes();
        for (byte c : name) {
            if (c == 0) {
                reportOnce(DiagnosticCode.PATH_NUL, ls, lineNo, "NUL in a quoted name: " + shown);
                break;
            }
        }
        byte[] raw = Arrays.copyOfRange(b, s, u.end());
        if (!Arrays.equals(raw, GitQuote.quote(name, true)) && !Arrays.equals(raw, GitQuote.quote(name, false))) {
            reportOnce(DiagnosticCode.PATH_NONCANONICAL_QUOTING, ls, lineNo,
                    "name is not quoted the way git quotes it: " + shown);
        }
    }

    /** git collapses "//" in names, so the effective path never shows it; the name as written does. */
    private void checkDoubleSlash(byte[] b, int s, int e, long ls, long lineNo, HeaderLine kind) {
        if (!on(DiagnosticCode.PATH_EMPTY_COMPONENT) || GitNames.isDevNull(b, s, e + 1 <= b.length ? e + 1 : e)) {
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
                reportOnce(DiagnosticCode.PATH_EMPTY_COMPONENT, ls, lineNo,
                        "empty component ('//') in a name as written: " + Messages.quoteLine(b, s, e));
                return;
            }
        }
    }

    void devNullUnexpected(long ls, long lineNo, boolean old) {
        reportOnce(DiagnosticCode.DEV_NULL_UNEXPECTED, ls, lineNo,
                (old ? "--- /dev/null" : "+++ /dev/null") + " for a file that is not "
                        + (old ? "new" : "deleted") + "; git takes the name 'dev/null'");
    }

    void gitHeaderDone(SectionHeader h, byte[] diffLine, long stopLine, long start, long lineNo) {
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
            reportOnce(DiagnosticCode.RENAME_INCOMPLETE, start, lineNo, "rename without both 'rename from' and 'rename to'");
        }
        if (h.isCopy && !(h.copyFrom && h.copyTo)) {
            reportOnce(DiagnosticCode.RENAME_INCOMPLETE, start, lineNo, "copy without both 'copy from' and 'copy to'");
        }
        if (on(DiagnosticCode.DIFF_GIT_NAME_MISMATCH)) {
            byte[] oldN = h.oldName != null ? h.oldName : h.newName;
            byte[] newN = h.newName != null ? h.newName : h.oldName;
            if (oldN != null && newN != null && !diffLineNames(diffLine, end, oldN, newN, prefix.value)) {
                reportOnce(DiagnosticCode.DIFF_GIT_NAME_MISMATCH, start, lineNo,
                        "names in the header (" + new GitPath(oldN) + ", " + new GitPath(newN)
                                + ") disagree with " + Messages.quoteLine(diffLine, 0, diffLine.length));
            }
        }
        if (stopLine >= 0 && on(DiagnosticCode.UNKNOWN_HEADER_LINE)) {
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
                    reportOnce(DiagnosticCode.UNKNOWN_HEADER_LINE, stopLine, lineNo + countLines(start, stopLine),
                            "unknown extended header line: " + Messages.quoteLine(b, s, e));
                    skipGarbageAt = stopLine;
                }
            }
        }
    }

    private long countLines(long from, long to) {
        long n = 0;
        for (long p = from; p < to; p++) {
            if (w.at(p) == '\n') {
                n++;
            }
        }
        return n;
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
        if (on(DiagnosticCode.NOT_GIT_DIFF)) {
            report(DiagnosticCode.NOT_GIT_DIFF, ls, lineNo, "file section without a diff --git line");
        }
    }

    // ------------------------------------------------------------------ sections

    void sectionStart(SectionHeader h, FileHeader fh) {
        anySection = true;
        inGarbage = false;
        afterHunk = false;
        once.clear();
        prevOldPos = 0;
        prevOldEnd = 0;
        delta = 0;
        oldEnded = false;
        newEnded = false;
        swallowRaw = 0;
        swallowContent = 0;

        long off = fh.offset();
        long line = fh.line();
        GitPath oldP = fh.oldPath();
        GitPath newP = fh.newPath();
        checkPath(oldP, off, line);
        if (newP != null && !newP.equals(oldP)) {
            checkPath(newP, off, line);
        }
        int om = fh.oldMode();
        int nm = fh.newMode();
        if (om == 0120000 || nm == 0120000) {
            reportOnce(DiagnosticCode.SYMLINK, off, line, "symbolic link " + fh.path());
        }
        if (om == 0160000 || nm == 0160000) {
            reportOnce(DiagnosticCode.SUBMODULE, off, line, "submodule entry " + fh.path());
        }
        if ((fh.isNew() && nm == 0100755) || (fh.modeChanged() && (om == 0100755 || nm == 0100755))) {
            reportOnce(DiagnosticCode.EXECUTABLE_BIT, off, line, fh.isNew()
                    ? "new executable file " + fh.path()
                    : String.format("mode change %06o => %06o on %s", om, nm, fh.path()));
        }
        if (on(DiagnosticCode.DUPLICATE_PATH)) {
            boolean dup = false;
            if (!fh.isNew() && !fh.isCopy() && oldP != null && !consumed.add(PathSet.hash(oldP))) {
                dup = true;
            }
            if (!fh.isDeleted() && newP != null && !produced.add(PathSet.hash(newP))) {
                dup = true;
            }
            if (dup) {
                reportOnce(DiagnosticCode.DUPLICATE_PATH, off, line, "another section already states the fate of " + fh.path());
            }
        }
        if (on(DiagnosticCode.PATH_BELOW_SYMLINK)) {
            for (GitPath p : new GitPath[] {oldP, newP}) {
                if (p == null) {
                    continue;
                }
                byte[] b = p.bytes();
                for (int i = 1; i < b.length; i++) {
                    if (b[i] != '/') {
                        continue;
                    }
                    long dir = PathSet.hash(b, i);
                    if (!symlinks.isEmpty() && symlinks.contains(dir)) {
                        reportOnce(DiagnosticCode.PATH_BELOW_SYMLINK, off, line, p + " lies below "
                                + Messages.escape(b, 0, i, 120) + ", a symbolic link this patch makes");
                    }
                    directories.add(dir);
                }
            }
            if (newP != null && nm == 0120000 && !fh.isDeleted()) {
                long link = PathSet.hash(newP);
                if (directories.contains(link)) {
                    reportOnce(DiagnosticCode.PATH_BELOW_SYMLINK, off, line,
                            "an earlier section's path lies below " + newP + ", a symbolic link this patch makes");
                }
                symlinks.add(link);
            }
        }
    }

    private void checkPath(GitPath p, long off, long line) {
        if (p == null) {
            return;
        }
        for (PathRules.Finding f : PathRules.check(p.bytes())) {
            reportOnce(f.code(), off, line, f.message());
        }
    }

    void sectionEnd(SectionHeader h, FileSection s) {
        FileHeader fh = s.header();
        if (s.binary() == BinaryPayload.DATA) {
            reportOnce(DiagnosticCode.BINARY_PATCH, fh.offset(), fh.line(), "binary payload for " + fh.path());
        } else if (s.binary() == BinaryPayload.NO_DATA) {
            reportOnce(DiagnosticCode.BINARY_WITHOUT_PAYLOAD, fh.offset(), fh.line(),
                    "binary change to " + fh.path() + " without the data to apply it");
        } else if (s.hunkCount() == 0 && !fh.isNew() && !fh.isDeleted() && !fh.isRename() && !fh.isCopy()
                && !fh.modeChanged()) {
            reportOnce(DiagnosticCode.HEADER_ONLY_NO_CHANGE, fh.offset(), fh.line(),
                    "section for " + fh.path() + " changes nothing");
        }
        afterHunk = s.hunkCount() > 0;
        inGarbage = false;
    }

    // ------------------------------------------------------------------ hunks

    void hunkStart(SectionHeader h, HunkHeader hh, HunkNumbers n, long ls, long le) {
        long line = hh.line();
        if (n.overflow()) {
            reportOnce(DiagnosticCode.NUMBER_OVERFLOW, ls, line, "number too large in hunk header: " + quote(ls, le));
        }
        if (swallowRaw == 2) {
            reportOnce(DiagnosticCode.SWALLOWED_HEADER, ls, line,
                    "---/+++ lines inside the previous hunk's body, then a hunk header: a file header swallowed by the counts");
        }
        swallowRaw = 0;
        swallowContent = 0;
        if (oldEnded || newEnded) {
            reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, line,
                    "hunk after a side already ended without newline");
        }
        if (hh.oldCount() > 0 && hh.oldStart() == 0 || hh.newCount() > 0 && hh.newStart() == 0) {
            reportOnce(DiagnosticCode.HUNK_START_MISMATCH, ls, line, "line 0 with a non-zero count: " + quote(ls, le));
        }
        // A side with no lines names the line before the gap (git, GNU diff) or the line after it (some
        // generators); both conventions are accepted, anything else is not.
        long oldPos = hh.oldCount() == 0 ? hh.oldStart() + 1 : hh.oldStart();
        long newPos = hh.newCount() == 0 ? hh.newStart() + 1 : hh.newStart();
        long oldAlt = hh.oldCount() == 0 ? hh.oldStart() : oldPos;
        long newAlt = hh.newCount() == 0 ? hh.newStart() : newPos;
        if (hh.index() > 0) {
            if (oldPos < prevOldPos) {
                reportOnce(DiagnosticCode.HUNK_OUT_OF_ORDER, ls, line, "hunk starts before the previous one: " + quote(ls, le));
            } else if (oldPos < prevOldEnd) {
                reportOnce(DiagnosticCode.HUNK_OVERLAP, ls, line, "hunk overlaps the previous one: " + quote(ls, le));
            }
        }
        boolean consistent = newPos - oldPos == delta || newAlt - oldPos == delta || newPos - oldAlt == delta
                || newAlt - oldAlt == delta;
        if (!n.overflow() && !consistent) {
            reportOnce(DiagnosticCode.HUNK_START_MISMATCH, ls, line, "new start " + hh.newStart()
                    + " does not follow from the earlier hunks, which shift lines by " + delta + ": "
                    + quote(ls, le));
        }
        prevOldPos = oldPos;
        prevOldEnd = oldPos + hh.oldCount();
        if (!n.overflow()) {
            delta += hh.newCount() - hh.oldCount();
        }
    }

    /**
     * The per-line rules for a hunk body line at b[s, e). Called for every body line, so the common case (no
     * marker, no side ended, no high byte, nothing that starts a swallowed header) stays small enough for
     * the JIT to inline; the rest is out of line.
     */
    void bodyLine(LineKind kind, LineKind last, byte[] b, int s, int e, long ls, int flags, long lineNo) {
        if (kind == LineKind.NO_NEWLINE_MARKER || oldEnded || newEnded || (flags & ByteWindow.HAS_HIGH) != 0) {
            unusualBodyLine(kind, last, b, s, e, ls, flags, lineNo);
        }
        if (swallowOn) {
            // Every swallow pattern has '-', '+' or '@' as its second byte; most lines leave here.
            int c1 = e - s > 1 ? b[s + 1] : 0;
            if (c1 != '-' && c1 != '+' && c1 != '@') {
                swallowRaw = 0;
                swallowContent = 0;
            } else {
                swallow(kind, b, s, e, ls, lineNo);
            }
        }
    }

    private void unusualBodyLine(LineKind kind, LineKind last, byte[] b, int s, int e, long ls, int flags,
            long lineNo) {
        switch (kind) {
            case NO_NEWLINE_MARKER -> {
                int end = trimNewline(b, s, e);
                if (!Arrays.equals(b, s, end, MARKER, 0, MARKER.length)) {
                    reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MALFORMED, ls, lineNo,
                            "not git's no-newline marker: " + Messages.quoteLine(b, s, e));
                }
                if (last == null || last == LineKind.NO_NEWLINE_MARKER) {
                    reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, lineNo,
                            "no-newline marker that follows no body line");
                } else {
                    if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                        oldEnded = true;
                    }
                    if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                        newEnded = true;
                    }
                }
            }
            case CONTEXT, REMOVED, ADDED -> {
                boolean oldSide = kind != LineKind.ADDED;
                boolean newSide = kind != LineKind.REMOVED;
                if ((oldSide && oldEnded) || (newSide && newEnded)) {
                    reportOnce(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED, ls, lineNo,
                            "body line after its side ended without newline: " + Messages.quoteLine(b, s, e));
                }
                if ((flags & ByteWindow.HAS_HIGH) != 0) {
                    int cs = b[s] == '\n' ? s : s + 1;
                    int ce = trimNewline(b, cs, e);
                    if (kind == LineKind.ADDED && on(DiagnosticCode.INVISIBLE_CHARACTER)
                            && !once.contains(DiagnosticCode.INVISIBLE_CHARACTER)) {
                        int cp = Utf8.firstInvisible(b, cs, ce);
                        if (cp >= 0) {
                            reportOnce(DiagnosticCode.INVISIBLE_CHARACTER, ls, lineNo,
                                    String.format("U+%04X in added line: %s", cp, Messages.quoteLine(b, s, e)));
                        }
                    }
                    if (on(DiagnosticCode.INVALID_UTF8_LINE) && !once.contains(DiagnosticCode.INVALID_UTF8_LINE)
                            && !Utf8.isValid(b, cs, ce)) {
                        reportOnce(DiagnosticCode.INVALID_UTF8_LINE, ls, lineNo,
                                "body line is not valid UTF-8: " + Messages.quoteLine(b, s, e));
                    }
                }
            }
            default -> { }
        }
    }

    private static final byte[] MARKER = "\\ No newline at end of file".getBytes(StandardCharsets.US_ASCII);

    /** Tracks ---, +++, @@ - in a row, either as the lines themselves or as their content. */
    private void swallow(LineKind kind, byte[] b, int s, int e, long ls, long lineNo) {
        // The raw lines: "--- x" is a removed line, "+++ y" an added one.
        if (GitNames.startsWith(b, s, e, "--- ")) {
            swallowRaw = 1;
        } else if (swallowRaw == 1 && GitNames.startsWith(b, s, e, "+++ ")) {
            swallowRaw = 2;
        } else {
            swallowRaw = 0;
        }
        // Content after one kind byte, all three lines of one kind.
        if (kind == LineKind.NO_NEWLINE_MARKER || e - s < 5) {
            swallowContent = 0;
            return;
        }
        byte k = b[s];
        if (GitNames.startsWith(b, s + 1, e, "--- ")) {
            swallowContent = 1;
            swallowKind = k;
        } else if (swallowContent == 1 && k == swallowKind && GitNames.startsWith(b, s + 1, e, "+++ ")) {
            swallowContent = 2;
        } else if (swallowContent == 2 && k == swallowKind && GitNames.startsWith(b, s + 1, e, "@@ -")) {
            swallowContent = 0;
            reportOnce(DiagnosticCode.SWALLOWED_HEADER, ls, lineNo,
                    "a ---/+++/@@ header triple inside a hunk body: " + Messages.quoteLine(b, s, e));
        } else {
            swallowContent = 0;
        }
    }

    // ------------------------------------------------------------------ end

    void atEnd(long bytes, long lastLine, boolean endsInNewline) {
        if (bytes > 0 && !endsInNewline && on(DiagnosticCode.MISSING_FINAL_NEWLINE)) {
            report(DiagnosticCode.MISSING_FINAL_NEWLINE, bytes, Math.max(1, lastLine - 1),
                    "the input does not end with a newline");
        }
    }
}
