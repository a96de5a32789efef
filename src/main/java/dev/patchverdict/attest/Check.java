// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

/** The checks {@code attest verify} makes of an envelope, in the order it reports them. */
public enum Check {
    /** The envelope's payload type is the in-toto one. */
    PAYLOAD_TYPE,
    /** A signature verifies, under the given public key, over the pre-authentication encoding. */
    SIGNATURE,
    /** That signature names the given key (its SPKI id or securesystemslib's), or names none. */
    KEY_ID,
    /** The payload is an in-toto Statement v1 with patchverdict's predicate type. */
    STATEMENT_TYPE,
    /** The patch subject is the given patch's SHA-256, and the one the embedded result records. */
    PATCH_SUBJECT,
    /** The work unit subject is the given work unit's canonical digest, and the one the embedded result records. */
    WORK_UNIT_SUBJECT,
    /** The embedded VerificationResult equals the given one (as canonical JSON). */
    RESULT,
    /**
     * The embedded VerificationResult's status is the one a policy expects: a valid signature over a failed result
     * is a faithful record of a failure, and a gate that needs a pass says so. Reported only when a status is expected.
     */
    STATUS
}
