// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.plan.RelationRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The three rules by which relations weigh in a verdict.
 *
 * <ul>
 *   <li><b>Veto.</b> A relation that held on the base and breaks with the patch; {@code veto_min}
 *       of them make the relations REFUTED, and so the verdict.
 *   <li><b>Abstention.</b> A relation that abstains (a run timed out, was killed, exited with
 *       another status, had its output cut, lacked a required witness, or printed what cannot be
 *       compared) never counts as holding. One that held on the base and abstains with the patch
 *       holds the verdict at UNVERIFIED: a candidate cannot dodge a veto by crashing, hanging or
 *       flooding on a relation's input.
 *   <li><b>Rescue.</b> Where the checks alone end UNVERIFIED only for want of adequacy, the fix is
 *       PROVEN relative to the relations that hold with the patch, when at least two hold, at
 *       least one of them broke on the base, and none breaks or abstains with the patch.
 * </ul>
 */
public final class RelationVerdicts {
    private RelationVerdicts() {}

    /** Nothing ran ({@code why}): every relation abstained, and says nothing either way. */
    public static RelationsOutcome notRun(List<RelationResult> results, RelationRules rules, String why) {
        return new RelationsOutcome(results, rules, Verdict.UNVERIFIED, List.of("not run: " + why), OptionalInt.empty());
    }

    /** The relations' verdict before any rescue, each relation marked with the rules it took part in. */
    public static RelationsOutcome judge(List<RelationResult> results, RelationRules rules) {
        List<RelationResult> regressed = results.stream().filter(RelationResult::regressed).toList();
        List<RelationResult> dodged = results.stream().filter(RelationResult::dodged).toList();
        boolean veto = regressed.size() >= rules.vetoMin();
        List<RelationResult> marked = new ArrayList<>();
        for (RelationResult r : results) {
            RelationResult m = r;
            if (veto && r.regressed()) {
                m = m.with(RelationResult.Role.VETO);
            }
            if (r.dodged()) {
                m = m.with(RelationResult.Role.ABSTENTION);
            }
            marked.add(m);
        }
        List<String> reasons = new ArrayList<>();
        Verdict verdict;
        if (veto) {
            verdict = Verdict.REFUTED;
            reasons.add(count(regressed.size(), "relation") + " held on the base and "
                    + (regressed.size() == 1 ? "breaks" : "break") + " with the patch (veto_min " + rules.vetoMin()
                    + "): " + String.join("; ", regressed.stream().map(r -> r.spec().id() + " " + r.patched().reason())
                            .toList()));
        } else if (!dodged.isEmpty()) {
            verdict = Verdict.UNVERIFIED;
            reasons.add(count(dodged.size(), "relation") + " held on the base and cannot be judged with the patch,"
                    + " so it does not hold: " + String.join("; ", dodged.stream()
                            .map(r -> r.spec().id() + " " + r.patched().reason()).toList()));
        } else {
            verdict = Verdict.PROVEN;
            long heldOnBase = results.stream().filter(r -> r.base().held()).count();
            reasons.add(heldOnBase == 0 ? "no relation held on the base, so none can veto"
                    : "none of the " + count(heldOnBase, "relation") + " that held on the base breaks or abstains"
                            + " with the patch");
            if (!regressed.isEmpty()) {
                reasons.add(count(regressed.size(), "relation") + " held on the base and "
                        + (regressed.size() == 1 ? "breaks" : "break") + " with the patch, fewer than veto_min "
                        + rules.vetoMin() + ": " + String.join(", ", regressed.stream().map(r -> r.spec().id()).toList()));
            }
        }
        for (RelationResult r : marked) {
            reasons.add(r.spec().id() + ": on the base it " + r.base().state().key() + ", with the patch it "
                    + r.patched().state().key());
        }
        return new RelationsOutcome(marked, rules, verdict, reasons, OptionalInt.empty());
    }

    /**
     * The rescue of a verdict the checks left UNVERIFIED only for want of adequacy: the outcome
     * PROVEN relative to the relations that hold, or, when the relations are not enough, why not.
     */
    public static Rescue rescue(RelationsOutcome outcome) {
        List<RelationResult> results = outcome.relations();
        if (!outcome.rules().rescue()) {
            return new Rescue(Optional.empty(), "relation_rules.rescue is false");
        }
        List<RelationResult> holding = results.stream().filter(r -> r.patched().held()).toList();
        long repaired = results.stream().filter(RelationResult::repaired).count();
        List<String> against = results.stream().filter(r -> !r.patched().held())
                .map(r -> r.spec().id() + " " + r.patched().state().key()).toList();
        List<String> wanting = new ArrayList<>();
        if (holding.size() < RelationRules.RESCUE_MIN_HOLDING) {
            wanting.add(count(holding.size(), "relation") + " " + (holding.size() == 1 ? "holds" : "hold")
                    + " with the patch, " + RelationRules.RESCUE_MIN_HOLDING + " are needed");
        }
        if (repaired < RelationRules.RESCUE_MIN_REPAIRED) {
            wanting.add("none that holds with the patch broke on the base");
        }
        if (!against.isEmpty()) {
            wanting.add("with the patch " + String.join(", ", against));
        }
        if (!wanting.isEmpty()) {
            return new Rescue(Optional.empty(), String.join("; ", wanting));
        }
        List<RelationResult> marked = new ArrayList<>();
        for (RelationResult r : results) {
            marked.add(r.patched().held() ? r.with(RelationResult.Role.RESCUE) : r);
        }
        String why = "PROVEN relative to " + holding.size() + " relations ("
                + String.join(", ", holding.stream().map(r -> r.spec().id()).toList()) + "): each holds with the patch, "
                + count(repaired, "of them") + " broke on the base, and none breaks or abstains with the patch";
        List<String> reasons = new ArrayList<>();
        reasons.add(why);
        reasons.addAll(outcome.reasons());
        return new Rescue(Optional.of(new RelationsOutcome(marked, outcome.rules(), Verdict.PROVEN, reasons,
                OptionalInt.of(holding.size()))), why);
    }

    /** A rescue made, or why none was. */
    public record Rescue(Optional<RelationsOutcome> rescued, String why) {}

    private static String count(long n, String noun) {
        return n + " " + (noun.startsWith("of ") ? noun : n == 1 ? noun : noun + "s");
    }
}
