// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The git profile against git itself, over every diff of the corpus: the same accept/reject decision as
 * git's exit code, and byte-identical numstat and summary output.
 */
@Tag(TestGroups.SHARED_CORPUS)
@Tag(TestGroups.GIT)
class GitDifferentialTest {

    @Test
    void gitProfileAgreesWithGitOnEveryCorpusFile() throws IOException {
        List<Path> diffs = Corpus.allDiffs();
        assertTrue(diffs.size() > 1000, "expected the whole corpus, found " + diffs.size() + " diffs");
        List<String> disagreements = new ArrayList<>();
        int agreed = 0;
        for (Path diff : diffs) {
            DiffResult r = DiffReader.read(diff, Profile.GIT);
            int rc = Corpus.gitRc(diff);
            List<String> why = new ArrayList<>();
            if (r.accepted() != (rc == 0)) {
                why.add("git rc " + rc + " but accepted=" + r.accepted() + " " + r.errors());
            }
            if (!Arrays.equals(r.numstatBytes(), Corpus.sidecar(diff, "numstat"))) {
                why.add("numstat differs: " + firstDifference(r.numstatBytes(), Corpus.sidecar(diff, "numstat")));
            }
            if (!Arrays.equals(r.summaryBytes(), Corpus.sidecar(diff, "summary"))) {
                why.add("summary differs: " + firstDifference(r.summaryBytes(), Corpus.sidecar(diff, "summary")));
            }
            if (why.isEmpty()) {
                agreed++;
            } else {
                disagreements.add(Corpus.relative(diff) + ": " + String.join("; ", why));
            }
        }
        System.out.printf("git differential: %d of %d corpus files agree with git 2.39.5%n", agreed, diffs.size());
        if (!disagreements.isEmpty()) {
            fail(disagreements.size() + " of " + diffs.size() + " corpus files disagree with git:\n"
                    + String.join("\n", disagreements.subList(0, Math.min(60, disagreements.size()))));
        }
    }

    /** The line where two outputs first differ, both sides shown. */
    static String firstDifference(byte[] ours, byte[] git) {
        String[] a = new String(ours, StandardCharsets.UTF_8).split("\n", -1);
        String[] b = new String(git, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "<none>";
            String y = i < b.length ? b[i] : "<none>";
            if (!x.equals(y)) {
                return "line " + (i + 1) + ": ours [" + x + "] git [" + y + "]";
            }
        }
        return "same lines, different bytes";
    }
}
