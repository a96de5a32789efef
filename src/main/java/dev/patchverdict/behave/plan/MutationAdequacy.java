// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Optional adequacy test of the checks themselves: mutants of the candidate's added lines must
 * be killed by the reproduction and contract checks, or the checks are too weak to prove much.
 */
public record MutationAdequacy(int maxMutants, double minScore, Set<MutationOperator> operators,
        Optional<Command> build) {
    public MutationAdequacy {
        if (maxMutants < 1 || maxMutants > 500) {
            throw new IllegalArgumentException("max_mutants must be in [1, 500]: " + maxMutants);
        }
        if (!(minScore >= 0 && minScore <= 1)) {
            throw new IllegalArgumentException("min_score must be in [0, 1]: " + minScore);
        }
        if (operators.isEmpty()) {
            throw new IllegalArgumentException("operators must not be empty");
        }
        operators = Collections.unmodifiableSet(EnumSet.copyOf(operators));
        Objects.requireNonNull(build, "build");
    }
}
