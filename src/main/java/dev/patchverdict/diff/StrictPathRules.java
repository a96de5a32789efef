// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * The strict rules on the paths and modes a file section names: each path alone (PathRules), symbolic
 * links, submodules and executable bits, and across sections the same path twice or a path below a
 * symbolic link the patch makes.
 */
final class StrictPathRules {
    private final StrictFindings findings;
    // Kept as hashes: these grow with the number of sections, which a huge diff makes large.
    private final PathSet consumed = new PathSet();
    private final PathSet produced = new PathSet();
    private final PathSet directories = new PathSet();
    private final PathSet symlinks = new PathSet();

    StrictPathRules(StrictFindings findings) {
        this.findings = findings;
    }

    void sectionStart(FileHeader fh) {
        long off = fh.offset();
        long line = fh.line();
        GitPath oldP = fh.oldPath();
        GitPath newP = fh.newPath();
        checkPath(oldP, off, line);
        if (newP != null && !newP.equals(oldP)) {
            checkPath(newP, off, line);
        }
        // Judged by what the mode means to any git: a mode as written (an odd one is MODE_NONCANONICAL) is
        // canonicalized by later versions, so "100775" makes an executable file and "60000" a submodule entry.
        int om = canon(fh.oldMode());
        int nm = canon(fh.newMode());
        if (om == 0120000 || nm == 0120000) {
            findings.reportOnce(DiagnosticCode.SYMLINK, off, line, "symbolic link " + fh.path());
        }
        if (om == 0160000 || nm == 0160000) {
            findings.reportOnce(DiagnosticCode.SUBMODULE, off, line, "submodule entry " + fh.path());
        }
        boolean changed = om != 0 && nm != 0 && om != nm;
        if ((fh.isNew() && nm == 0100755) || (changed && (om == 0100755 || nm == 0100755))) {
            findings.reportOnce(DiagnosticCode.EXECUTABLE_BIT, off, line, fh.isNew()
                    ? "new executable file " + fh.path()
                    : "mode change " + FileHeader.modeText(om) + " => " + FileHeader.modeText(nm) + " on " + fh.path());
        }
        if (findings.on(DiagnosticCode.DUPLICATE_PATH)) {
            boolean dup = false;
            if (!fh.isNew() && !fh.isCopy() && oldP != null && !consumed.add(PathSet.hash(oldP))) {
                dup = true;
            }
            // git changes or deletes what an earlier section wrote there, not the file in the tree (a copy or
            // rename reads the tree whatever came before it).
            if (!fh.isNew() && !fh.isCopy() && !fh.isRename() && oldP != null && produced.contains(PathSet.hash(oldP))) {
                dup = true;
            }
            if (!fh.isDeleted() && newP != null && !produced.add(PathSet.hash(newP))) {
                dup = true;
            }
            if (dup) {
                findings.reportOnce(DiagnosticCode.DUPLICATE_PATH, off, line, "another section already states the fate of " + fh.path());
            }
        }
        if (findings.on(DiagnosticCode.PATH_BELOW_SYMLINK)) {
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
                        findings.reportOnce(DiagnosticCode.PATH_BELOW_SYMLINK, off, line, p + " lies below "
                                + Messages.escape(b, 0, i, 120) + ", a symbolic link this patch makes");
                    }
                    directories.add(dir);
                }
            }
            if (newP != null && nm == 0120000 && !fh.isDeleted()) {
                long link = PathSet.hash(newP);
                if (directories.contains(link)) {
                    findings.reportOnce(DiagnosticCode.PATH_BELOW_SYMLINK, off, line,
                            "an earlier section's path lies below " + newP + ", a symbolic link this patch makes");
                }
                symlinks.add(link);
            }
        }
    }

    /** A mode canonicalized as later git reads it; 0, which is also "no mode line", stays 0. */
    private static int canon(int mode) {
        return mode == 0 ? 0 : Numbers.canonMode(mode);
    }

    private void checkPath(GitPath p, long off, long line) {
        if (p == null) {
            return;
        }
        for (PathRules.Finding f : PathRules.check(p.bytes())) {
            findings.reportOnce(f.code(), off, line, f.message());
        }
    }
}
