// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.admission;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the candidate with the strict diff reader before git sees it. git apply checks the
 * sources of renames and deletions but not of copies, so {@code copy from /etc/shadow} would
 * copy a host file into the tree; every section with a path the strict reader calls unsafe
 * (absolute, {@code ..}, {@code .git}, below a symlink, ...), copy and rename sources included,
 * is refused before anything is applied.
 */
final class CandidatePaths {
    private CandidatePaths() {}

    static void requireSafe(byte[] patch, String what) throws BehaveException {
        DiffResult r = DiffReader.read(patch, Profile.STRICT);
        List<Diagnostic> unsafe = r.diagnostics().stream()
                .filter(d -> d.code().category() == DiagnosticCode.Category.PATH)
                .toList();
        if (unsafe.isEmpty()) {
            return;
        }
        Diagnostic d = unsafe.get(0);
        throw new BehaveException(what, "the candidate's section '" + sectionHeader(patch, d.line()) + "' has an unsafe"
                + " path (line " + d.line() + ": " + d.code() + " " + d.message() + ")"
                + (unsafe.size() > 1 ? " and " + (unsafe.size() - 1) + " more unsafe path(s)" : "")
                + "; nothing was applied");
    }

    /** The {@code diff --git} line of the section holding a line, escaped for display. */
    static String sectionHeader(byte[] patch, long line) {
        String header = "(before the first section)";
        long n = 1;
        int start = 0;
        for (int i = 0; i <= patch.length && n <= line; i++) {
            if (i == patch.length || patch[i] == '\n') {
                String text = new String(patch, start, i - start, StandardCharsets.UTF_8);
                if (text.startsWith("diff --git ")) {
                    header = Excerpts.clip(text, 200, "...");
                }
                start = i + 1;
                n++;
            }
        }
        return SafeText.escape(header, REPORT);
    }
}
