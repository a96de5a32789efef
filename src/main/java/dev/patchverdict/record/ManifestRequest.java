// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import dev.patchverdict.digest.Digest;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a worker harness knows after an agent run, turned into a ResultManifest v0.1 bound to the
 * exact WorkUnit (canonical digest, id, version, source revision) with every digest computed from
 * the bytes in the candidate root. The harness states facts; it never writes a digest by hand.
 */
public record ManifestRequest(
        WorkUnit workUnit,
        String patchLocator,
        String patchArtifactId,
        Map<LogType, String> logs,
        Actor worker,
        ResultManifest.Status status,
        long attempt,
        Instant startedAt,
        Instant finishedAt,
        String summary,
        List<String> claims,
        Optional<String> sourceRevision) {

    public static final String DEFAULT_PATCH_ID = "candidate-patch";

    public ManifestRequest {
        Objects.requireNonNull(workUnit, "workUnit");
        Require.nonEmpty(patchLocator, "patchLocator");
        Require.nonEmpty(patchArtifactId, "patchArtifactId");
        logs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(logs));
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(status, "status");
        Require.atLeast(attempt, 1, "attempt");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if (finishedAt.isBefore(startedAt)) {
            throw new IllegalArgumentException("finished_at " + finishedAt + " is before started_at " + startedAt);
        }
        Objects.requireNonNull(summary, "summary");
        claims = List.copyOf(claims);
        Require.optional(sourceRevision, "sourceRevision");
    }

    /** Builds the manifest, reading and digesting every named file in the candidate root. */
    public ResultManifest build(CandidateRoot root) throws IOException {
        String revision = sourceRevision.or(workUnit::sourceRevision).orElseThrow(() -> new IllegalArgumentException(
                "the work unit names no source revision; give one"));
        if (workUnit.sourceRevision().isPresent() && !workUnit.sourceRevision().get().equals(revision)) {
            throw new IllegalArgumentException("source revision " + revision + " is not the work unit's "
                    + workUnit.sourceRevision().get());
        }
        Digest patchDigest = root.digest(patchLocator);
        List<ResultManifest.LogEntry> logEntries = new ArrayList<>();
        for (Map.Entry<LogType, String> log : logs.entrySet()) {
            logEntries.add(new ResultManifest.LogEntry(log.getKey(), log.getValue(), Optional.of(root.digest(log.getValue()))));
        }
        ResultManifest.ProducedArtifact patch = new ResultManifest.ProducedArtifact(patchArtifactId,
                ResultManifest.ArtifactType.PATCH, patchLocator, patchDigest, Optional.of("text/x-diff"), Optional.empty());
        double wall = (finishedAt.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
        return new ResultManifest(
                workUnit.id() + "/attempt-" + attempt,
                workUnit.id(),
                workUnit.version(),
                attempt,
                worker,
                status,
                DateTimeFormatter.ISO_INSTANT.format(startedAt),
                DateTimeFormatter.ISO_INSTANT.format(finishedAt),
                List.of(patch),
                logEntries,
                List.of(),
                ResourceUsage.ofWallSeconds(JsonNumber.of(wall)),
                new ResultManifest.SelfReport(summary, claims, Optional.empty()),
                new ResultManifest.Provenance(workUnit.canonicalDigest(), revision, Optional.empty(),
                        Environment.empty()),
                new ResultManifest.VerificationRequest(workUnit.requiredValidatorIds(), List.of(patchArtifactId),
                        Optional.of("The worker asks for verification; this manifest is not acceptance.")),
                Optional.empty());
    }
}
