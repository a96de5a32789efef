// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

/**
 * What a plan says the candidate must show: one type per meaning, so that code acting on a plan
 * must say which meanings it handles. Each meaning belongs to exactly one schema version.
 */
public sealed interface Contract permits JsonCandidateContract, DiffContract {
    /** The EvaluatorPlan schema version that carries this meaning. */
    String schemaVersion();

    /** The verifier identity that version of the plan pins. */
    VerifierIdentity pinnedVerifier();
}
