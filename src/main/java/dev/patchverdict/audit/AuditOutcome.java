// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import java.util.List;
import java.util.Objects;

/** One bundle's audit: its verdict, every reason for it, and what the strict reader says of its patch today. */
public record AuditOutcome(String bundle, Verdict verdict, List<String> reasons, List<String> advisories) {
    public AuditOutcome {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        advisories = List.copyOf(advisories);
    }
}
