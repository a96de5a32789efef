// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * ResultManifest v0.1: a worker's own account of one attempt at a WorkUnit: the artifacts and logs
 * it produced, with their digests. A claim to be checked against evidence, never a verdict.
 * Timestamps are kept as written (the schema checks they are RFC 3339 date-times).
 */
public record ResultManifest(
        String id,
        String workUnitId,
        long workUnitVersion,
        long attempt,
        Actor worker,
        Status status,
        String startedAt,
        String finishedAt,
        List<ProducedArtifact> producedArtifacts,
        List<LogEntry> logs,
        List<Metric> metrics,
        ResourceUsage resources,
        SelfReport selfReport,
        Provenance provenance,
        VerificationRequest verificationRequest,
        Optional<ObjectNode> extensions) implements Document {

    public static final DocumentVersion VERSION = DocumentVersion.of(DocumentType.RESULT_MANIFEST, "0.1");

    public ResultManifest {
        Require.nonEmpty(id, "id");
        Require.attempt(workUnitId, workUnitVersion, attempt);
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        producedArtifacts = Require.list(producedArtifacts, "producedArtifacts");
        logs = Require.list(logs, "logs");
        metrics = Metric.checkAll(metrics, "metrics");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(selfReport, "selfReport");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(verificationRequest, "verificationRequest");
        extensions = Require.extensions(extensions);
    }

    @Override
    public Optional<ObjectNode> extensions() {
        return Require.extensions(extensions);
    }

    @Override
    public DocumentVersion documentVersion() {
        return VERSION;
    }

    /** Declared artifacts with the given id (the schema does not forbid repeats; callers decide). */
    public List<ProducedArtifact> artifactsWithId(String artifactId) {
        return producedArtifacts.stream().filter(a -> a.id().equals(artifactId)).toList();
    }

    public enum Status implements WireValue { SUCCEEDED, FAILED, ERROR, TIMEOUT, CANCELLED }

    public enum ArtifactType implements WireValue { PATCH, FILE, REPORT, TEST_RESULT, DATASET, DECISION, REVIEW, LOG, OTHER }

    public enum ConfidenceMeaning implements WireValue { PROBABILITY_OF_SUCCESS, SUBJECTIVE, UNCALIBRATED }

    /** An output the worker declares, with the digest its bytes must have. */
    public record ProducedArtifact(
            String id, ArtifactType type, String locator, Digest digest, Optional<String> mediaType,
            Optional<String> description) {
        public ProducedArtifact {
            Located.check(id, type, locator, digest, mediaType, description);
        }

        static ProducedArtifact read(FieldReader f) {
            return Located.read(f, ArtifactType.class, ProducedArtifact::new);
        }

        ObjectNode toJson() {
            return Located.write(id, type, locator, digest, mediaType, description);
        }
    }

    /** A log the worker declares; the digest is optional in the schema. */
    public record LogEntry(LogType type, String locator, Optional<Digest> digest) {
        public LogEntry {
            Objects.requireNonNull(type, "type");
            Require.nonEmpty(locator, "locator");
            Require.optional(digest, "digest");
        }

        static LogEntry read(FieldReader f) {
            return f.build(() -> new LogEntry(f.wire("type", LogType.class), f.text("locator"), f.optDigest("digest")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("type", type).put("locator", locator).optDigest("digest", digest).build();
        }
    }

    public record Confidence(JsonNumber value, ConfidenceMeaning meaning) {
        public Confidence {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(meaning, "meaning");
        }

        static Confidence read(FieldReader f) {
            return f.build(() -> new Confidence(f.number("value"), f.wire("meaning", ConfidenceMeaning.class)));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("value", value).put("meaning", meaning).build();
        }
    }

    public record SelfReport(String summary, List<String> claims, Optional<Confidence> confidence) {
        public SelfReport {
            Objects.requireNonNull(summary, "summary");
            claims = Require.list(claims, "claims");
            Require.optional(confidence, "confidence");
        }

        static SelfReport read(FieldReader f) {
            return f.build(() -> new SelfReport(f.text("summary"), f.texts("claims"),
                    f.optObject("confidence").map(Confidence::read)));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("summary", summary).texts("claims", claims)
                    .optObject("confidence", confidence, Confidence::toJson).build();
        }
    }

    /** What the attempt is bound to: the exact WorkUnit (by canonical digest) and source revision. */
    public record Provenance(
            Digest workUnitDigest, String sourceRevision, Optional<Digest> workerConfigDigest, Environment environment) {
        public Provenance {
            Objects.requireNonNull(workUnitDigest, "workUnitDigest");
            Require.nonEmpty(sourceRevision, "sourceRevision");
            Require.optional(workerConfigDigest, "workerConfigDigest");
            Objects.requireNonNull(environment, "environment");
        }

        static Provenance read(FieldReader f) {
            return f.build(() -> new Provenance(f.digest("work_unit_digest"), f.text("source_revision"),
                    f.optDigest("worker_config_digest"), Environment.read(f.object("environment"))));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("work_unit_digest", workUnitDigest).put("source_revision", sourceRevision)
                    .optDigest("worker_config_digest", workerConfigDigest).put("environment", environment.toJson()).build();
        }
    }

    public record VerificationRequest(
            List<String> expectedValidatorIds, List<String> evidenceArtifactIds, Optional<String> notes) {
        public VerificationRequest {
            expectedValidatorIds = Require.distinct(expectedValidatorIds, "expectedValidatorIds");
            evidenceArtifactIds = Require.distinct(evidenceArtifactIds, "evidenceArtifactIds");
            Require.optional(notes, "notes");
        }

        static VerificationRequest read(FieldReader f) {
            return f.build(() -> new VerificationRequest(f.texts("expected_validator_ids"), f.texts("evidence_artifact_ids"),
                    f.optText("notes")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().texts("expected_validator_ids", expectedValidatorIds)
                    .texts("evidence_artifact_ids", evidenceArtifactIds).optText("notes", notes).build();
        }
    }

    /** Maps a validated ResultManifest document. */
    public static ResultManifest from(ValidDocument document) throws InvalidDocumentException {
        return DocumentReader.map(document, VERSION, ResultManifest::read);
    }

    static ResultManifest read(FieldReader f) {
        return f.build(() -> new ResultManifest(
                f.text("id"),
                f.text("work_unit_id"),
                f.integer("work_unit_version"),
                f.integer("attempt"),
                Actor.read(f.object("worker")),
                f.wire("status", Status.class),
                f.text("started_at"),
                f.text("finished_at"),
                f.objects("produced_artifacts", ProducedArtifact::read),
                f.objects("logs", LogEntry::read),
                Metric.readAll(f.object("metrics")),
                ResourceUsage.read(f.object("resources")),
                SelfReport.read(f.object("self_report")),
                Provenance.read(f.object("provenance")),
                VerificationRequest.read(f.object("verification_request")),
                f.optObjectNode("extensions")));
    }

    @Override
    public ObjectNode toJson() {
        return JsonObjectBuilder.document(VERSION)
                .put("id", id)
                .put("work_unit_id", workUnitId)
                .put("work_unit_version", workUnitVersion)
                .put("attempt", attempt)
                .put("worker", worker.toJson())
                .put("status", status)
                .put("started_at", startedAt)
                .put("finished_at", finishedAt)
                .objects("produced_artifacts", producedArtifacts, ProducedArtifact::toJson)
                .objects("logs", logs, LogEntry::toJson)
                .put("metrics", Metric.writeAll(metrics))
                .put("resources", resources.toJson())
                .put("self_report", selfReport.toJson())
                .put("provenance", provenance.toJson())
                .put("verification_request", verificationRequest.toJson())
                .optNode("extensions", extensions)
                .build();
    }
}
