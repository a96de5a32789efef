// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.text.Excerpts;
import java.util.Objects;

/** The outcome of one output comparison, always stamped with the operator that made it. */
public sealed interface Comparison {

    String operator();

    /** Equivalent under the operator. */
    record Equivalent(String operator) implements Comparison {
        public Equivalent {
            Objects.requireNonNull(operator, "operator");
        }

        @Override
        public String describe() {
            return "equivalent (" + operator + ")";
        }
    }

    /**
     * Not equivalent: where they first differ (a line or a JSON pointer) and a unified diff of
     * expected against observed.
     */
    record Different(String operator, String firstDifference, String unifiedDiff) implements Comparison {
        public Different {
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(firstDifference, "firstDifference");
            Objects.requireNonNull(unifiedDiff, "unifiedDiff");
            // Both may quote output under test; a result keeps excerpts, never whole outputs.
            firstDifference = Excerpts.clip(firstDifference, Excerpts.FIELD);
            unifiedDiff = Excerpts.clipLines(unifiedDiff, Excerpts.BLOCK);
        }

        @Override
        public String describe() {
            return "differs (" + operator + ") at " + firstDifference;
        }
    }

    /** The comparison could not be made: unknown operator, bad options, truncated output... */
    record Undecidable(String operator, String reason) implements Comparison {
        public Undecidable {
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(reason, "reason");
            reason = Excerpts.clip(reason, Excerpts.FIELD);
        }

        @Override
        public String describe() {
            return "not comparable (" + operator + "): " + reason;
        }
    }

    String describe();

    default Verdict verdict() {
        if (this instanceof Equivalent) {
            return Verdict.PROVEN;
        }
        return this instanceof Different ? Verdict.REFUTED : Verdict.UNVERIFIED;
    }
}
