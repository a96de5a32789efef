// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import java.util.List;
import java.util.Objects;

/**
 * One bundle's audit: its verdict, every reason for it, what the strict reader says of its patch today, and, when
 * re-verifying gave another result, the JSON path where the two first differ ({@code difference}, else null).
 */
public record AuditOutcome(String bundle, Verdict verdict, List<String> reasons, List<String> advisories, String difference) {
    public AuditOutcome {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        advisories = List.copyOf(advisories);
    }

    /** An outcome without a re-verified difference. */
    public AuditOutcome(String bundle, Verdict verdict, List<String> reasons, List<String> advisories) {
        this(bundle, verdict, reasons, advisories, null);
    }
}
