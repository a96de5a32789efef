// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A transition is a property of one hunk: any well-formed replacement hunk that removes a line
 * holding the old form and adds one holding the new form satisfies it, wherever the two lines sit
 * among other changes; the same patch with the added line moved to another file never does.
 */
class TransitionPropertiesTest {
    private static final StrictTransitionContract PLAN = new StrictTransitionContract(DiffBackend.of(1 << 20, 1000),
            List.of(LogType.STDOUT), List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")),
            new ChangePolicy(false, false, false, false, true, List.of(), GlobSyntax.GITIGNORE));

    /** A random replacement hunk; filler text never holds '(' so only the pair can match. */
    record Hunk(List<String> before, List<String> removed, int removedAt, String oldLine, List<String> added, int addedAt,
            String newLine, List<String> after) {}

    @Provide
    Arbitrary<Hunk> hunks() {
        Arbitrary<String> text = Arbitraries.strings().withChars("abcxyz019 _=.:").ofMinLength(1).ofMaxLength(30)
                .filter(s -> !s.isBlank() && s.charAt(0) != ' ');
        Arbitrary<List<String>> lines = text.list().ofMaxSize(4);
        Arbitrary<String> affix = Arbitraries.strings().withChars("abcxyz019_.").ofMaxLength(8);
        Arbitrary<String> oldLine = Combinators.combine(affix, affix).as((p, s) -> p + "unsafe_call(" + s);
        Arbitrary<String> newLine = Combinators.combine(affix, affix).as((p, s) -> p + "safe_call(" + s);
        return Combinators.combine(lines, lines, Arbitraries.integers().between(0, 4), oldLine, lines,
                Arbitraries.integers().between(0, 4), newLine, lines)
                .as((b, r, ri, o, a, ai, n, af) -> new Hunk(b, r, Math.min(ri, r.size()), o, a, Math.min(ai, a.size()), n, af));
    }

    private static String section(String path, List<String> context, List<String> removed, List<String> added,
            List<String> after) {
        StringBuilder sb = new StringBuilder();
        sb.append("diff --git a/").append(path).append(" b/").append(path).append('\n')
                .append("index 1111111..2222222 100644\n--- a/").append(path).append("\n+++ b/").append(path).append('\n');
        int old = context.size() + removed.size() + after.size();
        int neu = context.size() + added.size() + after.size();
        sb.append("@@ -1,").append(old).append(" +1,").append(neu).append(" @@\n");
        context.forEach(l -> sb.append(' ').append(l).append('\n'));
        removed.forEach(l -> sb.append('-').append(l).append('\n'));
        added.forEach(l -> sb.append('+').append(l).append('\n'));
        after.forEach(l -> sb.append(' ').append(l).append('\n'));
        return sb.toString();
    }

    private static List<String> with(List<String> lines, int at, String line) {
        List<String> out = new ArrayList<>(lines);
        out.add(at, line);
        return out;
    }

    private static SemanticEvaluation evaluate(String patch) {
        return StrictTransitionEvaluator.evaluate(patch.getBytes(StandardCharsets.UTF_8), PLAN);
    }

    @Property(tries = 300)
    void thePairInOneHunkAlwaysSatisfiesTheTransition(@ForAll("hunks") Hunk h) {
        String patch = section("src/app.py", h.before(), with(h.removed(), h.removedAt(), h.oldLine()),
                with(h.added(), h.addedAt(), h.newLine()), h.after());
        SemanticEvaluation e = evaluate(patch);
        assertTrue(e.accepted(), () -> e.reasons() + "\n" + patch);
        List<LineEvidence> evidence = e.requirements().get(0).evidence();
        assertEquals(h.oldLine(), evidence.get(0).text());
        assertEquals(h.newLine(), evidence.get(1).text());
    }

    @Property(tries = 300)
    void theAddedLineMovedToAnotherFileNeverSatisfiesIt(@ForAll("hunks") Hunk h) {
        String patch = section("src/app.py", h.before(), with(h.removed(), h.removedAt(), h.oldLine()), h.added(), h.after())
                + section("src/other.py", List.of("import other"), List.of(), List.of(h.newLine()), List.of());
        SemanticEvaluation e = evaluate(patch);
        assertEquals(List.of(), e.fatalDiagnostics(), patch);
        RequirementResult r = e.requirements().get(0);
        assertEquals(Unmet.Reason.NOT_IN_ONE_HUNK, r.unmet().orElseThrow().reason(), patch);
    }
}
