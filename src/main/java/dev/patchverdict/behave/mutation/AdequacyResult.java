// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import dev.patchverdict.behave.plan.MutationAdequacy;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Mutation adequacy as measured: score = killed / (killed + survived). Without a score (no viable
 * mutant, or nothing to measure with) the checks' adequacy is unknown, which counts as inadequate.
 */
public record AdequacyResult(MutationAdequacy spec, List<MutantResult> mutants, OptionalDouble score,
        String summary) {
    public AdequacyResult {
        Objects.requireNonNull(spec, "spec");
        mutants = List.copyOf(mutants);
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(summary, "summary");
    }

    public boolean adequate() {
        return score.isPresent() && score.getAsDouble() >= spec.minScore();
    }

    public long killed() {
        return mutants.stream().filter(m -> m instanceof MutantResult.Killed).count();
    }

    public long survived() {
        return mutants.stream().filter(m -> m instanceof MutantResult.Survived).count();
    }

    public long notViable() {
        return mutants.stream().filter(m -> m instanceof MutantResult.NotViable).count();
    }
}
