// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;

/**
 * The one-pass reader. Its structure follows how git apply walks a patch: search for a header, read the
 * header, read hunks while lines start with "@@ -", else try a binary payload, then search again. Each
 * step has its own reader (LineSource, GitHeaderParser, TraditionalHeaderParser, HunkReader,
 * BinaryHunkReader); the strict checks run on every line they pass, and each event goes to the visitor.
 * It never throws on bad input: every problem becomes a diagnostic, and a fatal one stops the walk while
 * the rest of the input is still read (and hashed).
 */
final class Engine {
    private static final byte[] DIFF_GIT = ascii("diff --git ");
    private static final byte[] HUNK = ascii("@@ -");
    private static final byte[] OLD = ascii("--- ");
    private static final byte[] NEW = ascii("+++ ");
    private static final byte[] GIT_BINARY = ascii("GIT binary patch\n");

    private final ByteWindow w;
    private final DiffVisitor visitor;
    private final Reporter out;
    private final StrictState strict;
    private final LineSource src;
    private final GitHeaderParser gitHeader;
    private final TraditionalHeaderParser traditional;
    private final HunkReader hunkReader;
    private final BinaryHunkReader binary;
    private final int maxSections;

    private int sections;

    Engine(ByteWindow w, Profile profile, DiffVisitor visitor, boolean linesWanted, DiffReader.Options options) {
        this.w = w;
        this.visitor = visitor;
        this.maxSections = options.maxSections();
        this.out = new Reporter(profile, visitor);
        boolean byteChecks = profile.enabled(DiagnosticCode.CONTROL_CHARACTER)
                || profile.enabled(DiagnosticCode.CR_IN_LINE) || profile.enabled(DiagnosticCode.CRLF_LINE_ENDING)
                || profile.enabled(DiagnosticCode.INVISIBLE_CHARACTER)
                || profile.enabled(DiagnosticCode.INVALID_UTF8_LINE);
        PValue prefix = new PValue();
        StrictFindings findings = new StrictFindings(out, w);
        StrictHeaderRules headerRules = new StrictHeaderRules(findings, w, prefix);
        StrictHunkRules hunkRules = new StrictHunkRules(findings);
        this.strict = new StrictState(findings, w, headerRules, new StrictPathRules(findings), hunkRules);
        this.src = new LineSource(w, byteChecks, out, strict, options);
        this.gitHeader = new GitHeaderParser(src, out, strict, headerRules, prefix);
        this.traditional = new TraditionalHeaderParser(src, out, headerRules, prefix);
        this.hunkReader = new HunkReader(src, out, hunkRules, visitor, linesWanted);
        this.binary = new BinaryHunkReader(src);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    int errors() {
        return out.errors();
    }

    int warnings() {
        return out.warnings();
    }

    int sections() {
        return sections;
    }

    long lines() {
        return src.lineNo - 1;
    }

    long bytes() {
        return src.pos;
    }

    /** git apply would exit 0 on this input (before any strict rule). */
    boolean gitAccepted() {
        return !out.gitFatal && sections > 0;
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
            throw new DiffReaderBug("internal error in the diff reader at byte " + src.pos + ", line " + src.lineNo + ": " + e, e);
        }
        if (!out.gitStopped && !out.fatal) {
            // Everything was walked.
        } else {
            // Whatever is left is hashed and counted, but not interpreted.
            while (!w.atEof() || src.pos < w.end()) {
                long end = w.lineEnd(src.pos);
                if (end < 0 || end == src.pos) {
                    break;
                }
                src.pos = end;
                src.lineNo++;
                w.release(src.pos);
            }
            w.drain();
            src.pos = Math.max(src.pos, w.end());
        }
        if (w.failure() != null) {
            out.gitError(DiagnosticCode.INPUT_UNREADABLE, src.pos, src.lineNo, "read failed: " + w.failure().getMessage());
        }
        if (sections == 0 && !out.gitFatal) {
            out.gitError(DiagnosticCode.NO_VALID_PATCHES, 0, 1, "no file section in the input");
        }
        if (!out.fatal) {
            strict.atEnd(src.pos, src.lineNo, src.lastNl);
        }
        binary.close();
    }

    private void walk() {
        while (!out.fatal && !out.gitStopped) {
            SectionHeader h = findHeader();
            if (h == null) {
                break;
            }
            if (!parseSection(h)) {
                break;
            }
        }
        if (!out.fatal) {
            // Lines git never looked at, after it stopped searching, are still checked.
            while (src.readLine()) {
                strict.garbage(src.ls, src.le, src.lineNo);
                src.consume();
            }
        }
    }

    // ------------------------------------------------------------------ find_header

    private SectionHeader findHeader() {
        // git keeps one patch's state for the whole search: names a lone diff --git line leaves stay for the
        // header that follows, which keeps them unless its own lines replace them.
        SectionHeader lone = null;
        while (true) {
            if (!src.readLine()) {
                return null;
            }
            int len = src.len();
            if (len < 6) {
                strict.garbage(src.ls, src.le, src.lineNo);
                src.consume();
                continue;
            }
            if (src.startsWith(src.ls, src.le, HUNK) && HunkNumbers.parse(w.buf, w.index(src.ls), w.index(src.le)) != null) {
                out.gitError(DiagnosticCode.FRAGMENT_WITHOUT_HEADER, src.ls, src.lineNo,
                        "hunk header outside any file section: " + src.quoteCurrent());
                return null;
            }
            if (!w.hasAtLeast(src.ls, len + 6L)) {
                // git stops searching when fewer than six bytes follow; what remains is not a patch.
                out.gitStopped = true;
                return null;
            }
            if (src.startsWith(src.ls, src.le, DIFF_GIT)) {
                if (src.headerTooLong()) {
                    return null;
                }
                SectionHeader h = gitHeader.parse(lone);
                if (h == null) {
                    return null; // fatal, reported
                }
                if (h.offset == -1) {
                    lone = h; // a lone diff --git line, skipped as git skips it, but not forgotten
                    continue;
                }
                return h;
            }
            if (src.startsWith(src.ls, src.le, OLD) && w.startsWith(src.le, src.le + 4, NEW)) {
                long nextEnd = src.peekEnd(src.le);
                if (nextEnd < 0) {
                    return null;
                }
                if (src.headerTooLong() || src.headerTooLong(nextEnd - src.le, src.le, src.lineNo + 1)) {
                    return null;
                }
                long nextLen = nextEnd - src.le;
                if (w.hasAtLeast(src.ls, nextLen + 14) && w.startsWith(nextEnd, nextEnd + 4, HUNK)) {
                    SectionHeader h = traditional.parse(nextEnd, lone);
                    if (h == null) {
                        return null;
                    }
                    return h;
                }
            }
            strict.garbage(src.ls, src.le, src.lineNo);
            src.consume();
        }
    }
    // ------------------------------------------------------------------ one section

    private boolean parseSection(SectionHeader h) {
        if (sections >= maxSections) {
            // Per-section state (path sets, the caller's list of sections) grows with this count.
            out.gitError(DiagnosticCode.TOO_MANY_SECTIONS, h.offset, h.line, "more than " + maxSections
                    + " file sections (the section limit); reading stops here");
            out.gitStopped = true;
            return false;
        }
        sections++;
        FileHeader fh = toModel(h);
        visitor.onSectionStart(fh);
        strict.sectionStart(fh);

        long oldTotal = 0;
        long newTotal = 0;
        int hunks = 0;
        int added = 0;
        int removed = 0;
        boolean oldNoNl = false;
        boolean newNoNl = false;
        while (!out.fatal && w.hasAtLeast(src.pos, 5) && src.startsWith(src.pos, src.pos + 4, HUNK)) {
            Hunk hunk = hunkReader.read(h, fh, hunks);
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
        if (out.fatal) {
            return false;
        }
        BinaryPayload payload = BinaryPayload.NONE;
        if (hunks == 0) {
            if (!src.readLine()) {
                if (out.gitStopped) {
                    return false;
                }
            } else if (src.len() == GIT_BINARY.length && src.startsWith(src.ls, src.le, GIT_BINARY)) {
                long binStart = src.ls;
                long binLine = src.lineNo;
                src.consume();
                if (!binary.read()) {
                    out.report(DiagnosticCode.BINARY_PATCH_CORRUPT, binStart, binLine,
                            "binary patch does not decode; git stops reading here");
                    sections--;
                    out.gitStopped = true;
                    out.fatal = true;
                    return false;
                }
                payload = BinaryPayload.DATA;
            } else if (src.len() >= 8 && endsWithDiffer() && (src.startsWith(src.ls, src.le, ascii("Binary files "))
                    || src.startsWith(src.ls, src.le, ascii("Files ")))) {
                src.consume();
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
            out.gitError(DiagnosticCode.NEW_FILE_HAS_OLD_LINES, h.offset, h.line,
                    "new file " + new GitPath(h.newName) + " depends on old contents");
            return false;
        }
        if (h.isDelete > 0 && newTotal != 0) {
            out.gitError(DiagnosticCode.DELETED_FILE_HAS_NEW_LINES, h.offset, h.line,
                    "deleted file " + new GitPath(h.oldName) + " still has contents");
            return false;
        }
        if (h.traditional) {
            // What the hunks told about creation and deletion is part of the section.
            fh = toModel(h);
        }
        ChangeKind kind = kindOf(h, payload, hunks);
        FileSection section = new FileSection(fh, kind, payload, added, removed, hunks, oldNoNl, newNoNl, src.pos,
                src.lineNo);
        strict.sectionEnd(section);
        visitor.onSectionEnd(section);
        return true;
    }

    private boolean endsWithDiffer() {
        byte[] differ = ascii(" differ\n");
        return w.startsWith(src.le - 8, src.le, differ);
    }

    private static long sat(long v) {
        return v < 0 ? Long.MAX_VALUE : v;
    }

    private static ChangeKind kindOf(SectionHeader h, BinaryPayload payload, int hunks) {
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

    private FileHeader toModel(SectionHeader h) {
        boolean isNew = h.isNew != 0;
        boolean isDel = h.isDelete != 0 && !isNew;
        GitPath oldPath = h.oldName == null ? null : new GitPath(h.oldName);
        GitPath newPath = h.newName == null ? null : new GitPath(h.newName);
        boolean guessed = isNew ? h.isNew < 0 : isDel && h.isDelete < 0;
        return new FileHeader(sections - 1, oldPath, newPath, isNew, isDel, h.isRename, h.isCopy, h.oldMode,
                h.newMode, h.hasScore ? h.score : -1, h.dissimilarity, h.oldId, h.newId, h.traditional, guessed,
                h.offset, h.line);
    }
}
