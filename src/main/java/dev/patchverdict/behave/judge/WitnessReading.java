// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.util.Objects;

/** What a run's stdout says about a witness. Only the last {@code WITNESS:} line counts. */
public sealed interface WitnessReading {

    /** No witness line, or the run did not exit cleanly, so no line counts. */
    record Absent(String why) implements WitnessReading {
        public Absent {
            Objects.requireNonNull(why, "why");
        }

        @Override
        public String describe() {
            return "no witness: " + why;
        }
    }

    /** The last witness line is not a valid witness. */
    record Malformed(String reason) implements WitnessReading {
        public Malformed {
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String describe() {
            return "malformed witness: " + reason;
        }
    }

    record Present(Witness witness) implements WitnessReading {
        public Present {
            Objects.requireNonNull(witness, "witness");
        }

        @Override
        public String describe() {
            return witness.polarity().key() + " witness";
        }
    }

    String describe();
}
