// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.plan.WitnessPolarity;
import java.util.Objects;
import java.util.Optional;

/**
 * A certificate a program prints for its own result, as one line {@code WITNESS: <json>}.
 * Positive: an example was found, carried in a non-empty {@code data} object. Negative: none
 * exists, shown either by an exhausted search ({@code search_exhausted: true},
 * {@code nodes_explored >= 1}, a {@code method}) or by a non-empty {@code argument}.
 */
public sealed interface Witness {

    WitnessPolarity polarity();

    /** The witness as printed, for the result. */
    JsonNode json();

    record Positive(ObjectNode data, JsonNode json) implements Witness {
        public Positive {
            if (data == null || data.isEmpty()) {
                throw new IllegalArgumentException("a positive witness carries a non-empty data object");
            }
            data = data.deepCopy();
            json = json.deepCopy();
        }

        @Override
        public WitnessPolarity polarity() {
            return WitnessPolarity.POSITIVE;
        }
    }

    record Negative(boolean searchExhausted, long nodesExplored, Optional<String> method, Optional<String> argument,
            JsonNode json) implements Witness {
        public Negative {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(argument, "argument");
            boolean search = searchExhausted && nodesExplored >= 1 && method.filter(m -> !m.isBlank()).isPresent();
            boolean argued = argument.filter(a -> !a.isBlank()).isPresent();
            if (!search && !argued) {
                throw new IllegalArgumentException("a negative witness needs search_exhausted: true with"
                        + " nodes_explored >= 1 and a method, or a non-empty argument");
            }
            json = json.deepCopy();
        }

        @Override
        public WitnessPolarity polarity() {
            return WitnessPolarity.NEGATIVE;
        }
    }

    /** Whether this witness satisfies a requirement. */
    default boolean satisfies(WitnessPolarity required) {
        return required == WitnessPolarity.ANY || required == polarity();
    }
}
