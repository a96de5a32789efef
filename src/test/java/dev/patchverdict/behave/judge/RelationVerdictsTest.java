// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Equivalence;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.RelationOperator;
import dev.patchverdict.behave.plan.RelationRules;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The three rules, on relations whose states are given: veto, abstention, rescue. */
class RelationVerdictsTest {
    private static final Command C = new Command(List.of("prog", "x"), ".", Map.of(), OptionalDouble.empty());
    private static final Command T = new Command(List.of("prog", "reversed x"), ".", Map.of(), OptionalDouble.empty());

    static RelationRun held() {
        return new RelationRun(Optional.empty(), Optional.empty(), RelationRun.State.HELD, "holds",
                Optional.of(new Comparison.Equivalent("exact")));
    }

    static RelationRun broken() {
        return new RelationRun(Optional.empty(), Optional.empty(), RelationRun.State.BROKEN, "breaks: at line 1",
                Optional.of(new Comparison.Different("exact", "line 1", "")));
    }

    static RelationRun abstained() {
        return new RelationRun(Optional.empty(), Optional.empty(), RelationRun.State.ABSTAINED,
                "the followup run timed out", Optional.empty());
    }

    static RelationResult r(String id, RelationRun base, RelationRun patched) {
        return new RelationResult(new Relation(id, Optional.empty(), C, T, new RelationOperator.Equivalent(Equivalence.EXACT),
                0, Optional.empty()), base, patched);
    }

    static Set<RelationResult.Role> roles(RelationsOutcome o, String id) {
        return o.relations().stream().filter(x -> x.spec().id().equals(id)).findFirst().orElseThrow().roles();
    }

    @Test
    void aRelationThatHeldOnTheBaseAndBreaksWithThePatchVetoes() {
        RelationsOutcome o = RelationVerdicts.judge(List.of(r("a", held(), broken()), r("b", held(), held())),
                RelationRules.DEFAULT);
        assertEquals(Verdict.REFUTED, o.verdict());
        assertTrue(o.reasons().get(0).startsWith("1 relation held on the base and breaks with the patch (veto_min 1): a"),
                o.reasons().get(0));
        assertEquals(Set.of(RelationResult.Role.VETO), roles(o, "a"));
        assertEquals(Set.of(), roles(o, "b"));
    }

    @Test
    void fewerBreaksThanVetoMinDoNotVetoButAreNamed() {
        RelationsOutcome o = RelationVerdicts.judge(List.of(r("a", held(), broken()), r("b", held(), held())),
                new RelationRules(2, true));
        assertEquals(Verdict.PROVEN, o.verdict());
        assertTrue(o.reasons().get(1).contains("fewer than veto_min 2: a"), o.reasons().toString());
        assertEquals(Set.of(), roles(o, "a"));
        assertEquals(Verdict.REFUTED, RelationVerdicts.judge(List.of(r("a", held(), broken()), r("b", held(), broken())),
                new RelationRules(2, true)).verdict());
    }

    @Test
    void whatWasBrokenOnTheBaseCannotVeto() {
        RelationsOutcome o = RelationVerdicts.judge(List.of(r("a", broken(), broken()), r("b", abstained(), broken())),
                RelationRules.DEFAULT);
        assertEquals(Verdict.PROVEN, o.verdict(), "the patch broke nothing that held");
        assertEquals("no relation held on the base, so none can veto", o.reasons().get(0));
    }

    @Test
    void aRelationThatHeldOnTheBaseAndAbstainsWithThePatchHoldsTheVerdictDown() {
        // A candidate that crashes, hangs or floods on a relation's input cannot dodge its veto.
        RelationsOutcome o = RelationVerdicts.judge(List.of(r("a", held(), abstained()), r("b", held(), held())),
                RelationRules.DEFAULT);
        assertEquals(Verdict.UNVERIFIED, o.verdict());
        assertTrue(o.reasons().get(0).contains("cannot be judged with the patch, so it does not hold: a the followup run"
                + " timed out"), o.reasons().get(0));
        assertEquals(Set.of(RelationResult.Role.ABSTENTION), roles(o, "a"));
        assertEquals(Verdict.REFUTED, RelationVerdicts.judge(List.of(r("a", held(), abstained()),
                r("b", held(), broken())), RelationRules.DEFAULT).verdict(), "a veto still refutes");
        assertEquals(Verdict.PROVEN, RelationVerdicts.judge(List.of(r("a", abstained(), abstained()),
                r("b", held(), held())), RelationRules.DEFAULT).verdict(), "what never held cannot be dodged");
    }

    @Test
    void aRescueNeedsTwoHoldingOneRepairedAndNothingAgainst() {
        RelationsOutcome ok = RelationVerdicts.judge(List.of(r("a", broken(), held()), r("b", held(), held())),
                RelationRules.DEFAULT);
        RelationVerdicts.Rescue rescue = RelationVerdicts.rescue(ok);
        RelationsOutcome rescued = rescue.rescued().orElseThrow();
        assertEquals(OptionalInt.of(2), rescued.relativeTo());
        assertEquals("PROVEN relative to 2 relations", rescued.verdictText());
        assertTrue(rescue.why().startsWith("PROVEN relative to 2 relations (a, b): each holds with the patch, 1 of them"
                + " broke on the base"), rescue.why());
        assertEquals(Set.of(RelationResult.Role.RESCUE), roles(rescued, "a"));
        assertEquals(Set.of(RelationResult.Role.RESCUE), roles(rescued, "b"));

        assertNoRescue(List.of(r("a", broken(), held())), "1 relation holds with the patch, 2 are needed");
        assertNoRescue(List.of(r("a", held(), held()), r("b", held(), held())),
                "none that holds with the patch broke on the base");
        assertNoRescue(List.of(r("a", broken(), held()), r("b", held(), held()), r("c", broken(), broken())),
                "with the patch c broken");
        // A relation that abstains with the patch never counts as holding, and keeps the rescue away.
        assertNoRescue(List.of(r("a", broken(), held()), r("b", held(), held()), r("c", abstained(), abstained())),
                "with the patch c abstained");
        // A relation that only crashed on the base did not break there: no repair to speak of.
        assertNoRescue(List.of(r("a", abstained(), held()), r("b", held(), held())),
                "none that holds with the patch broke on the base");
        assertEquals("relation_rules.rescue is false", RelationVerdicts.rescue(RelationVerdicts.judge(
                List.of(r("a", broken(), held()), r("b", held(), held())), new RelationRules(1, false))).why());
    }

    private static void assertNoRescue(List<RelationResult> results, String why) {
        RelationVerdicts.Rescue rescue = RelationVerdicts.rescue(RelationVerdicts.judge(results, RelationRules.DEFAULT));
        assertTrue(rescue.rescued().isEmpty());
        assertTrue(rescue.why().contains(why), rescue.why());
    }
}
