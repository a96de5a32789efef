// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.plan.RelationRules;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a plan's relations say, as the level that joins the checks' five: REFUTED by a veto,
 * UNVERIFIED when a relation that held on the base cannot be judged with the patch, PROVEN when
 * no relation speaks against the patch. {@code relativeTo} is set when the relations rescued a
 * verdict the checks left UNVERIFIED only for want of adequacy: the fix is then PROVEN relative
 * to that many relations, never plainly.
 */
public record RelationsOutcome(List<RelationResult> relations, RelationRules rules, Verdict verdict, List<String> reasons,
        OptionalInt relativeTo) {
    public RelationsOutcome {
        relations = List.copyOf(relations);
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty()) {
            throw new IllegalArgumentException("the relations' verdict needs at least one reason");
        }
        Objects.requireNonNull(relativeTo, "relativeTo");
        if (relativeTo.isPresent() && (verdict != Verdict.PROVEN
                || relativeTo.getAsInt() < RelationRules.RESCUE_MIN_HOLDING)) {
            throw new IllegalArgumentException("a rescue is PROVEN relative to at least "
                    + RelationRules.RESCUE_MIN_HOLDING + " relations");
        }
    }

    /** "PROVEN relative to 2 relations" for a rescue, the verdict's name otherwise. */
    public String verdictText() {
        return verdict.name() + (relativeTo.isPresent() ? " relative to " + relativeTo.getAsInt() + " relations" : "");
    }

    /** Every run of every relation. */
    public long runCount() {
        return relations.stream().mapToLong(r -> r.base().runs().size() + r.patched().runs().size()).sum();
    }
}
