// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The four inputs of one verification, as paths, and the places the caller will write (an output
 * file, a bundle folder), each of which must lie outside the candidate root.
 */
public record VerifyRequest(Path workUnit, Path resultManifest, Path candidateRoot, Path evaluatorPlan, List<Path> writeTargets) {
    public VerifyRequest {
        Objects.requireNonNull(workUnit, "workUnit");
        Objects.requireNonNull(resultManifest, "resultManifest");
        Objects.requireNonNull(candidateRoot, "candidateRoot");
        Objects.requireNonNull(evaluatorPlan, "evaluatorPlan");
        writeTargets = List.copyOf(writeTargets);
    }

    public static VerifyRequest of(Path workUnit, Path resultManifest, Path candidateRoot, Path evaluatorPlan) {
        return new VerifyRequest(workUnit, resultManifest, candidateRoot, evaluatorPlan, List.of());
    }
}
