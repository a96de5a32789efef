// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Locale;

/** The ways a mutant changes one added line of the candidate. */
public enum MutationOperator {
    COMPARISON_FLIP,
    BOOLEAN_NEGATION,
    ARITHMETIC_SWAP,
    INTEGER_OFF_BY_ONE,
    RETURN_VALUE_SWAP,
    LINE_DELETION;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MutationOperator of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
