// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The three records of one verification as read (schema-valid, bound), with their canonical
 * digests, the candidate root as the record family resolves it, and where the plan lives (only
 * used to refuse a plan inside the candidate root).
 */
public record Inputs(
        ObjectNode workUnit, Digest workUnitDigest,
        ObjectNode manifest, Digest manifestDigest,
        ObjectNode plan, Digest planDigest,
        Path candidateRoot, Path planPath) {
    public Inputs {
        Objects.requireNonNull(workUnit, "workUnit");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(candidateRoot, "candidateRoot");
        Objects.requireNonNull(planPath, "planPath");
    }

    public String planId() {
        return plan.path("id").asText();
    }
}
