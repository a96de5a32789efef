// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

/** What an audit concludes about one recorded VerificationResult. */
public enum Verdict {
    /** Inputs intact, every digest matches, and re-verifying gives the same result. */
    REPRODUCED,
    /** Inputs intact, but re-verifying under the recorded version gives another result. */
    DIVERGED,
    /** A recorded digest does not match its bytes, the result contradicts itself, or a binding is broken. */
    TAMPERED,
    /** An input is missing or unreadable, or the recorded version is not one this tool implements. */
    UNVERIFIABLE
}
