// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import java.util.Objects;

/** Why a verification does not count as held-out evidence: the rule that refused it, and what it found. */
public record HeldOutRefusal(String rule, String detail) {
    public HeldOutRefusal {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return "not held-out evidence (" + rule + "): " + detail;
    }
}
