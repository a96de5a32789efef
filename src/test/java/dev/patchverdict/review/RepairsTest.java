// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.ReviewEntry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepairsTest {
    static final String GOOD = """
            diff --git a/app.py b/app.py
            --- a/app.py
            +++ b/app.py
            @@ -1,3 +1,3 @@
             import os
            -x = unsafe_call(1)
            +x = safe_call(1)
             print(x)
            """;

    static ReviewEntry.Repair repair(String patch) {
        byte[] b = patch.getBytes(StandardCharsets.UTF_8);
        DiffResult r = Repairs.read(b, Profile.STRICT, DiffReader.Options.DEFAULT);
        assertEquals(false, r.accepted(), "the damaged patch is rejected: " + patch);
        return Repairs.suggest(b, r, Profile.STRICT, DiffReader.Options.DEFAULT);
    }

    @Test
    void theUndamagedPatchIsAccepted() {
        assertEquals(true, Repairs.read(GOOD.getBytes(StandardCharsets.UTF_8), Profile.STRICT, DiffReader.Options.DEFAULT).accepted());
    }

    @Test
    void wrongHunkCountsWithAConsistentBodyAreARecount() {
        ReviewEntry.Repair r = repair(GOOD.replace("@@ -1,3 +1,3 @@", "@@ -1,5 +1,4 @@"));
        assertEquals(List.of("recount"), r.repairs());
        assertEquals("accepted", r.outcome());
    }

    @Test
    void countsTooSmallAreARecountToo() {
        ReviewEntry.Repair r = repair(GOOD.replace("@@ -1,3 +1,3 @@", "@@ -1,2 +1,2 @@"));
        assertEquals(List.of("recount"), r.repairs());
        assertEquals("accepted", r.outcome());
    }

    @Test
    void aMissingFinalNewline() {
        ReviewEntry.Repair r = repair(GOOD.substring(0, GOOD.length() - 1));
        assertEquals(List.of("final-newline"), r.repairs());
        assertEquals("accepted", r.outcome());
    }

    @Test
    void strippedTrailingWhitespaceNeedsANewlineAndARecountAndSaysWhatCannotBeKnown() {
        // What a whitespace-stripping harness leaves: an empty context line, the last one gone, no final newline.
        String damaged = GOOD.replace(" import os\n", "\n").replace("\n print(x)\n", "");
        ReviewEntry.Repair r = repair(damaged);
        assertEquals(List.of("final-newline", "recount"), r.repairs());
        assertEquals("accepted", r.outcome());
        assertEquals(List.of(Repairs.WHITESPACE_NOTE), r.notes());
    }

    @Test
    void crlfLineEndings() {
        ReviewEntry.Repair r = repair(GOOD.replace("\n", "\r\n"));
        assertEquals(List.of("crlf"), r.repairs());
        assertEquals("accepted", r.outcome());
    }

    @Test
    void leadingAndTrailingProseAroundAFencedDiff() {
        ReviewEntry.Repair r = repair("Here is the fix:\n\n```diff\n" + GOOD + "```\nThis replaces the unsafe call.\n");
        assertEquals(List.of("leading-prose", "trailing-prose"), r.repairs());
        assertEquals("accepted", r.outcome());
    }

    @Test
    void aPolicyFindingHasNoRepair() {
        String exec = "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n";
        ReviewEntry.Repair r = repair(exec);
        assertEquals(List.of(), r.repairs());
        assertEquals("none", r.outcome());
        assertEquals(List.of("EXECUTABLE_BIT"), r.remaining());
    }

    @Test
    void recountLeavesAHunkFollowedByAnUnexpectedLineAsGitDoes() {
        String p = GOOD.replace("@@ -1,3 +1,3 @@", "@@ -1,9 +1,9 @@") + "garbage\n";
        byte[] out = Repairs.recount(p.getBytes(StandardCharsets.UTF_8));
        assertEquals(p, new String(out, StandardCharsets.UTF_8));
    }
}
