// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.LineKind;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.diff.Severity;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import dev.patchverdict.tricks.TrickDetector;
import dev.patchverdict.tricks.TrickHit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The v0.5 semantic evaluator on the seed's transition fixtures and on small patches made here. */
class StrictTransitionEvaluatorTest {
    private static final String HEADER = "diff --git a/src/app.py b/src/app.py\nindex 1111111..2222222 100644\n"
            + "--- a/src/app.py\n+++ b/src/app.py\n";

    private static StrictTransitionContract contract(List<String> added, List<String> removed, List<Transition> transitions,
            ChangePolicy policy) {
        return new StrictTransitionContract(DiffBackend.of(200_000, 1000), List.of(LogType.STDOUT), added, removed,
                transitions, policy);
    }

    private static SemanticEvaluation evaluate(String patch, StrictTransitionContract c) {
        return StrictTransitionEvaluator.evaluate(patch.getBytes(StandardCharsets.UTF_8), c);
    }

    @Test
    void theSeedsCorrectPatchSatisfiesTheTransitionWithItsEvidence() throws IOException {
        byte[] bytes = Files.readAllBytes(V05Fixtures.TRANSITION.resolve("correct.patch"));
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(bytes, V05Fixtures.transitionPlan());
        assertTrue(e.accepted(), e.reasons().toString());
        assertEquals(List.of(), e.reasons());
        RequirementResult r = e.requirements().get(0);
        assertEquals(List.of(new LineEvidence("README.md", 0, 0, 7, LineKind.REMOVED, "unsafe_call(args.value)"),
                new LineEvidence("README.md", 0, 0, 8, LineKind.ADDED, "safe_call(args.value)")), r.evidence());
        assertEquals(Digests.bytes(bytes), e.patchDigest());
        assertEquals(172, e.patchBytes());
        assertEquals(List.of(), e.decisions());
    }

    @Test
    void theSeedsDecoyLacksTheRemoval() throws IOException {
        // <!-- safe_call( --> is added, but unsafe_call( stays as context: nothing was replaced.
        byte[] bytes = Files.readAllBytes(V05Fixtures.TRANSITION.resolve("decoy.patch"));
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(bytes, V05Fixtures.transitionPlan());
        assertFalse(e.accepted());
        assertEquals(List.of(), e.diagnostics(), "the decoy is a well-formed patch");
        Unmet u = e.requirements().get(0).unmet().orElseThrow();
        assertEquals(Unmet.Reason.REMOVED_SIDE_MISSING, u.reason());
        assertTrue(u.message().contains("only in context, first at patch line 7"), u.message());
        assertEquals(1, e.reasons().size());
    }

    @Test
    void addedAndRemovedSubstringsCountOnlyLinesOfTheirKind() {
        StrictTransitionContract c = contract(List.of("new_name("), List.of("old_name("), List.of(),
                ChangePolicy.safe(GlobSyntax.GITIGNORE));
        SemanticEvaluation ok = evaluate(HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-old_name(x)\n+new_name(x)\n", c);
        assertTrue(ok.accepted(), ok.reasons().toString());

        // Swapped sides: the removed line holds the added text and the other way round.
        SemanticEvaluation swapped = evaluate(HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-new_name(x)\n+old_name(x)\n", c);
        assertEquals(List.of(Unmet.Reason.NOT_FOUND, Unmet.Reason.NOT_FOUND),
                swapped.unmet().stream().map(r -> r.unmet().orElseThrow().reason()).toList());

        // Case matters, and a value never spans two lines.
        SemanticEvaluation split = evaluate(HEADER + "@@ -1,2 +1,3 @@\n x = 1\n-OLD_NAME(x)\n+new_\n+name(x)\n", c);
        assertEquals(2, split.unmet().size());
    }

    @Test
    void aTransitionNeedsBothSidesInOneHunk() {
        StrictTransitionContract c = contract(List.of(), List.of(), List.of(new Transition("a(", "b(")),
                ChangePolicy.safe(GlobSyntax.FNMATCH));
        SemanticEvaluation onlyAdded = evaluate(HEADER + "@@ -1,1 +1,2 @@\n x = 1\n+b(1)\n", c);
        assertEquals(Unmet.Reason.REMOVED_SIDE_MISSING, onlyAdded.unmet().get(0).unmet().orElseThrow().reason());
        SemanticEvaluation onlyRemoved = evaluate(HEADER + "@@ -1,2 +1,1 @@\n x = 1\n-a(1)\n", c);
        assertEquals(Unmet.Reason.ADDED_SIDE_MISSING, onlyRemoved.unmet().get(0).unmet().orElseThrow().reason());
        SemanticEvaluation both = evaluate(HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-a(1)\n+b(1)\n", c);
        assertTrue(both.accepted(), both.reasons().toString());
    }

    @Test
    void allowedPolicyFindingsAreRecordedAsAllowedDecisions() throws IOException {
        byte[] symlink = Files.readAllBytes(V05Fixtures.DECOYS.resolve("symlink.patch"));
        ChangePolicy allowLinks = new ChangePolicy(true, false, false, false, true, List.of(), GlobSyntax.GITIGNORE);
        StrictTransitionContract c = contract(List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")),
                allowLinks);
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(symlink, c);
        assertTrue(e.accepted(), e.reasons().toString());
        assertEquals(List.of(new PolicyDecision(PolicyDecision.Rule.SYMLINK, true, "docs/current", 9, "symbolic link docs/current")),
                e.decisions());
        assertEquals(1, e.diagnostics().size());
        assertEquals(Severity.WARNING, e.diagnostics().get(0).severity());
    }

    @Test
    void invisibleCharactersAreAllowedOnlyWhenThePlanSaysSo() throws IOException {
        byte[] patch = Files.readAllBytes(V05Fixtures.DECOYS.resolve("invisible-characters.patch"));
        ChangePolicy lenient = new ChangePolicy(false, false, false, false, false, List.of(), GlobSyntax.GITIGNORE);
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(patch,
                contract(List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")), lenient));
        assertTrue(e.accepted(), e.reasons().toString());
        assertEquals(PolicyDecision.Rule.INVISIBLE_CHARACTER, e.decisions().get(0).rule());
        assertTrue(e.decisions().get(0).allowed());
    }

    @Test
    void protectedPathsCoverTheOldPathOfRenamesAndDeletes() {
        String rename = "diff --git a/tests/test_a.py b/src/a.py\nsimilarity index 90%\nrename from tests/test_a.py\n"
                + "rename to src/a.py\nindex 1111111..2222222 100644\n--- a/tests/test_a.py\n+++ b/src/a.py\n"
                + "@@ -1,2 +1,2 @@\n import a\n-unsafe_call(1)\n+safe_call(1)\n";
        SemanticEvaluation e = evaluate(rename, V05Fixtures.transitionPlan());
        assertEquals(List.of(new PolicyDecision(PolicyDecision.Rule.PROTECTED_PATH, false, "tests/test_a.py", 1,
                "matches protected path tests/")), e.decisions());
        // A renamed file is not changed in place, so its removed line does not count either.
        assertEquals(Unmet.Reason.REMOVED_NOT_IN_PLACE, e.requirements().get(0).unmet().orElseThrow().reason());
        assertFalse(e.accepted());
    }

    @Test
    void everyStrictDiagnosticIsFatalUnlessThePolicyAllowsIt() {
        Profile p = StrictTransitionEvaluator.profile(ChangePolicy.safe(GlobSyntax.GITIGNORE));
        for (DiagnosticCode code : DiagnosticCode.values()) {
            assertEquals(Severity.ERROR, p.severity(code), code.name());
        }
        Profile lenient = StrictTransitionEvaluator.profile(new ChangePolicy(true, true, true, true, false, List.of(),
                GlobSyntax.FNMATCH));
        for (DiagnosticCode code : List.of(DiagnosticCode.SYMLINK, DiagnosticCode.SUBMODULE, DiagnosticCode.EXECUTABLE_BIT,
                DiagnosticCode.BINARY_PATCH, DiagnosticCode.INVISIBLE_CHARACTER)) {
            assertEquals(Severity.WARNING, lenient.severity(code), code.name());
        }
        // Policy findings the change policy has no field for stay fatal.
        assertEquals(Severity.ERROR, lenient.severity(DiagnosticCode.SWALLOWED_HEADER));
        assertEquals(Severity.ERROR, lenient.severity(DiagnosticCode.CONFUSABLE_PATH));
        // The strict profile only warns about a Latin-1 line; v0.5 refuses it.
        SemanticEvaluation latin1 = StrictTransitionEvaluator.evaluate(
                (HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-unsafe_call(1)\n+safe_call(1) # caf\u00e9\n")
                        .getBytes(StandardCharsets.ISO_8859_1), V05Fixtures.transitionPlan());
        assertEquals(List.of(DiagnosticCode.INVALID_UTF8_LINE), latin1.fatalDiagnostics().stream().map(d -> d.code()).toList());
        assertFalse(latin1.accepted());
    }

    @Test
    void badInputNeverThrows() {
        StrictTransitionContract c = V05Fixtures.transitionPlan();
        for (String bad : List.of("", "\n", "not a diff\n", "@@ -1 +1 @@\n-a\n+b\n", HEADER + "@@ -1,2 +1,2 @@\n-unsafe_call(\n",
                HEADER + "@@ -1,9 +1,9 @@\n-unsafe_call(\n+safe_call(\n")) {
            SemanticEvaluation e = evaluate(bad, c);
            assertFalse(e.accepted(), bad);
            assertFalse(e.reasons().isEmpty(), bad);
        }
        // A truncated hunk's lines never count, even though both sides were read.
        SemanticEvaluation truncated = evaluate(HEADER + "@@ -1,9 +1,9 @@\n-unsafe_call(\n+safe_call(\n", c);
        assertEquals(Unmet.Reason.ONLY_IN_REJECTED_HUNK, truncated.unmet().get(0).unmet().orElseThrow().reason());
    }

    @Test
    void anUnreadableStreamIsADiagnosticNotAnException() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk gone");
            }
        };
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(failing, V05Fixtures.transitionPlan());
        assertFalse(e.accepted());
        assertTrue(e.fatalDiagnostics().stream().anyMatch(d -> d.code() == DiagnosticCode.INPUT_UNREADABLE), e.diagnostics().toString());
    }

    @Test
    void aPatchOverThePlansSizeLimitIsNotAccepted() throws IOException {
        byte[] bytes = Files.readAllBytes(V05Fixtures.TRANSITION.resolve("correct.patch"));
        StrictTransitionContract small = new StrictTransitionContract(DiffBackend.of(171, 1000), List.of(LogType.STDOUT),
                List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")), ChangePolicy.safe(GlobSyntax.GITIGNORE));
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(bytes, small);
        assertFalse(e.withinSizeLimit());
        assertFalse(e.accepted());
        assertEquals(Digests.bytes(bytes), e.patchDigest());
        assertEquals(Unmet.Reason.NOT_EVALUATED, e.requirements().get(0).unmet().orElseThrow().reason());
        assertEquals(List.of("the patch has 172 bytes, more than the plan's 171"), e.reasons());
        // The limit comes before any reading: nothing past it is looked at, from memory or from a stream.
        byte[] malformed = (new String(bytes, StandardCharsets.UTF_8) + "@@ -1 +1 @@\n").getBytes(StandardCharsets.UTF_8);
        for (SemanticEvaluation over : List.of(StrictTransitionEvaluator.evaluate(malformed, small),
                StrictTransitionEvaluator.evaluate(new java.io.ByteArrayInputStream(malformed), small))) {
            assertEquals(List.of(), over.diagnostics());
            assertEquals(List.of(), over.touchedPaths());
            assertEquals(malformed.length, over.patchBytes());
            assertEquals(Digests.bytes(malformed), over.patchDigest());
        }
    }

    @Test
    void resultsAreImmutableAndConsistent() {
        Requirement r = new Requirement.Added("x");
        LineEvidence line = new LineEvidence("a", 0, 0, 1, LineKind.ADDED, "x");
        assertThrows(IllegalArgumentException.class, () -> new RequirementResult(r, List.of(), java.util.Optional.empty()));
        assertThrows(IllegalArgumentException.class, () -> RequirementResult.satisfied(new Requirement.Replaced(
                new Transition("a", "b")), List.of(line)));
        assertThrows(IllegalArgumentException.class, () -> new LineEvidence("a", 0, 0, 1, LineKind.CONTEXT, "x"));
        SemanticEvaluation e = evaluate("", V05Fixtures.transitionPlan());
        assertThrows(UnsupportedOperationException.class, () -> e.diagnostics().clear());
        assertThrows(UnsupportedOperationException.class, () -> e.requirements().clear());
    }

    @Test
    void theOldFormMustBeGoneFromTheLineThatCarriesTheNewOne() {
        // "safe_call(" is inside "unsafe_call(": a line that still holds the old form is not a replacement.
        SemanticEvaluation e = evaluate(HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-unsafe_call(a)\n+unsafe_call(b)\n",
                V05Fixtures.transitionPlan());
        assertFalse(e.accepted());
        assertEquals(Unmet.Reason.ADDED_LINE_KEEPS_REMOVED, e.unmet().get(0).unmet().orElseThrow().reason());
        SemanticEvaluation fixed = evaluate(HEADER + "@@ -1,2 +1,2 @@\n x = 1\n-unsafe_call(a)\n+unsafe_call(a)\n+safe_call(a)\n"
                .replace("@@ -1,2 +1,2 @@", "@@ -1,2 +1,3 @@"), V05Fixtures.transitionPlan());
        assertFalse(fixed.accepted(), "unsafe_call(a) is removed and added back unchanged: moved, not removed");
        assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, fixed.unmet().get(0).unmet().orElseThrow().reason());
    }

    @Test
    void aRemovedLineAddedBackUnchangedElsewhereInTheFileIsAMoveNotARemoval() {
        String moved = HEADER + "@@ -1,3 +1,3 @@\n x = 1\n-unsafe_call(args.value)\n+safe_call(args.value)\n y = 2\n"
                + "@@ -40,1 +40,2 @@\n ## later\n+unsafe_call(args.value)\n";
        SemanticEvaluation e = evaluate(moved, V05Fixtures.transitionPlan());
        assertFalse(e.accepted(), e.reasons().toString());
        assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, e.unmet().get(0).unmet().orElseThrow().reason());
        // Another call replaced beside the one added back still leaves the old form in the file.
        String twoCalls = HEADER + "@@ -1,3 +1,3 @@\n x = 1\n-unsafe_call(args.value)\n-unsafe_call(args.other)\n"
                + "+safe_call(args.other)\n+unsafe_call(args.value)\n";
        SemanticEvaluation kept = evaluate(twoCalls, V05Fixtures.transitionPlan());
        assertEquals(Unmet.Reason.REMOVED_FORM_KEPT, kept.unmet().get(0).unmet().orElseThrow().reason());
        // Both replaced: the evidence is the hunk's first removed line and the added line that pairs with it.
        SemanticEvaluation ok = evaluate(twoCalls.replace("+unsafe_call(args.value)", "+safe_call(args.value)"),
                V05Fixtures.transitionPlan());
        assertTrue(ok.accepted(), ok.reasons().toString());
        assertEquals(List.of(7L, 9L), ok.requirements().get(0).evidence().stream().map(LineEvidence::patchLine).toList());
    }

    /**
     * A plan forbidding tricks reads the patch once, within the caller's limits: a line past them is fatal and no
     * search runs on a reading cut short there; within them the hit counts. A caller's own search over the same
     * reading gives the same evaluation, only the forbidden rules' hits counting.
     */
    @Test
    void forbiddenTricksAreSearchedInTheOneReadingWithinTheCallersLimits() {
        String patch = HEADER + "@@ -1,2 +1,3 @@\n def run():\n-    unsafe_call(x)  # " + "x".repeat(5000) + "\n+    safe_call(x)\n"
                + "+    sys.exit(0)\n";
        StrictTransitionContract c = contract(List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")),
                ChangePolicy.safe(GlobSyntax.GITIGNORE).forbidding(List.of("early-exit")));
        byte[] bytes = patch.getBytes(StandardCharsets.UTF_8);
        SemanticEvaluation wide = StrictTransitionEvaluator.evaluate(bytes, c);
        assertEquals(List.of("early-exit"), wide.trickHits().stream().map(h -> h.ruleId()).toList());
        assertFalse(wide.accepted());
        SemanticEvaluation narrow = StrictTransitionEvaluator.evaluate(bytes, c, new DiffReader.Options(true, 1024));
        assertTrue(narrow.diagnostics().stream().anyMatch(d -> d.code() == DiagnosticCode.LINE_TOO_LONG), narrow.diagnostics().toString());
        assertFalse(narrow.accepted());
        assertEquals(List.of(), narrow.trickHits(), "the exit lies past where that reading stopped");

        DiffResult lines = DiffReader.readLines(bytes, Profile.GIT);
        List<TrickHit> all = TrickDetector.all().detect(lines);
        assertEquals(wide, StrictTransitionEvaluator.evaluate(bytes, c, DiffReader.Options.DEFAULT, all));
        assertEquals(wide.trickHits(), TrickDetector.only(all, List.of("early-exit")));
    }
}
