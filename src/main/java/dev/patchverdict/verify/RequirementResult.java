// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one requirement fared. A satisfied one carries its evidence (one line, or for a transition
 * the removed line and then the added line of the one hunk); an unmet one says why.
 */
public record RequirementResult(Requirement requirement, List<LineEvidence> evidence, Optional<Unmet> unmet) {
    public RequirementResult {
        Objects.requireNonNull(requirement, "requirement");
        evidence = List.copyOf(evidence);
        Objects.requireNonNull(unmet, "unmet");
        if (evidence.isEmpty() == unmet.isEmpty()) {
            throw new IllegalArgumentException("a requirement is either satisfied with evidence or unmet with a reason");
        }
        int needed = requirement instanceof Requirement.Replaced ? 2 : 1;
        if (!evidence.isEmpty() && evidence.size() != needed) {
            throw new IllegalArgumentException(requirement.kind() + " takes " + needed + " evidence lines, not " + evidence.size());
        }
    }

    public static RequirementResult satisfied(Requirement requirement, List<LineEvidence> evidence) {
        return new RequirementResult(requirement, evidence, Optional.empty());
    }

    public static RequirementResult unmet(Requirement requirement, Unmet.Reason reason, String message) {
        return new RequirementResult(requirement, List.of(), Optional.of(new Unmet(reason, message)));
    }

    public boolean satisfied() {
        return unmet.isEmpty();
    }
}
