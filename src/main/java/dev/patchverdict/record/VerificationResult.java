// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * VerificationResult v0.1: an independent verifier's checks, evidence and recommendation for one
 * ResultManifest, bound to it and to the WorkUnit by canonical digests. Decision support only.
 * Build one in code with the canonical constructor and write it with {@link #toJson()}; check it
 * with {@link DocumentReader#problems(Document)} before publishing.
 */
public record VerificationResult(
        String id,
        String resultManifestId,
        String workUnitId,
        long workUnitVersion,
        long attempt,
        Actor verifier,
        Independence independence,
        Status status,
        String startedAt,
        String finishedAt,
        List<Check> checks,
        List<Evidence> evidence,
        List<Finding> findings,
        List<Metric> metrics,
        ResourceUsage resources,
        Provenance provenance,
        DecisionSupport decisionSupport,
        Optional<Attestation> attestation,
        Optional<ObjectNode> extensions) implements Document {

    public static final DocumentVersion VERSION = DocumentVersion.of(DocumentType.VERIFICATION_RESULT, "0.1");

    public VerificationResult {
        Require.nonEmpty(id, "id");
        Require.nonEmpty(resultManifestId, "resultManifestId");
        Require.attempt(workUnitId, workUnitVersion, attempt);
        Objects.requireNonNull(verifier, "verifier");
        Objects.requireNonNull(independence, "independence");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        checks = Require.nonEmptyList(checks, "checks");
        evidence = Require.list(evidence, "evidence");
        findings = Require.list(findings, "findings");
        metrics = Metric.checkAll(metrics, "metrics");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(decisionSupport, "decisionSupport");
        Require.optional(attestation, "attestation");
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

    public enum Status implements WireValue { PASSED, FAILED, INCONCLUSIVE, ERROR, TIMEOUT, CANCELLED }

    public enum CheckType implements WireValue { TEST, REVIEW, SCHEMA, LINT, SECURITY, FORMAL, REPRODUCTION, POLICY, OTHER }

    public enum CheckStatus implements WireValue { PASSED, FAILED, SKIPPED, INCONCLUSIVE, ERROR }

    public enum EvidenceType implements WireValue {
        TEST_OUTPUT, REVIEW, BENCHMARK, TRACE, ATTESTATION, ARTIFACT_HASH, STATIC_ANALYSIS, SECURITY_REPORT, OTHER
    }

    public enum Severity implements WireValue { INFO, LOW, MEDIUM, HIGH, CRITICAL }

    public enum Category implements WireValue {
        CORRECTNESS, REGRESSION, SECURITY, PERFORMANCE, MAINTAINABILITY, SCOPE, PROVENANCE, POLICY, OTHER
    }

    public enum Recommendation implements WireValue { ACCEPT_CANDIDATE, REJECT_CANDIDATE, ESCALATE, INSUFFICIENT_EVIDENCE }

    public record Independence(
            boolean independentFromWorker, String workerIdObserved, boolean sharedModelFamily, boolean sharedRuntime,
            Optional<String> correlationNotes) {
        public Independence {
            Require.nonEmpty(workerIdObserved, "workerIdObserved");
            Require.optional(correlationNotes, "correlationNotes");
        }

        static Independence read(FieldReader f) {
            return f.build(() -> new Independence(f.bool("independent_from_worker"), f.text("worker_id_observed"),
                    f.bool("shared_model_family"), f.bool("shared_runtime"), f.optText("correlation_notes")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("independent_from_worker", independentFromWorker)
                    .put("worker_id_observed", workerIdObserved).put("shared_model_family", sharedModelFamily)
                    .put("shared_runtime", sharedRuntime).optText("correlation_notes", correlationNotes).build();
        }
    }

    public record Check(
            String id, CheckType type, boolean required, CheckStatus status, String summary, List<String> evidenceIds,
            Optional<String> diagnostics) {
        public Check {
            Require.nonEmpty(id, "id");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(summary, "summary");
            evidenceIds = Require.distinct(evidenceIds, "evidenceIds");
            Require.optional(diagnostics, "diagnostics");
        }

        static Check read(FieldReader f) {
            return f.build(() -> new Check(f.text("id"), f.wire("type", CheckType.class), f.bool("required"),
                    f.wire("status", CheckStatus.class), f.text("summary"), f.texts("evidence_ids"),
                    f.optText("diagnostics")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("id", id).put("type", type).put("required", required)
                    .put("status", status).put("summary", summary).texts("evidence_ids", evidenceIds)
                    .optText("diagnostics", diagnostics).build();
        }
    }

    public record Evidence(
            String id, EvidenceType type, String locator, Digest digest, Optional<String> mediaType,
            Optional<String> description) {
        public Evidence {
            Located.check(id, type, locator, digest, mediaType, description);
        }

        static Evidence read(FieldReader f) {
            return Located.read(f, EvidenceType.class, Evidence::new);
        }

        ObjectNode toJson() {
            return Located.write(id, type, locator, digest, mediaType, description);
        }
    }

    public record Finding(Severity severity, Category category, String summary, Optional<String> path, Optional<Long> line) {
        public Finding {
            Objects.requireNonNull(severity, "severity");
            Objects.requireNonNull(category, "category");
            Require.nonEmpty(summary, "summary");
            Require.optional(path, "path");
            Require.optional(line, "line").ifPresent(n -> Require.atLeast(n, 1, "line"));
        }

        static Finding read(FieldReader f) {
            return f.build(() -> new Finding(f.wire("severity", Severity.class), f.wire("category", Category.class),
                    f.text("summary"), f.optText("path"), f.optInteger("line")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("severity", severity).put("category", category).put("summary", summary)
                    .optText("path", path).optInteger("line", line).build();
        }
    }

    /** The exact inputs the verdict is about, by canonical digest. */
    public record Provenance(
            Digest resultManifestDigest, Digest workUnitDigest, String sourceRevision,
            Optional<Digest> verifierConfigDigest, Environment environment) {
        public Provenance {
            Objects.requireNonNull(resultManifestDigest, "resultManifestDigest");
            Objects.requireNonNull(workUnitDigest, "workUnitDigest");
            Require.nonEmpty(sourceRevision, "sourceRevision");
            Require.optional(verifierConfigDigest, "verifierConfigDigest");
            Objects.requireNonNull(environment, "environment");
        }

        static Provenance read(FieldReader f) {
            return f.build(() -> new Provenance(f.digest("result_manifest_digest"), f.digest("work_unit_digest"),
                    f.text("source_revision"), f.optDigest("verifier_config_digest"),
                    Environment.read(f.object("environment"))));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("result_manifest_digest", resultManifestDigest)
                    .put("work_unit_digest", workUnitDigest).put("source_revision", sourceRevision)
                    .optDigest("verifier_config_digest", verifierConfigDigest).put("environment", environment.toJson())
                    .build();
        }
    }

    public record DecisionSupport(Recommendation recommendation, JsonNumber confidence, String rationale) {
        public DecisionSupport {
            Objects.requireNonNull(recommendation, "recommendation");
            Objects.requireNonNull(confidence, "confidence");
            if (confidence.doubleValue() < 0 || confidence.doubleValue() > 1) {
                throw new IllegalArgumentException("confidence must be between 0 and 1, not " + confidence);
            }
            Objects.requireNonNull(rationale, "rationale");
        }

        static DecisionSupport read(FieldReader f) {
            return f.build(() -> new DecisionSupport(f.wire("recommendation", Recommendation.class),
                    f.number("confidence"), f.text("rationale")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("recommendation", recommendation).put("confidence", confidence)
                    .put("rationale", rationale).build();
        }
    }

    public record Attestation(String signerId, String algorithm, String signature) {
        public Attestation {
            Require.nonEmpty(signerId, "signerId");
            Require.nonEmpty(algorithm, "algorithm");
            Require.nonEmpty(signature, "signature");
        }

        static Attestation read(FieldReader f) {
            return f.build(() -> new Attestation(f.text("signer_id"), f.text("algorithm"), f.text("signature")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("signer_id", signerId).put("algorithm", algorithm)
                    .put("signature", signature).build();
        }
    }

    /** Maps a validated VerificationResult document. */
    public static VerificationResult from(ValidDocument document) throws InvalidDocumentException {
        return DocumentReader.map(document, VERSION, VerificationResult::read);
    }

    static VerificationResult read(FieldReader f) {
        return f.build(() -> new VerificationResult(
                f.text("id"),
                f.text("result_manifest_id"),
                f.text("work_unit_id"),
                f.integer("work_unit_version"),
                f.integer("attempt"),
                Actor.read(f.object("verifier")),
                Independence.read(f.object("independence")),
                f.wire("status", Status.class),
                f.text("started_at"),
                f.text("finished_at"),
                f.objects("checks", Check::read),
                f.objects("evidence", Evidence::read),
                f.objects("findings", Finding::read),
                Metric.readAll(f.object("metrics")),
                ResourceUsage.read(f.object("resources")),
                Provenance.read(f.object("provenance")),
                DecisionSupport.read(f.object("decision_support")),
                f.optObject("attestation").map(Attestation::read),
                f.optObjectNode("extensions")));
    }

    @Override
    public ObjectNode toJson() {
        return JsonObjectBuilder.document(VERSION)
                .put("id", id)
                .put("result_manifest_id", resultManifestId)
                .put("work_unit_id", workUnitId)
                .put("work_unit_version", workUnitVersion)
                .put("attempt", attempt)
                .put("verifier", verifier.toJson())
                .put("independence", independence.toJson())
                .put("status", status)
                .put("started_at", startedAt)
                .put("finished_at", finishedAt)
                .objects("checks", checks, Check::toJson)
                .objects("evidence", evidence, Evidence::toJson)
                .objects("findings", findings, Finding::toJson)
                .put("metrics", Metric.writeAll(metrics))
                .put("resources", resources.toJson())
                .put("provenance", provenance.toJson())
                .put("decision_support", decisionSupport.toJson())
                .optObject("attestation", attestation, Attestation::toJson)
                .optNode("extensions", extensions)
                .build();
    }
}
