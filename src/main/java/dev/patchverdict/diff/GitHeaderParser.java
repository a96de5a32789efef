// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A "diff --git" line and the extended header lines after it, read as git's parse_git_diff_header does:
 * names, modes, rename and copy, similarity, index. Stops before the first line it does not know.
 */
final class GitHeaderParser {
    private final LineSource src;
    private final ByteWindow w;
    private final Reporter out;
    private final StrictState strict;
    private final StrictHeaderRules rules;
    private final PValue prefix;

    GitHeaderParser(LineSource src, Reporter out, StrictState strict, StrictHeaderRules rules, PValue prefix) {
        this.src = src;
        this.w = src.w;
        this.out = out;
        this.strict = strict;
        this.rules = rules;
        this.prefix = prefix;
    }

    /**
     * Reads the header whose diff --git line is the current line. Null after a fatal error; a header with
     * offset -1 when the diff --git line stands alone (git skips it). {@code lone} is the header of the lone
     * diff --git line before this one in the same search, or null: its names are this header's until a line
     * of this header replaces them, as git does not reset them between the two.
     */
    SectionHeader parse(SectionHeader lone) {
        SectionHeader h = new SectionHeader();
        if (lone != null) {
            h.oldName = lone.oldName;
            h.newName = lone.newName;
        }
        h.isNew = 0;
        h.isDelete = 0;
        h.offset = src.ls;
        h.line = src.lineNo;
        byte[] b = w.buf;
        int s = w.index(src.ls);
        int e = w.index(src.le);
        h.defName = GitNames.gitHeaderName(prefix.value, b, s, e);
        long diffLineStart = src.ls;
        long diffLineEnd = src.le;
        long diffLineNo = src.lineNo;
        int diffLen = src.len();
        byte[] diffLine = Arrays.copyOfRange(b, s, e);
        src.consume();

        long stopLine = -1;
        long stopLineNo = -1;
        while (true) {
            if (!src.readLine()) {
                if (out.fatal) {
                    return null;
                }
                break;
            }
            if (!src.endsWithNewline(src.ls, src.le)) {
                break;
            }
            HeaderLine kind = HeaderLine.classify(w.buf, w.index(src.ls), w.index(src.le));
            if (kind == HeaderLine.HUNK || kind == HeaderLine.UNRECOGNIZED) {
                stopLine = src.ls;
                stopLineNo = src.lineNo;
                break;
            }
            if (src.headerTooLong()) {
                return null;
            }
            if (out.fatal) {
                return null;
            }
            if (!headerLine(h, kind)) {
                return null;
            }
            int ext = (h.isDelete == 1 ? 1 : 0) + (h.isNew == 1 ? 1 : 0) + (h.isRename ? 1 : 0) + (h.isCopy ? 1 : 0);
            if (ext > 1) {
                out.gitError(DiagnosticCode.HEADER_INCONSISTENT, src.ls, src.lineNo,
                        "header says more than one of new, deleted, rename and copy: " + src.quoteCurrent());
                return null;
            }
            src.consume();
        }
        // done:
        if (h.oldName == null && h.newName == null) {
            if (h.defName == null) {
                out.gitError(DiagnosticCode.HEADER_MISSING_NAME, diffLineStart, diffLineNo,
                        "git diff header lacks file name information: "
                                + Messages.quoteLine(diffLine, 0, diffLine.length));
                return null;
            }
            h.oldName = h.defName;
            h.newName = h.defName;
        }
        if ((h.newName == null && h.isDelete != 1) || (h.oldName == null && h.isNew != 1)) {
            out.gitError(DiagnosticCode.HEADER_MISSING_NAME, diffLineStart, diffLineNo,
                    "git diff header lacks file name information: " + Messages.quoteLine(diffLine, 0, diffLine.length));
            return null;
        }
        if (src.pos - diffLineStart <= diffLen) {
            // Nothing but the diff --git line: git skips it and searches on from the next line.
            strict.loneDiffLine(diffLineStart, diffLineNo, diffLine);
            h.offset = -1;
            return h;
        }
        rules.gitHeaderDone(h, diffLine, stopLine, stopLineNo, diffLineStart, diffLineNo);
        return h;
    }

    /** Applies one recognized header line to h; false after a fatal error. */
    private boolean headerLine(SectionHeader h, HeaderLine kind) {
        byte[] b = w.buf;
        int s = w.index(src.ls);
        int e = w.index(src.le);
        int arg = s + kind.prefix.length();
        rules.headerLine(h, kind, s, e, src.ls, src.lineNo);
        switch (kind) {
            case OLD_NAME, NEW_NAME -> {
                boolean old = kind == HeaderLine.OLD_NAME;
                int isNull = old ? h.isNew : h.isDelete;
                byte[] name = old ? h.oldName : h.newName;
                if (name == null && isNull == 0) {
                    if (GitNames.isDevNull(b, arg, e)) {
                        rules.devNullUnexpected(src.ls, src.lineNo, old);
                    }
                    byte[] found = GitNames.findName(b, arg, e, null, prefix.value, GitNames.TERM_TAB);
                    if (old) {
                        h.oldName = found;
                    } else {
                        h.newName = found;
                    }
                    return true;
                }
                if (name != null) {
                    if (isNull != 0) {
                        out.gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, src.ls, src.lineNo,
                                "expected /dev/null: " + src.quoteCurrent());
                        return false;
                    }
                    byte[] another = GitNames.findName(b, arg, e, null, prefix.value, GitNames.TERM_TAB);
                    if (another == null || !Arrays.equals(another, name)) {
                        out.gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, src.ls, src.lineNo,
                                "inconsistent " + (old ? "old" : "new") + " file name: " + src.quoteCurrent());
                        return false;
                    }
                } else if (!GitNames.isDevNull(b, arg, e)) {
                    out.gitError(DiagnosticCode.HEADER_NAME_INCONSISTENT, src.ls, src.lineNo,
                            "expected /dev/null: " + src.quoteCurrent());
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
                byte[] name = GitNames.findName(b, arg, e, null, prefix.value > 0 ? prefix.value - 1 : 0, 0);
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

    private boolean mode(SectionHeader h, boolean old, byte[] b, int s, int e) {
        Numbers.Parsed p = Numbers.strtoul(b, s, e, 8);
        if (p.end() == s || p.end() >= e || !GitNames.isGitSpace(b[p.end()] & 0xff)) {
            out.gitError(DiagnosticCode.HEADER_MODE_INVALID, src.ls, src.lineNo, "invalid mode: " + src.quoteCurrent());
            return false;
        }
        // Kept as written (its low 32 bits, as git's unsigned int holds them): git 2.39 prints and applies the
        // mode it read; only later versions canonicalize it. The strict rules judge what the mode means.
        int m = (int) p.value();
        if (old) {
            h.oldMode = m;
        } else {
            h.newMode = m;
        }
        return true;
    }

    private boolean index(SectionHeader h, byte[] b, int s, int e) {
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
}
