// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.plan.AddedAndRemovedSubstringsContract;
import dev.patchverdict.plan.AddedSubstringsContract;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.tricks.TrickHit;
import dev.patchverdict.verify.SemanticEvaluation;
import dev.patchverdict.verify.StrictTransitionEvaluator;
import dev.patchverdict.verify.upstream.SubstringLayer;
import dev.patchverdict.verify.upstream.TransitionLayer;
import java.util.ArrayList;
import java.util.List;

/**
 * An EvaluatorPlan's semantic contract, applied to patch bytes alone: no WorkUnit, manifest or logs, so
 * the plan's binding, log and scope rules are not checked. v0.3 and v0.4 use the record family's own
 * layers (its 0.1.1 parser and substring rules, quirks included); v0.5 the strict transition evaluator.
 */
public final class PlanCheck {
    private final EvaluatorPlan plan;

    private PlanCheck(EvaluatorPlan plan) {
        this.plan = plan;
    }

    /** Refuses a plan whose meaning needs more than patch bytes (v0.1's JSON candidate, v0.2's exact lines). */
    public static PlanCheck of(EvaluatorPlan plan) {
        if (!(plan.contract() instanceof AddedSubstringsContract || plan.contract() instanceof AddedAndRemovedSubstringsContract
                || plan.contract() instanceof StrictTransitionContract)) {
            throw new IllegalArgumentException("review --plan takes an EvaluatorPlan v0.3, v0.4 or v0.5; this one is v"
                    + plan.contract().schemaVersion());
        }
        return new PlanCheck(plan);
    }

    /** The plan's id, as reports name it. */
    public String planId() {
        return plan.id();
    }

    /** The plan's schema version. */
    public String version() {
        return plan.contract().schemaVersion();
    }

    /** The trick rules the plan forbids (a v0.5 plan's {@code forbidden_tricks}); none for the older versions. */
    public List<String> forbiddenTricks() {
        return plan.contract() instanceof StrictTransitionContract c ? c.changePolicy().forbiddenTricks() : List.of();
    }

    public ReviewEntry.PlanOutcome check(byte[] patch) {
        return check(patch, DiffReader.Options.DEFAULT);
    }

    /** The outcome with a v0.5 plan's patch read within the caller's limits. */
    public ReviewEntry.PlanOutcome check(byte[] patch, DiffReader.Options options) {
        if (plan.contract() instanceof StrictTransitionContract c) {
            return outcome(StrictTransitionEvaluator.evaluate(patch, c, options));
        }
        return substrings(patch);
    }

    /**
     * As {@link #check(byte[], DiffReader.Options)}, with the hits of a trick search over the same reading that
     * ran at least the {@link #forbiddenTricks()}, so the patch is not searched again.
     */
    public ReviewEntry.PlanOutcome check(byte[] patch, DiffReader.Options options, List<TrickHit> hits) {
        if (plan.contract() instanceof StrictTransitionContract c) {
            return outcome(StrictTransitionEvaluator.evaluate(patch, c, options, hits));
        }
        return substrings(patch);
    }

    private ReviewEntry.PlanOutcome outcome(SemanticEvaluation e) {
        return new ReviewEntry.PlanOutcome(plan.id(), plan.contract().schemaVersion(), e.accepted(), e.reasons());
    }

    private ReviewEntry.PlanOutcome substrings(byte[] patch) {
        String version = plan.contract().schemaVersion();
        List<String> added;
        List<String> removed = List.of();
        long max;
        if (plan.contract() instanceof AddedAndRemovedSubstringsContract c) {
            added = c.requiredAddedSubstrings();
            removed = c.requiredRemovedSubstrings();
            max = c.backend().maxCandidateBytes();
        } else {
            AddedSubstringsContract c = (AddedSubstringsContract) plan.contract();
            added = c.requiredAddedSubstrings();
            max = c.backend().maxCandidateBytes();
        }
        List<String> reasons = new ArrayList<>();
        SubstringLayer.Observation s = SubstringLayer.observe(patch, max, added);
        if (!s.s().path("parse_error").isNull()) {
            reasons.add("the record family's 0.1.1 parser refuses the patch: " + s.s().path("parse_error").asText());
        } else {
            s.missing().forEach(m -> reasons.add("required added substring '" + m + "' is in no added line"));
            if (!removed.isEmpty()) {
                TransitionLayer.Observation t = TransitionLayer.observe(patch, max, removed);
                t.missing().forEach(m -> reasons.add("required removed substring '" + m + "' is in no removed line"));
            }
        }
        return new ReviewEntry.PlanOutcome(plan.id(), version, reasons.isEmpty(), reasons);
    }
}
