package dev.patchverdict.diff;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * The one-pass reader. Its structure follows how git apply walks a patch: search for a header, read the
 * header, read hunks while lines start with "@@ -", else try a binary payload, then search again. On top
 * of that walk it runs the strict checks on every line it passes, and reports each event to the visitor.
 * It never throws on bad input: every problem becomes a diagnostic, and a fatal one stops the walk while
 * the rest of the input is still read (and hashed).
 */
final class Engine {
    private static final byte[] DIFF_GIT = ascii("diff --git ");
    private static final byte[] HUNK = ascii("@@ -");
    private static final byte[] OLD = ascii("--- ");
    private static final byte[] NEW = ascii("+++ ");
    private static final byte[] GIT_BINARY = ascii("GIT binary patch\n");
    private static final byte[] MARKER = ascii("\\ No newline at end of file\n");

    private final ByteWindow w;
    private final Profile profile;
    private final DiffVisitor visitor;
    private final boolean byteChecks;
    private final StrictState strict;

    private long pos;
    private long lineNo = 1;
    // The current line: [ls, le) with flags lf.
    private long ls;
    private long le;
    private int lf;

    private int pValue = 1;
    private boolean lastNl = true;
    private boolean pValueKnown;
    private int sections;
    private boolean fatal;
    private boolean gitStopped;
    private boolean gitFatal;
    private int errors;
    private int warnings;
    private final BinaryHunks binary = new BinaryHunks();
    private final int maxLineBytes;
    private final int maxHeaderBytes;
    private final int maxSections;
    private final LineView view = new LineView();

    Engine(ByteWindow w, Profile profile, DiffVisitor visitor, boolean linesWanted, DiffReader.Options options) {
        this.w = w;
        this.maxLineBytes = options.maxLineBytes();
        this.maxHeaderBytes = options.maxHeaderBytes();
        this.maxSections = options.maxSections();
        this.profile = profile;
        this.visitor = visitor;
        this.linesWanted = linesWanted;
        this.byteChecks = profile.enabled(DiagnosticCode.CONTROL_CHARACTER)
                || profile.enabled(DiagnosticCode.CR_IN_LINE) || profile.enabled(DiagnosticCode.CRLF_LINE_ENDING)
                || profile.enabled(DiagnosticCode.INVISIBLE_CHARACTER)
                || profile.enabled(DiagnosticCode.INVALID_UTF8_LINE);
        for (DiagnosticCode c : DiagnosticCode.values()) {
            severities[c.ordinal()] = profile.severity(c);
        }
        this.strict = new StrictState(this);
        this.lineRules = on(DiagnosticCode.NO_NEWLINE_MARKER_MALFORMED) || on(DiagnosticCode.NO_NEWLINE_MARKER_MISPLACED)
                || on(DiagnosticCode.INVISIBLE_CHARACTER) || on(DiagnosticCode.INVALID_UTF8_LINE)
                || on(DiagnosticCode.SWALLOWED_HEADER);
    }

    /** Whether the visitor takes body lines; most callers want sections and diagnostics only. */
    private final boolean linesWanted;

    /** Whether any rule looks at body lines one by one; the git profile has none. */
    private final boolean lineRules;

    /** The profile's table as an array: it is consulted for every line. */
    private final Severity[] severities = new Severity[DiagnosticCode.values().length];

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    int errors() {
        return errors;
    }

    ByteWindow window() {
        return w;
    }

    int pValue() {
        return pValue;
    }

    int warnings() {
        return warnings;
    }

    int sections() {
        return sections;
    }

    long lines() {
        return lineNo - 1;
    }

    long bytes() {
        return pos;
    }

    /** git apply would exit 0 on this input (before any strict rule). */
    boolean gitAccepted() {
        return !gitFatal && sections > 0;
    }

    // ------------------------------------------------------------------ reporting

    void report(DiagnosticCode code, long offset, long line, String message) {
        Severity s = severities[code.ordinal()];
        if (s == Severity.OFF) {
            return;
        }
        if (s == Severity.ERROR) {
            errors++;
        } else if (s == Severity.WARNING) {
            warnings++;
        }
        visitor.onDiagnostic(new Diagnostic(code, s, offset, line, message));
    }

    boolean on(DiagnosticCode code) {
        return severities[code.ordinal()] != Severity.OFF;
    }

    private void gitError(DiagnosticCode code, long offset, long line, String message) {
        gitFatal = true;
        fatal = true;
        report(code, offset, line, message);
    }

    String quoteCurrent() {
        return quote(ls, le);
    }

    String quote(long s, long e) {
        return Messages.quoteLine(w.buf, w.index(s), w.index(e));
    }

    // ------------------------------------------------------------------ lines

    /** Reads the line at pos into (ls, le, lf). False at the end of input or on an over-long line. */
    private boolean readLine() {
        ls = pos;
        long end = byteChecks ? w.scanLine(pos) : w.lineEnd(pos);
        if (end < 0) {
            tooLong();
            return false;
        }
        le = end;
        lf = byteChecks ? w.lineFlags : 0;
        return le > ls;
    }

    private long peekEnd(long at) {
        long end = w.lineEnd(at);
        if (end < 0) {
            tooLong();
        }
        return end;
    }

    private void tooLong() {
        if (!fatal) {
            gitError(DiagnosticCode.LINE_TOO_LONG, pos, lineNo,
                    "a line longer than " + maxLineBytes + " bytes (the line limit); reading stops here");
        }
        gitStopped = true;
    }

    /** The current line, a header, is over the header limit: reported as fatal. Name splitting stays linear. */
    private boolean headerTooLong() {
        return le - ls > maxHeaderBytes && headerTooLong(ls, lineNo);
    }

    private boolean headerTooLong(long at, long line) {
        gitError(DiagnosticCode.HEADER_TOO_LONG, at, line, "a header line longer than " + maxHeaderBytes
                + " bytes (the header limit); reading stops here");
        gitStopped = true;
        return true;
    }

    /** Moves past the current line, running the byte checks on it. */
    private void consume() {
        if (byteChecks && (lf & (ByteWindow.HAS_CONTROL | ByteWindow.HAS_CR)) != 0) {
            strict.lineBytes(ls, le, lf, lineNo);
        }
        lastNl = le > ls && w.at(le - 1) == '\n';
        pos = le;
        lineNo++;
        w.release(pos);
    }

    private boolean startsWith(long s, long e, byte[] p) {
        return w.startsWith(s, e, p);
    }

    private int len() {
        return (int) (le - ls);
    }

    private boolean endsWithNewline(long s, long e) {
        return e > s && w.at(e - 1) == '\n';
    }

    // ------------------------------------------------------------------ main walk

    void run() {
        try {
            walk();
        } catch (DiffReader.VisitorFailure f) {
            binary.close();
            throw f;
        } catch (RuntimeException e) {
            // A reader bug is not a property of the input: reported as a diagnostic it would read as a rejected
            // diff and hide from tests and fuzzing. It propagates, named, for the caller to report as a failure.
            binary.close();
            throw new DiffReaderBug("internal error in the diff reader at byte " + pos + ", line " + lineNo + ": " + e, e);
        }
        long lastLine = lineNo;
        if (!gitStopped && !fatal) {
            // Everything was walked.
        } else {
            // Whatever is left is hashed and counted, but not interpreted.
            while (!w.atEof() || pos < w.end()) {
                long end = w.lineEnd(pos);
                if (end < 0 || end == pos) {
                    break;
                }
                pos = end;
                lineNo++;
                w.release(pos);
            }
            w.drain();
            pos = Math.max(pos, w.end());
        }
        if (w.failure() != null) {
            gitError(DiagnosticCode.INPUT_UNREADABLE, pos, lineNo, "read failed: " + w.failure().getMessage());
        }
        if (sections == 0 && !gitFatal) {
            gitError(DiagnosticCode.NO_VALID_PATCHES, 0, 1, "no file section in the input");
        }
        if (!fatal) {
            strict.atEnd(pos, lineNo, lastNl);
        }
        binary.close();
    }

    private void walk() {
        while (!fatal && !gitStopped) {
            Header h = findHeader();
            if (h == null) {
                break;
            }
            if (!parseSection(h)) {
                break;
            }
        }
        if (!fatal) {
            // Lines git never looked at, after it stopped searching, are still checked.
            while (readLine()) {
                strict.garbage(ls, le, lineNo);
                consume();
            }
        }
    }

    /** The per-section state, as git keeps it while reading one patch. */
    static final class Header {
        long offset;
        long line;
        int isNew = -1;
        int isDelete = -1;
        boolean isRename;
        boolean isCopy;
        byte[] oldName;
        byte[] newName;
        byte[] defName;
        int oldMode;
        int newMode;
        int score;
        boolean hasScore;
        boolean dissimilarity;
        String oldId;
        String newId;
        boolean traditional;
        int extensions;
        // Strict bookkeeping.
        final Set<String> seen = new HashSet<>();
        boolean renameFrom;
        boolean renameTo;
        boolean copyFrom;
        boolean copyTo;
    }

    // ------------------------------------------------------------------ find_header

    private Header findHeader() {
        while (true) {
            if (!readLine()) {
                return null;
            }
            int len = len();
            if (len < 6) {
                strict.garbage(ls, le, lineNo);
                consume();
                continue;
            }
            if (startsWith(ls, le, HUNK) && HunkNumbers.parse(w.buf, w.index(ls), w.index(le)) != null) {
                gitError(DiagnosticCode.FRAGMENT_WITHOUT_HEADER, ls, lineNo,
                        "hunk header outside any file section: " + quoteCurrent());
                return null;
            }
            if (!w.hasAtLeast(ls, len + 6L)) {
                // git stops searching when fewer than six bytes follow; what remains is not a patch.
                gitStopped = true;
                return null;
            }
            if (startsWith(ls, le, DIFF_GIT)) {
                if (headerTooLong()) {
                    return null;
                }
                Header h = parseGitHeader();
                if (h == null) {
                    return null; // fatal, reported
                }
                if (h.offset == -1) {
                    continue; // a lone diff --git line, skipped as git skips it
                }
                return h;
            }
            if (startsWith(ls, le, OLD) && w.startsWith(le, le + 4, NEW)) {
                long nextEnd = peekEnd(le);
                if (nextEnd < 0) {
                    return null;
                }
                if (headerTooLong() || nextEnd - le > maxHeaderBytes && headerTooLong(le, lineNo + 1)) {
                    return null;
                }
                long nextLen = nextEnd - le;
                if (w.hasAtLeast(ls, nextLen + 14) && w.startsWith(nextEnd, nextEnd + 4, HUNK)) {
                    Header h = parseTraditional(nextEnd);
                    if (h == null) {
                        return null;
                    }
                    return h;
                }
            }
            strict.garbage(ls, le, lineNo);
            consume();
        }
    }

    // ------------------------------------------------------------------ diff --git header

    private Header parseGitHeader() {
        Header h = new Header();
        h.isNew = 0;
        h.isDelete = 0;
        h.offset = ls;
        h.line = lineNo;
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        h.defName = GitNames.gitHeaderName(pValue, b, s, e);
        long diffLineStart = ls;
        long diffLineEnd = le;
        long diffLineNo = lineNo;
        int diffLen = len();
        byte[] diffLine = Arrays.copyOfRange(b, s, e);
        consume();

        long stopLine = -1;
        while (true) {
            if (!readLine()) {
                if (fatal) {
                    return null;
                }
                break;
            }
            if (!endsWithNewline(ls, le)) {
                break;
            }
            HeaderLine kind = HeaderLine.classify(w.buf, w.index(ls), w.index(le));
            if (kind == HeaderLine.HUNK || kind == HeaderLine.UNRECOGNIZED) {
                stopLine = ls;
                break;
            }
            if (headerTooLong()) {
                return null;
            }
            if (fatal) {
                return null;
            }
            if (!headerLine(h, kind)) {
                return null;
            }
            int ext = (h.isDelete == 1 ? 1 : 0) + (h.isNew == 1 ? 1 : 0) + (h.isRename ? 1 : 0) + (h.isCopy ? 1 : 0);
            if (ext > 1) {
                gitError(DiagnosticCode.HEADER_INCONSISTENT, ls, lineNo,
                        "header says more than one of new, deleted, rename and copy: " + quoteCurrent());
                return null;
            }
            consume();
        }
        // done:
        if (h.oldName == null && h.newName == null) {
            if (h.defName == null) {
                gitError(DiagnosticCode.HEADER_MISSING_NAME, diffLineStart, diffLineNo,
                        "git diff header lacks file name information: "
                                + Messages.quoteLine(diffLine, 0, diffLine.length));
                return null;
            }
            h.oldName = h.defName;
            h.newName = h.defName;
        }
        if ((h.newName == null && h.isDelete != 1) || (h.oldName == null && h.isNew != 1)) {
            gitError(DiagnosticCode.HEADER_MISSING_NAME, diffLineStart, diffLineNo,
                    "git diff header lacks file name information: " + Messages.quoteLine(diffLine, 0, diffLine.length));
            return null;
        }
        if (pos - diffLineStart <= diffLen) {
            // Nothing but the diff --git line: git skips it and searches on from the next line.
            strict.loneDiffLine(diffLineStart, diffLineNo, diffLine);
            h.offset = -1;
            return h;
        }
        strict.gitHeaderDone(h, diffLine, stopLine >= 0 ? stopLine : -1, diffLineStart, diffLineNo);
        return h;
    }

    /** Applies one recognized header line to h; false after a fatal error. */
    private boolean headerLine(Header h, HeaderLine kind) {
        byte[] b = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        int arg = s + kind.prefix.length();
        strict.headerLine(h, kind, s, e, ls, lineNo);
        switch (kind) {
            case OLD_NAME, NEW_NAME -> {
                boolean old = kind == HeaderLine.OLD_NAME;
                int isNull = old ? h.isNew : h.isDelete;
                byte[] name = old ? h.oldName : h.newName;
                if (name == null && isNull == 0) {
                    if (GitNames.isDevNull(b, arg, e)) {
                        strict.devNullUnexpected(ls, lineNo, old);
                    }
                    byte[] found = GitNames.findName(b, arg, e, null, pValue, GitNames.TERM_TAB);
                    if (old) {
                        h.oldName = found;
                    } else {
                        h.newName = found;
                    }
                    return true;
                }
                if (name != null) {
                    if (isNull != 0) {
                        gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, ls, lineNo,
                                "expected /dev/null: " + quoteCurrent());
                        return false;
                    }
                    byte[] another = GitNames.findName(b, arg, e, null, pValue, GitNames.TERM_TAB);
                    if (another == null || !Arrays.equals(another, name)) {
                        gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, ls, lineNo,
                                "inconsistent " + (old ? "old" : "new") + " file name: " + quoteCurrent());
                        return false;
                    }
                } else if (!GitNames.isDevNull(b, arg, e)) {
                    gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, ls, lineNo,
                            "expected /dev/null: " + quoteCurrent());
                    return false;
                }
                return true;
            }
            case OLD_MODE -> {
                return mode(h, true, b, arg, e);
            }
            case NEW_MODE -> {
                return mode(h, false, b, arg, e);
            }
            case DELETED -> {
                h.isDelete = 1;
                h.oldName = h.defName;
                return mode(h, true, b, arg, e);
            }
            case NEW_FILE -> {
                h.isNew = 1;
                h.newName = h.defName;
                return mode(h, false, b, arg, e);
            }
            case COPY_FROM, COPY_TO, RENAME_OLD, RENAME_NEW, RENAME_FROM, RENAME_TO -> {
                byte[] name = GitNames.findName(b, arg, e, null, pValue > 0 ? pValue - 1 : 0, 0);
                boolean from = kind == HeaderLine.COPY_FROM || kind == HeaderLine.RENAME_OLD
                        || kind == HeaderLine.RENAME_FROM;
                if (kind == HeaderLine.COPY_FROM || kind == HeaderLine.COPY_TO) {
                    h.isCopy = true;
                    if (from) {
                        h.copyFrom = true;
                    } else {
                        h.copyTo = true;
                    }
                } else {
                    h.isRename = true;
                    if (from) {
                        h.renameFrom = true;
                    } else {
                        h.renameTo = true;
                    }
                }
                if (from) {
                    h.oldName = name;
                } else {
                    h.newName = name;
                }
                return true;
            }
            case SIMILARITY, DISSIMILARITY -> {
                long v = Numbers.strtoul(b, arg, e, 10).value();
                if (Long.compareUnsigned(v, 100) <= 0) {
                    h.score = (int) v;
                    h.hasScore = true;
                    h.dissimilarity = kind == HeaderLine.DISSIMILARITY;
                }
                return true;
            }
            case INDEX -> {
                return index(h, b, arg, e);
            }
            default -> throw new IllegalStateException(kind.toString());
        }
    }

    private boolean mode(Header h, boolean old, byte[] b, int s, int e) {
        Numbers.Parsed p = Numbers.strtoul(b, s, e, 8);
        if (p.end() == s || p.end() >= e || !GitNames.isGitSpace(b[p.end()] & 0xff)) {
            gitError(DiagnosticCode.HEADER_MODE_INVALID, ls, lineNo, "invalid mode: " + quoteCurrent());
            return false;
        }
        int m = Numbers.canonMode((int) p.value());
        if (old) {
            h.oldMode = m;
        } else {
            h.newMode = m;
        }
        return true;
    }

    private boolean index(Header h, byte[] b, int s, int e) {
        int dot = -1;
        for (int i = s; i < e && b[i] != 0; i++) {
            if (b[i] == '.') {
                dot = i;
                break;
            }
        }
        if (dot < 0 || dot + 1 >= e || b[dot + 1] != '.' || 40 < dot - s) {
            return true;
        }
        String oldId = new String(b, s, dot - s, StandardCharsets.ISO_8859_1);
        int line = dot + 2;
        int sp = -1;
        int eol = line;
        while (eol < e && b[eol] != '\n' && b[eol] != 0) {
            eol++;
        }
        for (int i = line; i < eol; i++) {
            if (b[i] == ' ') {
                sp = i;
                break;
            }
        }
        int ptr = sp < 0 ? eol : sp;
        if (40 < ptr - line) {
            return true;
        }
        h.oldId = oldId;
        h.newId = new String(b, line, ptr - line, StandardCharsets.ISO_8859_1);
        if (ptr < e && b[ptr] == ' ') {
            return mode(h, true, b, ptr + 1, e);
        }
        return true;
    }

    // ------------------------------------------------------------------ traditional ---/+++

    private Header parseTraditional(long secondEnd) {
        Header h = new Header();
        h.traditional = true;
        h.offset = ls;
        h.line = lineNo;
        byte[] b = w.buf;
        int fs = w.index(ls) + 4;
        int fe = w.index(le);
        int ss = w.index(le) + 4;
        int se = w.index(secondEnd);
        if (!pValueKnown) {
            int p = guessPValue(b, fs, fe);
            int q = guessPValue(b, ss, se);
            if (p < 0) {
                p = q;
            }
            if (0 <= p && p == q) {
                pValue = p;
                pValueKnown = true;
            }
        }
        byte[] name;
        if (GitNames.isDevNull(b, fs, fe)) {
            h.isNew = 1;
            h.isDelete = 0;
            name = GitNames.findNameTraditional(b, ss, se, null, pValue);
            h.newName = name;
        } else if (GitNames.isDevNull(b, ss, se)) {
            h.isNew = 0;
            h.isDelete = 1;
            name = GitNames.findNameTraditional(b, fs, fe, null, pValue);
            h.oldName = name;
        } else {
            byte[] firstName = GitNames.findNameTraditional(b, fs, fe, null, pValue);
            name = GitNames.findNameTraditional(b, ss, se, firstName, pValue);
            if (GitNames.hasEpochTimestamp(b, fs, fe)) {
                h.isNew = 1;
                h.isDelete = 0;
                h.newName = name;
            } else if (GitNames.hasEpochTimestamp(b, ss, se)) {
                h.isNew = 0;
                h.isDelete = 1;
                h.oldName = name;
            } else {
                h.oldName = name;
                h.newName = name;
            }
        }
        if (name == null) {
            gitError(DiagnosticCode.HEADER_MISSING_NAME, ls, lineNo, "unable to find a file name: " + quoteCurrent());
            return null;
        }
        strict.traditional(h, ls, lineNo);
        consume();
        readLine();
        consume();
        return h;
    }

    private int guessPValue(byte[] b, int s, int e) {
        if (GitNames.isDevNull(b, s, e)) {
            return -1;
        }
        byte[] name = GitNames.findNameTraditional(b, s, e, null, 0);
        if (name == null) {
            return -1;
        }
        for (byte c : name) {
            if (c == '/') {
                return -1; // git run outside a work tree has no prefix to match
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ one section

    private boolean parseSection(Header h) {
        if (sections >= maxSections) {
            // Per-section state (path sets, the caller's list of sections) grows with this count.
            gitError(DiagnosticCode.TOO_MANY_SECTIONS, h.offset, h.line, "more than " + maxSections
                    + " file sections (the section limit); reading stops here");
            gitStopped = true;
            return false;
        }
        sections++;
        FileHeader fh = toModel(h);
        visitor.onSectionStart(fh);
        strict.sectionStart(h, fh);

        long oldTotal = 0;
        long newTotal = 0;
        int hunks = 0;
        int added = 0;
        int removed = 0;
        boolean oldNoNl = false;
        boolean newNoNl = false;
        while (!fatal && w.hasAtLeast(pos, 5) && startsWith(pos, pos + 4, HUNK)) {
            Hunk hunk = parseFragment(h, fh, hunks);
            if (hunk == null) {
                return false;
            }
            oldTotal = sat(oldTotal + hunk.header().oldCount());
            newTotal = sat(newTotal + hunk.header().newCount());
            added += hunk.added();
            removed += hunk.removed();
            oldNoNl |= hunk.oldNoNewline();
            newNoNl |= hunk.newNoNewline();
            hunks++;
        }
        if (fatal) {
            return false;
        }
        BinaryPayload payload = BinaryPayload.NONE;
        if (hunks == 0) {
            if (!readLine()) {
                if (gitStopped) {
                    return false;
                }
            } else if (len() == GIT_BINARY.length && startsWith(ls, le, GIT_BINARY)) {
                long binStart = ls;
                long binLine = lineNo;
                consume();
                if (!parseBinary()) {
                    report(DiagnosticCode.BINARY_PATCH_CORRUPT, binStart, binLine,
                            "binary patch does not decode; git stops reading here");
                    sections--;
                    gitStopped = true;
                    fatal = true;
                    return false;
                }
                payload = BinaryPayload.DATA;
            } else if (len() >= 8 && endsWithDiffer() && (startsWith(ls, le, ascii("Binary files "))
                    || startsWith(ls, le, ascii("Files ")))) {
                consume();
                payload = BinaryPayload.NO_DATA;
            }
        }
        // If something was removed it cannot be a creation; if something was added, not a deletion.
        if (h.isNew < 0 && (oldTotal != 0 || hunks > 1)) {
            h.isNew = 0;
        }
        if (h.isDelete < 0 && (newTotal != 0 || hunks > 1)) {
            h.isDelete = 0;
        }
        if (h.isNew > 0 && oldTotal != 0) {
            gitError(DiagnosticCode.NEW_FILE_HAS_OLD_LINES, h.offset, h.line,
                    "new file " + new GitPath(h.newName) + " depends on old contents");
            return false;
        }
        if (h.isDelete > 0 && newTotal != 0) {
            gitError(DiagnosticCode.DELETED_FILE_HAS_NEW_LINES, h.offset, h.line,
                    "deleted file " + new GitPath(h.oldName) + " still has contents");
            return false;
        }
        if (h.traditional) {
            // What the hunks told about creation and deletion is part of the section.
            fh = toModel(h);
        }
        ChangeKind kind = kindOf(h, payload, hunks);
        FileSection section = new FileSection(fh, kind, payload, added, removed, hunks, oldNoNl, newNoNl, pos,
                lineNo);
        strict.sectionEnd(h, section);
        visitor.onSectionEnd(section);
        return true;
    }

    private boolean endsWithDiffer() {
        byte[] differ = ascii(" differ\n");
        return w.startsWith(le - 8, le, differ);
    }

    private static long sat(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }

    private static ChangeKind kindOf(Header h, BinaryPayload payload, int hunks) {
        if (h.isNew != 0) {
            return ChangeKind.ADD;
        }
        if (h.isDelete != 0) {
            return ChangeKind.DELETE;
        }
        if (h.isRename) {
            return ChangeKind.RENAME;
        }
        if (h.isCopy) {
            return ChangeKind.COPY;
        }
        if (payload != BinaryPayload.NONE) {
            return ChangeKind.BINARY;
        }
        if (hunks == 0 && h.oldMode != 0 && h.newMode != 0 && h.oldMode != h.newMode) {
            return ChangeKind.MODE_CHANGE;
        }
        return ChangeKind.MODIFY;
    }

    private FileHeader toModel(Header h) {
        boolean isNew = h.isNew != 0;
        boolean isDel = h.isDelete != 0 && !isNew;
        GitPath oldPath = h.oldName == null ? null : new GitPath(h.oldName);
        GitPath newPath = h.newName == null ? null : new GitPath(h.newName);
        return new FileHeader(sections - 1, oldPath, newPath, isNew, isDel, h.isRename, h.isCopy, h.oldMode,
                h.newMode, h.hasScore ? h.score : -1, h.dissimilarity, h.oldId, h.newId, h.traditional,
                h.offset, h.line);
    }

    // ------------------------------------------------------------------ hunks

    private Hunk parseFragment(Header h, FileHeader fh, int index) {
        readLine();
        long hs = ls;
        long hLine = lineNo;
        HunkNumbers n = HunkNumbers.parse(w.buf, w.index(ls), w.index(le));
        if (n == null) {
            gitError(DiagnosticCode.HUNK_HEADER_MALFORMED, ls, lineNo, "malformed hunk header: " + quoteCurrent());
            return null;
        }
        HunkHeader hh = new HunkHeader(fh.index(), index, n.oldStart(), n.oldCount(), n.newStart(), n.newCount(),
                n.heading(), hs, hLine);
        strict.hunkStart(h, hh, n, ls, le);
        visitor.onHunk(hh);
        consume();

        long oldLines = n.oldCount();
        long newLines = n.newCount();
        int added = 0;
        int deleted = 0;
        int context = 0;
        boolean underflow = false;
        boolean oldNoNl = false;
        boolean newNoNl = false;
        LineKind last = null;
        view.section = fh;
        view.hunk = index;
        while (true) {
            // The common case, read in place in a tight loop: a body line that starts with ' ', '-' or '+'
            // (or is empty context) within the counts, ends in a newline the window already holds, and has
            // no control byte or CR. It gets the same checks and events as in the general step below, less
            // what cannot apply to it. Nothing here reads input, so b and base stay valid.
            byte[] b = w.buf;
            long base = w.base;
            int i = (int) (pos - base);
            while ((oldLines != 0 || newLines != 0) && i < w.limit) {
                int first = b[i];
                boolean plus = first == '+';
                boolean minus = first == '-';
                if (!(plus ? newLines > 0 : minus ? oldLines > 0
                        : (first == ' ' || first == '\n') && oldLines > 0 && newLines > 0)) {
                    break;
                }
                int e = byteChecks ? w.scanBuffered(i) : w.lineEndBuffered(i);
                int flags = byteChecks ? w.lineFlags : 0;
                if (e < 0 || (flags & (ByteWindow.HAS_CONTROL | ByteWindow.HAS_CR)) != 0) {
                    break;
                }
                LineKind kind;
                if (plus) {
                    kind = LineKind.ADDED;
                    added++;
                    newLines--;
                } else if (minus) {
                    kind = LineKind.REMOVED;
                    deleted++;
                    oldLines--;
                } else {
                    kind = LineKind.CONTEXT;
                    context++;
                    oldLines--;
                    newLines--;
                }
                ls = base + i;
                le = base + e;
                lf = flags;
                if (lineRules) {
                    strict.bodyLine(kind, last, b, i, e, ls, flags, lineNo);
                }
                if (linesWanted) {
                    emitLine(kind, fh, index);
                }
                last = kind;
                // consume(), for a line that ends in a newline and needs no byte check.
                lastNl = true;
                pos = le;
                lineNo++;
                i = e;
            }
            w.release(pos);
            if (oldLines == 0 && newLines == 0) {
                break;
            }
            if (!readLine()) {
                if (fatal) {
                    return null;
                }
                gitError(underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH : DiagnosticCode.HUNK_TRUNCATED, pos, lineNo,
                        "input ends inside a hunk: " + remaining(oldLines, newLines));
                return null;
            }
            int first = w.at(ls);
            if (!endsWithNewline(ls, le)) {
                gitError(underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH : DiagnosticCode.HUNK_TRUNCATED, ls, lineNo,
                        "hunk body line without a newline at the end of input, "
                                + remaining(oldLines, newLines) + ": " + quoteCurrent());
                return null;
            }
            LineKind kind;
            switch (first) {
                case '\n', ' ' -> {
                    oldLines--;
                    newLines--;
                    context++;
                    kind = LineKind.CONTEXT;
                }
                case '-' -> {
                    deleted++;
                    oldLines--;
                    kind = LineKind.REMOVED;
                }
                case '+' -> {
                    added++;
                    newLines--;
                    kind = LineKind.ADDED;
                }
                case '\\' -> {
                    if (len() < 12 || w.at(ls + 1) != ' ') {
                        gitError(DiagnosticCode.HUNK_CORRUPT_LINE, ls, lineNo,
                                "malformed no-newline marker in a hunk body: " + quoteCurrent());
                        return null;
                    }
                    kind = LineKind.NO_NEWLINE_MARKER;
                    if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                        oldNoNl = true;
                    }
                    if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                        newNoNl = true;
                    }
                }
                default -> {
                    // A new header means the body was cut short; anything else does not belong in a body.
                    boolean header = first == 'd' || first == '@';
                    DiagnosticCode code = underflow ? DiagnosticCode.HUNK_COUNT_MISMATCH
                            : header ? DiagnosticCode.HUNK_TRUNCATED : DiagnosticCode.HUNK_CORRUPT_LINE;
                    gitError(code, ls, lineNo, (header ? "hunk body ends early, " : "not a hunk body line, ")
                            + remaining(oldLines, newLines) + ": " + quoteCurrent());
                    return null;
                }
            }
            if (oldLines < 0 || newLines < 0) {
                underflow = true;
                // git counts in unsigned longs: a side that runs past zero can never come back to it.
                oldLines = oldLines < 0 ? Long.MIN_VALUE / 2 : oldLines;
                newLines = newLines < 0 ? Long.MIN_VALUE / 2 : newLines;
            }
            if (lineRules) {
                strict.bodyLine(kind, last, w.buf, w.index(ls), w.index(le), ls, lf, lineNo);
            }
            if (linesWanted) {
                emitLine(kind, fh, index);
            }
            last = kind;
            consume();
        }
        if (deleted == 0 && added == 0) {
            gitError(DiagnosticCode.HUNK_NO_CHANGE, hs, hLine, "hunk has no added or removed line");
            return null;
        }
        // A marker right after the counts run out belongs to this hunk when enough input follows it.
        if (w.hasAtLeast(pos, 13) && w.at(pos) == '\\' && w.at(pos + 1) == ' ') {
            readLine();
            if (last == LineKind.REMOVED || last == LineKind.CONTEXT) {
                oldNoNl = true;
            }
            if (last == LineKind.ADDED || last == LineKind.CONTEXT) {
                newNoNl = true;
            }
            strict.bodyLine(LineKind.NO_NEWLINE_MARKER, last, w.buf, w.index(ls), w.index(le), ls, lf, lineNo);
            if (linesWanted) {
                emitLine(LineKind.NO_NEWLINE_MARKER, fh, index);
            }
            consume();
        }
        Hunk hunk = new Hunk(hh, added, deleted, context, oldNoNl, newNoNl, pos, lineNo);
        visitor.onHunkEnd(hunk);
        return hunk;
    }

    private static String remaining(long oldLines, long newLines) {
        if (oldLines < 0 || newLines < 0) {
            return "more body lines than the header counts";
        }
        return oldLines + " old and " + newLines + " new lines still expected";
    }

    private void emitLine(LineKind kind, FileHeader fh, int hunkIndex) {
        LineView v = view;
        v.kind = kind;
        v.section = fh;
        v.hunk = hunkIndex;
        v.line = lineNo;
        v.offset = ls;
        v.buf = w.buf;
        int s = w.index(ls);
        int e = w.index(le);
        boolean nl = e > s && w.buf[e - 1] == '\n';
        v.hasNewline = nl;
        v.from = (w.buf[s] == '\n') ? s : s + 1;
        v.to = nl ? e - 1 : e;
        if (v.to < v.from) {
            v.to = v.from;
        }
        v.flags = lf;
        visitor.onLine(v);
    }

    // ------------------------------------------------------------------ binary

    private boolean parseBinary() {
        int forward = binaryHunk();
        if (forward <= 0) {
            return false; // unrecognized (0) or corrupt (-1)
        }
        int reverse = binaryHunk();
        return reverse >= 0;
    }

    /** 1 for a good hunk, 0 when the line does not start a hunk (nothing consumed), -1 when corrupt. */
    private int binaryHunk() {
        if (!readLine()) {
            return 0;
        }
        long origlen;
        if (startsWith(ls, le, ascii("delta "))) {
            origlen = Numbers.strtoul(w.buf, w.index(ls) + 6, w.index(le), 10).value();
        } else if (startsWith(ls, le, ascii("literal "))) {
            origlen = Numbers.strtoul(w.buf, w.index(ls) + 8, w.index(le), 10).value();
        } else {
            return 0;
        }
        binary.start(origlen);
        consume();
        while (true) {
            if (!readLine()) {
                return -1;
            }
            int llen = len();
            if (llen == 1) {
                consume();
                break;
            }
            if (!binary.line(w.buf, w.index(ls), llen)) {
                return -1;
            }
            consume();
        }
        return binary.finish() ? 1 : -1;
    }

    // ------------------------------------------------------------------ the line view

    final class LineView implements DiffLine {
        LineKind kind;
        FileHeader section;
        int hunk;
        long line;
        long offset;
        byte[] buf;
        int from;
        int to;
        boolean hasNewline;
        int flags;

        @Override
        public LineKind kind() {
            return kind;
        }

        @Override
        public FileHeader section() {
            return section;
        }

        @Override
        public int hunkIndex() {
            return hunk;
        }

        @Override
        public long lineNumber() {
            return line;
        }

        @Override
        public long offset() {
            return offset;
        }

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public byte byteAt(int index) {
            if (index < 0 || index >= to - from) {
                throw new IndexOutOfBoundsException(index);
            }
            return buf[from + index];
        }

        @Override
        public byte[] content() {
            return Arrays.copyOfRange(buf, from, to);
        }

        @Override
        public ByteBuffer contentBuffer() {
            return ByteBuffer.wrap(buf, from, to - from).slice().asReadOnlyBuffer();
        }

        @Override
        public boolean hasNewline() {
            return hasNewline;
        }

        @Override
        public boolean isValidUtf8() {
            return (flags & ByteWindow.HAS_HIGH) == 0 && byteChecks || Utf8.isValid(buf, from, to);
        }

        @Override
        public Optional<String> strictText() {
            return isValidUtf8() ? Optional.of(text()) : Optional.empty();
        }

        @Override
        public String text() {
            return new String(buf, from, to - from, StandardCharsets.UTF_8);
        }

        @Override
        public boolean contains(byte[] needle) {
            int n = needle.length;
            if (n == 0) {
                return true;
            }
            byte first = needle[0];
            for (int i = from, last = to - n; i <= last; i++) {
                if (buf[i] == first && Arrays.equals(buf, i, i + n, needle, 0, n)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return kind + "@" + line + ":" + Messages.escape(buf, from, to, 80);
        }
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
