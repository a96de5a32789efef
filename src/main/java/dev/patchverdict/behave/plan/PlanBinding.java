// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import dev.patchverdict.digest.Digest;
import java.util.Objects;
import java.util.Optional;
import com.google.re2j.Pattern;

/**
 * What a behavioural plan is bound to: one version of one work unit (by digest), one source
 * revision (a full commit id, so the trees are exactly determined), the metadata-only
 * EvaluatorPlan whose passing static result must exist before any behaviour is run, and
 * optionally which ResultManifest artifact is the candidate patch.
 */
public record PlanBinding(String workUnitId, int workUnitVersion, Digest workUnitDigest, String sourceRevision,
        Digest staticPlanDigest, Optional<String> candidateArtifactId) {
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    public PlanBinding {
        if (workUnitId == null || workUnitId.isEmpty()) {
            throw new IllegalArgumentException("work_unit_id is empty");
        }
        if (workUnitVersion < 1) {
            throw new IllegalArgumentException("work_unit_version must be at least 1: " + workUnitVersion);
        }
        Objects.requireNonNull(workUnitDigest, "work_unit_digest");
        if (sourceRevision == null || !COMMIT.matcher(sourceRevision).matches()) {
            throw new IllegalArgumentException("source_revision must be a full commit id: " + sourceRevision);
        }
        Objects.requireNonNull(staticPlanDigest, "static_plan_digest");
        Objects.requireNonNull(candidateArtifactId, "candidateArtifactId");
        if (candidateArtifactId.filter(String::isEmpty).isPresent()) {
            throw new IllegalArgumentException("candidate_artifact_id is empty");
        }
    }
}
