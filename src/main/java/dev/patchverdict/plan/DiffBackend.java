// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.Require;

/**
 * The {@code unified_diff} backend's limits and switches. Every plan version pins both switches to
 * true; the model refuses anything else so that a plan built in code means what a read one does.
 */
public record DiffBackend(long maxCandidateBytes, long maxLogBytes, boolean requireNonemptyPatch, boolean verifyLogDigests) {
    public static final String TYPE = "unified_diff";

    public DiffBackend {
        Require.atLeast(maxCandidateBytes, 1, "max_candidate_bytes");
        Require.atLeast(maxLogBytes, 1, "max_log_bytes");
        if (!requireNonemptyPatch) {
            throw new IllegalArgumentException("require_nonempty_patch must be true");
        }
        if (!verifyLogDigests) {
            throw new IllegalArgumentException("verify_log_digests must be true");
        }
    }

    public static DiffBackend of(long maxCandidateBytes, long maxLogBytes) {
        return new DiffBackend(maxCandidateBytes, maxLogBytes, true, true);
    }
}
