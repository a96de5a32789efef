// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.util.Collection;

/** What execution evidence says about one level, one check, or the whole candidate. */
public enum Verdict {
    PROVEN,
    REFUTED,
    UNVERIFIED;

    /**
     * Any REFUTED wins, then any UNVERIFIED; nothing at all is UNVERIFIED, because the absence of
     * evidence proves nothing.
     */
    public static Verdict combine(Collection<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return UNVERIFIED;
        }
        if (verdicts.contains(REFUTED)) {
            return REFUTED;
        }
        return verdicts.contains(UNVERIFIED) ? UNVERIFIED : PROVEN;
    }

    /** The process exit code: 0 PROVEN, 1 REFUTED, 2 UNVERIFIED, as every command uses. */
    public int exitCode() {
        return ordinal();
    }

    /** The verdict as the VerificationResult status vocabulary writes it. */
    public String resultStatus() {
        return switch (this) {
            case PROVEN -> "passed";
            case REFUTED -> "failed";
            case UNVERIFIED -> "inconclusive";
        };
    }
}
