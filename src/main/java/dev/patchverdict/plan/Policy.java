// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

/**
 * Separation rules the verifier must enforce. Every plan version pins all three to true; the model
 * refuses anything else so that a plan built in code means what a read one does.
 */
public record Policy(
        boolean requirePlanOutsideCandidateRoot,
        boolean requireOutputOutsideCandidateRoot,
        boolean requireVerifierDistinctFromWorker) {

    public static final Policy STRICT = new Policy(true, true, true);

    public Policy {
        if (!requirePlanOutsideCandidateRoot) {
            throw new IllegalArgumentException("require_plan_outside_candidate_root must be true");
        }
        if (!requireOutputOutsideCandidateRoot) {
            throw new IllegalArgumentException("require_output_outside_candidate_root must be true");
        }
        if (!requireVerifierDistinctFromWorker) {
            throw new IllegalArgumentException("require_verifier_distinct_from_worker must be true");
        }
    }
}
