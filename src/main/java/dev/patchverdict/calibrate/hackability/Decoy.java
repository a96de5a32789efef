// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.Objects;

/**
 * A hollow candidate: a patch that is bad by construction (it does not make the change the plan
 * stands for, and {@code why} says how), built by one operator.
 */
public record Decoy(String operator, String variant, String why, String patch) {
    public Decoy {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(why, "why");
        Objects.requireNonNull(patch, "patch");
    }
}
