// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.plan.PlanCommitment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** The inputs of one {@code patchverdict behave} run, as absolute paths. */
public record BehaveRequest(Path plan, Path workUnit, Path resultManifest, Path candidateRoot, Path staticResult,
        Path repo, Optional<Path> commitment, Optional<Path> output) {
    public BehaveRequest {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(workUnit, "workUnit");
        Objects.requireNonNull(resultManifest, "resultManifest");
        Objects.requireNonNull(candidateRoot, "candidateRoot");
        Objects.requireNonNull(staticResult, "staticResult");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(commitment, "commitment");
        Objects.requireNonNull(output, "output");
    }

    public Path commitmentFile() {
        return commitment.orElse(PlanCommitment.defaultLocation(plan));
    }
}
