// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * v0.5 judges what git does to each file: a removal counts only where the file that held the line is changed in
 * place, and the removed form must then be gone from that file; an addition counts only where the file ends up
 * holding more of that line than before. One test per rule README's v0.5 section states.
 */
class StrictTransitionFileRulesTest {
    private static final StrictTransitionContract TRANSITION = contract(List.of(), List.of(),
            List.of(new Transition("unsafe_call(", "safe_call(")), List.of());
    private static final StrictTransitionContract REMOVED = contract(List.of(), List.of("unsafe_call("), List.of(), List.of());
    private static final StrictTransitionContract ADDED = contract(List.of("safe_call("), List.of(), List.of(), List.of());

    static StrictTransitionContract contract(List<String> added, List<String> removed, List<Transition> transitions,
            List<String> allowedIn) {
        return new StrictTransitionContract(DiffBackend.of(200_000, 1000), List.of(LogType.STDOUT), added, removed, transitions,
                new ChangePolicy(false, false, true, false, true, List.of(), GlobSyntax.GITIGNORE), allowedIn);
    }

    static String modify(String path, String hunks) {
        return "diff --git a/" + path + " b/" + path + "\nindex 1111111..2222222 100644\n--- a/" + path + "\n+++ b/" + path
                + "\n" + hunks;
    }

    private static final String FIX = "@@ -1,3 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n ## Usage\n";

    private static SemanticEvaluation evaluate(String patch, StrictTransitionContract c) {
        return StrictTransitionEvaluator.evaluate(patch.getBytes(StandardCharsets.UTF_8), c);
    }

    private static Unmet.Reason reason(SemanticEvaluation e) {
        assertEquals(List.of(), e.fatalDiagnostics(), "a well-formed patch");
        assertFalse(e.accepted(), e.requirements().toString());
        return e.unmet().get(0).unmet().orElseThrow().reason();
    }

    @Test
    void theChangeMadeInPlaceCounts() {
        for (StrictTransitionContract c : List.of(TRANSITION, REMOVED, ADDED)) {
            SemanticEvaluation e = evaluate(modify("README.md", FIX), c);
            assertTrue(e.accepted(), e.reasons().toString());
        }
    }

    @Test
    void aCopyRemovesNothingFromItsSource() {
        // git apply leaves README.md as it was and writes the fixed text to a new file beside it.
        String copy = "diff --git a/README.md b/docs/README.md\nsimilarity index 50%\ncopy from README.md\ncopy to docs/README.md\n"
                + "index 1111111..2222222 100644\n--- a/README.md\n+++ b/docs/README.md\n" + FIX;
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(copy, TRANSITION)));
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(copy, REMOVED)));
        assertTrue(evaluate(copy, ADDED).accepted(), "the new file does hold the added text");
    }

    @Test
    void aRenameFollowedByANewFileAtTheOldPathLeavesTheOldFormInPlace() {
        String rename = "diff --git a/README.md b/docs/README.md\nsimilarity index 50%\nrename from README.md\nrename to docs/README.md\n"
                + "index 1111111..2222222 100644\n--- a/README.md\n+++ b/docs/README.md\n" + FIX;
        String recreate = "diff --git a/README.md b/README.md\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n"
                + "+++ b/README.md\n@@ -0,0 +1,2 @@\n+# IDKMesh\n+unsafe_call(args.value)\n";
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(rename + recreate, TRANSITION)));
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(recreate + rename, TRANSITION)), "in either order");
        // Without the new file the old form is gone, but the file was moved, not changed in place: still not counted.
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(rename, REMOVED)));
    }

    @Test
    void aDeletionIsNotARemovalFromAFile() {
        String delete = "diff --git a/README.md b/README.md\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/README.md\n"
                + "+++ /dev/null\n@@ -1,2 +0,0 @@\n-# IDKMesh\n-unsafe_call(args.value)\n";
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, reason(evaluate(delete, REMOVED)));
    }

    @Test
    void aModeChangeAlongsideTheHunksIsStillAChangeInPlace() {
        String patch = "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\nindex 1111111..2222222\n--- a/run.sh\n"
                + "+++ b/run.sh\n" + FIX;
        SemanticEvaluation e = evaluate(patch, TRANSITION);
        assertTrue(e.accepted(), e.reasons().toString());
    }

    @Test
    void theRemovedFormMustBeGoneFromTheFileMovedCommentedOrChanged() {
        for (String kept : List.of("+unsafe_call(args.value) # moved\n", "+<!-- unsafe_call(args.value) -->\n",
                "+unsafe_call(args.other)\n", "+unsafe_call(args.value)\n")) {
            String patch = modify("README.md", "@@ -1,2 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n" + kept);
            assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, reason(evaluate(patch, TRANSITION)), kept);
            assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, reason(evaluate(patch, REMOVED)), kept);
        }
        // In another hunk of the same file, too.
        String later = modify("README.md", FIX + "@@ -40,1 +40,2 @@\n ## later\n+# was: unsafe_call(args.value)\n");
        assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, reason(evaluate(later, TRANSITION)));
        // The old form left in another, unchanged line of the file is context, not an added line: that is a partial fix.
        SemanticEvaluation partial = evaluate(modify("README.md",
                "@@ -1,3 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n unsafe_call(args.other)\n"), TRANSITION);
        assertTrue(partial.accepted(), partial.reasons().toString());
    }

    @Test
    void aCopyOfTheFileMadeByThePatchMustNotKeepTheRemovedLines() {
        // git copies the file as it was: the fix in place, and the old line kept in a copy beside it.
        String aside = "diff --git a/README.md b/docs/usage.md\nsimilarity index 100%\ncopy from README.md\ncopy to docs/usage.md\n";
        for (String patch : List.of(modify("README.md", FIX) + aside, aside + modify("README.md", FIX))) {
            assertEquals(Unmet.Reason.REMOVED_FORM_COPIED, reason(evaluate(patch, TRANSITION)), patch);
            assertEquals(Unmet.Reason.REMOVED_FORM_COPIED, reason(evaluate(patch, REMOVED)), patch);
        }
        // A copy that removes the same line (or changes it) leaves the old form nowhere: both count.
        String copyFixed = "diff --git a/README.md b/docs/usage.md\nsimilarity index 80%\ncopy from README.md\ncopy to docs/usage.md\n"
                + "index 1111111..2222222 100644\n--- a/README.md\n+++ b/docs/usage.md\n"
                + "@@ -1,3 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+see README.md\n ## Usage\n";
        SemanticEvaluation both = evaluate(modify("README.md", FIX) + copyFixed, TRANSITION);
        assertTrue(both.accepted(), both.reasons().toString());
        // A copy that keeps another line than the one removed is not in the way.
        String copyOther = "diff --git a/README.md b/docs/usage.md\nsimilarity index 80%\ncopy from README.md\ncopy to docs/usage.md\n"
                + "index 1111111..2222222 100644\n--- a/README.md\n+++ b/docs/usage.md\n"
                + "@@ -1,3 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+see README.md\n ## Usage\n"
                + "@@ -9,2 +9,3 @@\n x\n y\n+z\n";
        SemanticEvaluation other = evaluate(modify("README.md", FIX) + copyOther, TRANSITION);
        assertTrue(other.accepted(), other.reasons().toString());
    }

    @Test
    void aCopyWhoseHunksStateOtherLinesThanTheFixCountsNothingFromTheFile() {
        // git applies a hunk where its lines match, not only at the line its header names: this copy's hunk names old
        // line 2 (the line the fix removes) but holds the file's lines 4 and 5, so git applies it two lines further
        // down and the copy keeps unsafe_call(args.value). No tree holds both sections' lines where they say.
        String offset = "diff --git a/README.md b/docs/usage.md\nsimilarity index 80%\ncopy from README.md\ncopy to docs/usage.md\n"
                + "index 1111111..3333333 100644\n--- a/README.md\n+++ b/docs/usage.md\n@@ -2,2 +2,2 @@\n-run it\n+run it now\n ## End\n";
        for (String patch : List.of(modify("README.md", FIX) + offset, offset + modify("README.md", FIX))) {
            for (StrictTransitionContract c : List.of(TRANSITION, REMOVED, ADDED)) {
                assertEquals(Unmet.Reason.HUNKS_DISAGREE, reason(evaluate(patch, c)), patch);
            }
        }
    }

    @Test
    void aCopyThatAddsTheRemovedFormBackKeepsIt() {
        // The copy removes the very line the fix removes, and adds it back changed: the copy holds the old form.
        String changed = "diff --git a/README.md b/docs/usage.md\nsimilarity index 80%\ncopy from README.md\ncopy to docs/usage.md\n"
                + "index 1111111..2222222 100644\n--- a/README.md\n+++ b/docs/usage.md\n"
                + "@@ -1,3 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+unsafe_call(args.value) # as it was\n ## Usage\n";
        for (String patch : List.of(modify("README.md", FIX) + changed, changed + modify("README.md", FIX))) {
            assertEquals(Unmet.Reason.REMOVED_FORM_COPIED, reason(evaluate(patch, TRANSITION)), patch);
            assertEquals(Unmet.Reason.REMOVED_FORM_COPIED, reason(evaluate(patch, REMOVED)), patch);
        }
    }

    @Test
    void aFileNamedTwiceUnderSpellingsOneFilesystemTakesAsOneCountsNothing() {
        // On a case-insensitive or Unicode-normalizing checkout (macOS, Windows) readme.md is README.md: git applies both
        // sections to the one file, and the later one writes the file as it was plus a blank line over the fix.
        String noop = "@@ -1,3 +1,4 @@\n # IDKMesh\n unsafe_call(args.value)\n ## Usage\n+\n";
        for (String other : List.of("readme.md", "README.MD", "README.md.", "ReadMe.Md")) {
            for (String patch : List.of(modify("README.md", FIX) + modify(other, noop), modify(other, noop) + modify("README.md", FIX))) {
                assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(patch, TRANSITION)), patch);
                assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(patch, REMOVED)), patch);
                assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(patch, ADDED)), patch);
            }
        }
        // Composed and decomposed forms of one name.
        String composed = "docs/r\u00e9sum\u00e9.md";
        String decomposed = "docs/re\u0301sume\u0301.md";
        String patch = modify(composed, FIX) + modify(decomposed, noop);
        assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(patch, TRANSITION)), patch);
        // NTFS opens a file by its 8.3 short name too: UNSAFE~1.PY is src/unsafe_module.py in a folder where it came first.
        String shortName = modify("src/unsafe_module.py", FIX) + modify("src/UNSAFE~1.PY", noop);
        assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(shortName, TRANSITION)), shortName);
        String shortFirst = modify("src/UNSAFE~2.PY", noop) + modify("src/unsafe_module.py", FIX);
        assertEquals(Unmet.Reason.FILE_NAMED_TWICE, reason(evaluate(shortFirst, TRANSITION)), shortFirst);
        // Names with no stem before their extension, or dots only, are names like any other.
        for (String odd : List.of(".profile_extra", "docs/.env", "x/..~1.a", "~1", ".~12", "a.b.c.d~1")) {
            SemanticEvaluation e = evaluate(modify(odd, noop) + modify("README.md", FIX), TRANSITION);
            assertTrue(e.accepted(), odd + e.reasons());
        }
        // A name that fits 8.3 has no other name; another folder's short name is another file.
        for (String fine : List.of(modify("src/unsafe.py", FIX) + modify("src/UNSAFE~1.PY", noop),
                modify("src/unsafe_module.py", FIX) + modify("lib/UNSAFE~1.PY", noop))) {
            SemanticEvaluation e = evaluate(fine, TRANSITION);
            assertTrue(e.accepted(), fine + e.reasons());
        }
        // A case-only rename is one file's fate: the fix in place elsewhere still counts.
        String rename = "diff --git a/Guide.md b/guide.md\nsimilarity index 100%\nrename from Guide.md\nrename to guide.md\n";
        SemanticEvaluation e = evaluate(modify("README.md", FIX) + rename, TRANSITION);
        assertTrue(e.accepted(), e.reasons().toString());
    }

    @Test
    void anOldFormAddedToAnotherFileIsThatFilesBusiness() {
        String patch = modify("README.md", FIX) + modify("docs/guide.md", "@@ -1 +1,2 @@\n # Guide\n+unsafe_call(args.value)\n");
        SemanticEvaluation e = evaluate(patch, TRANSITION);
        assertTrue(e.accepted(), e.reasons().toString());
    }

    @Test
    void aMovedLineIsNotAnAddition() {
        // The file already held safe_call(args.value) further down; the patch removes the old call and moves that line up.
        String patch = modify("README.md", "@@ -1,4 +1,3 @@\n # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n"
                + " ## Notes\n-safe_call(args.value)\n");
        assertEquals(Unmet.Reason.ADDED_LINE_MOVED, reason(evaluate(patch, TRANSITION)));
        assertEquals(Unmet.Reason.ADDED_LINE_MOVED, reason(evaluate(patch, ADDED)));
        // One more copy than the file removes is an addition.
        String twice = modify("README.md", "@@ -1,4 +1,4 @@\n # IDKMesh\n-unsafe_call(args.value)\n+safe_call(args.value)\n"
                + "+safe_call(args.value)\n ## Notes\n-safe_call(args.value)\n");
        SemanticEvaluation e = evaluate(twice, TRANSITION);
        assertTrue(e.accepted(), e.reasons().toString());
    }

    @Test
    void aFileWrittenWhereThePatchDeletesTheOneThatStoodThereAddsNothingToIt() {
        String delete = "diff --git a/README.md b/README.md\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/README.md\n"
                + "+++ /dev/null\n@@ -1,2 +0,0 @@\n-# IDKMesh\n-safe_call(args.value)\n";
        String create = "diff --git a/README.md b/README.md\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n"
                + "+++ b/README.md\n@@ -0,0 +1,2 @@\n+# IDKMesh\n+safe_call(args.value)\n";
        assertEquals(Unmet.Reason.ADDED_IN_REPLACED_FILE, reason(evaluate(delete + create, ADDED)));
        // The other way round git deletes what the patch created, not the file in the tree: the strict reader refuses it.
        assertEquals(List.of(dev.patchverdict.diff.DiagnosticCode.DUPLICATE_PATH),
                evaluate(create + delete, ADDED).fatalDiagnostics().stream().map(d -> d.code()).toList());
        SemanticEvaluation alone = evaluate(create, ADDED);
        assertTrue(alone.accepted(), "a new file at a free path: " + alone.reasons());
    }

    @Test
    void aPlanMayNameWhereTheRemovedTextMayStay() {
        StrictTransitionContract strict = contract(List.of(), List.of(), List.of(new Transition("eval(", "ast.literal_eval(")),
                List.of());
        StrictTransitionContract allowing = contract(List.of(), List.of(), List.of(new Transition("eval(", "ast.literal_eval(")),
                List.of("literal_eval("));
        String patch = modify("src/app.py", "@@ -1,2 +1,2 @@\n import ast\n-value = eval(text)\n+value = ast.literal_eval(text)\n");
        assertEquals(Unmet.Reason.ADDED_LINE_KEEPS_REMOVED, reason(evaluate(patch, strict)));
        SemanticEvaluation e = evaluate(patch, allowing);
        assertTrue(e.accepted(), e.reasons().toString());
        // Only occurrences inside the allowed text are forgiven: a bare eval( added back still keeps the old form.
        String kept = modify("src/app.py", "@@ -1,2 +1,3 @@\n import ast\n-value = eval(text)\n+value = ast.literal_eval(text)\n"
                + "+other = eval(more)\n");
        assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, reason(evaluate(kept, allowing)));
        // A removed line whose only occurrence is inside the allowed text removes nothing.
        String none = modify("src/app.py", "@@ -1,2 +1,2 @@\n import ast\n-v = ast.literal_eval(t)\n+v = ast.literal_eval(u)\n");
        assertEquals(Unmet.Reason.REMOVED_SIDE_MISSING, reason(evaluate(none, allowing)));
    }
}
