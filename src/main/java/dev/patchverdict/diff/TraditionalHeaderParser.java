// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * A traditional "--- a" / "+++ b" pair (no diff --git line), read as git's parse_traditional_patch does:
 * /dev/null and epoch timestamps mark creation and deletion; the first pair settles the -p value.
 */
final class TraditionalHeaderParser {
    private final LineSource src;
    private final ByteWindow w;
    private final Reporter out;
    private final StrictHeaderRules rules;
    private final PValue prefix;

    TraditionalHeaderParser(LineSource src, Reporter out, StrictHeaderRules rules, PValue prefix) {
        this.src = src;
        this.w = src.w;
        this.out = out;
        this.rules = rules;
        this.prefix = prefix;
    }

    /**
     * Reads the pair whose --- line is the current line and whose +++ line ends at secondEnd; null after a fatal
     * error. After a lone diff --git line ({@code lone}, else null) the names it left and its "neither new nor
     * deleted" stay where this pair does not replace them, as in git.
     */
    SectionHeader parse(long secondEnd, SectionHeader lone) {
        SectionHeader h = new SectionHeader();
        if (lone != null) {
            h.oldName = lone.oldName;
            h.newName = lone.newName;
            h.isNew = 0;
            h.isDelete = 0;
        }
        h.traditional = true;
        h.offset = src.ls;
        h.line = src.lineNo;
        byte[] b = w.buf;
        int fs = w.index(src.ls) + 4;
        int fe = w.index(src.le);
        int ss = w.index(src.le) + 4;
        int se = w.index(secondEnd);
        prefix.learn(b, fs, fe, ss, se);
        byte[] name;
        if (GitNames.isDevNull(b, fs, fe)) {
            h.isNew = 1;
            h.isDelete = 0;
            name = GitNames.findNameTraditional(b, ss, se, null, prefix.value);
            h.newName = name;
        } else if (GitNames.isDevNull(b, ss, se)) {
            h.isNew = 0;
            h.isDelete = 1;
            name = GitNames.findNameTraditional(b, fs, fe, null, prefix.value);
            h.oldName = name;
        } else {
            byte[] firstName = GitNames.findNameTraditional(b, fs, fe, null, prefix.value);
            name = GitNames.findNameTraditional(b, ss, se, firstName, prefix.value);
            if (DiffTimestamps.hasEpochTimestamp(b, fs, fe)) {
                h.isNew = 1;
                h.isDelete = 0;
                h.newName = name;
            } else if (DiffTimestamps.hasEpochTimestamp(b, ss, se)) {
                h.isNew = 0;
                h.isDelete = 1;
                h.oldName = name;
            } else {
                h.oldName = name;
                h.newName = name;
            }
        }
        if (name == null) {
            out.gitError(DiagnosticCode.HEADER_MISSING_NAME, src.ls, src.lineNo, "unable to find a file name: " + src.quoteCurrent());
            return null;
        }
        rules.traditional(h, src.ls, src.lineNo);
        src.consume();
        src.readLine();
        src.consume();
        return h;
    }
}
