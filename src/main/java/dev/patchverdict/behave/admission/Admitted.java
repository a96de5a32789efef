// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.admission;

import dev.patchverdict.behave.plan.LoadedPlan;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Inputs that passed every precondition: bound to each other by digest, and independent of the
 * runner that admitted them, whose configured identity is {@code runnerId}.
 */
public record Admitted(LoadedPlan plan, PlanCommitment commitment, WorkUnit workUnit, Digest workUnitDigest,
        ResultManifest manifest, Digest manifestDigest, VerificationResult staticResult, Digest staticResultDigest,
        Path patchFile, Digest patchDigest, Path repo, String commit, String runnerId) {
    public Admitted {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(commitment, "commitment");
        Objects.requireNonNull(workUnit, "workUnit");
        Objects.requireNonNull(workUnitDigest, "workUnitDigest");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(manifestDigest, "manifestDigest");
        Objects.requireNonNull(staticResult, "staticResult");
        Objects.requireNonNull(staticResultDigest, "staticResultDigest");
        Objects.requireNonNull(patchFile, "patchFile");
        Objects.requireNonNull(patchDigest, "patchDigest");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(runnerId, "runnerId");
    }
}
