// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import java.util.Objects;

/** What happened to one mutant. Only viable mutants count towards the score. */
public sealed interface MutantResult {
    Mutants.Mutant mutant();

    String describe();

    /** A check failed on the mutant: the checks noticed the planted mistake. */
    record Killed(Mutants.Mutant mutant, String checkId, String how) implements MutantResult {
        public Killed {
            Objects.requireNonNull(mutant, "mutant");
            Objects.requireNonNull(checkId, "checkId");
            Objects.requireNonNull(how, "how");
        }

        @Override
        public String describe() {
            return "killed by " + checkId + " (" + how + ")";
        }
    }

    /** Every reproduction and contract check still passed: the mistake went unnoticed. */
    record Survived(Mutants.Mutant mutant) implements MutantResult {
        public Survived {
            Objects.requireNonNull(mutant, "mutant");
        }

        @Override
        public String describe() {
            return "survived";
        }
    }

    /** The mutant does not apply, does not compile, or could not be run; it is neither. */
    record NotViable(Mutants.Mutant mutant, String why) implements MutantResult {
        public NotViable {
            Objects.requireNonNull(mutant, "mutant");
            Objects.requireNonNull(why, "why");
        }

        @Override
        public String describe() {
            return "not viable: " + why;
        }
    }
}
