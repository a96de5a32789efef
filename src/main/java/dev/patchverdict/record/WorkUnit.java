// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * WorkUnit v0.2: one bounded task, with the scope a worker may touch, the validators that judge
 * it and the evidence they need. Plans and manifests bind to it by id, version and canonical digest.
 */
public record WorkUnit(
        String id,
        long version,
        Kind kind,
        String objective,
        Optional<Context> context,
        List<InputArtifact> inputs,
        List<OutputArtifact> outputs,
        List<Dependency> dependencies,
        Requirements requirements,
        Constraints constraints,
        List<Uncertainty> uncertainty,
        Security security,
        Permissions permissions,
        VerificationPolicy verificationPolicy,
        List<Validator> validators,
        List<EvidenceRequirement> evidenceRequirements,
        Budget budget,
        Provenance provenance,
        FailureSemantics failureSemantics,
        Optional<ObjectNode> extensions) implements Document {

    public static final DocumentVersion VERSION = DocumentVersion.of(DocumentType.WORK_UNIT, "0.2");

    public WorkUnit {
        Require.nonEmpty(id, "id");
        Require.atLeast(version, 1, "version");
        Objects.requireNonNull(kind, "kind");
        Require.nonEmpty(objective, "objective");
        Require.optional(context, "context");
        inputs = Require.list(inputs, "inputs");
        outputs = Require.nonEmptyList(outputs, "outputs");
        dependencies = Require.list(dependencies, "dependencies");
        Objects.requireNonNull(requirements, "requirements");
        Objects.requireNonNull(constraints, "constraints");
        uncertainty = Require.list(uncertainty, "uncertainty");
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(permissions, "permissions");
        Objects.requireNonNull(verificationPolicy, "verificationPolicy");
        validators = Require.nonEmptyList(validators, "validators");
        evidenceRequirements = Require.nonEmptyList(evidenceRequirements, "evidenceRequirements");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(failureSemantics, "failureSemantics");
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

    /** Ids of the validators marked required, in document order. */
    public List<String> requiredValidatorIds() {
        return validators.stream().filter(Validator::required).map(Validator::id).toList();
    }

    /** The source revision the work is based on, when the provenance names one. */
    public Optional<String> sourceRevision() {
        return provenance.sourceRevision();
    }

    public enum Kind implements WireValue { CODING, TESTING, REVIEW, BENCHMARKING, DOCUMENTATION, RESEARCH, INTEGRATION, GOVERNANCE, OTHER }

    public enum InputType implements WireValue { FILE, DIRECTORY, GIT_REF, DATASET, URL, TEXT, JSON, OTHER }

    public enum OutputType implements WireValue { PATCH, FILE, REPORT, TEST_RESULT, DATASET, DECISION, REVIEW, OTHER }

    public enum Relationship implements WireValue { REQUIRES, BLOCKS, INFORMS, VALIDATES, DERIVED_FROM }

    public enum Gpu implements WireValue { NONE, OPTIONAL, REQUIRED }

    public enum RiskClass implements WireValue { LOW, MEDIUM, HIGH, CRITICAL }

    public enum DataClassification implements WireValue { PUBLIC, INTERNAL, CONFIDENTIAL, RESTRICTED }

    public enum WorkerTrust implements WireValue { UNTRUSTED, IDENTIFIED, TRUSTED, ATTESTED }

    public enum Network implements WireValue { NONE, ALLOWLIST, UNRESTRICTED }

    public enum Strategy implements WireValue { ALL_REQUIRED, QUORUM, THRESHOLD, CUSTOM }

    public enum ValidatorType implements WireValue { TEST, REVIEW, SCHEMA, LINT, SECURITY, FORMAL, REPRODUCTION, BENCHMARK, OTHER }

    public enum EvidenceType implements WireValue { TEST_OUTPUT, REVIEW, BENCHMARK, CITATION, TRACE, ATTESTATION, ARTIFACT_HASH, OTHER }

    public enum CreatorType implements WireValue { HUMAN, AGENT, HYBRID, SYSTEM }

    public enum OnFailure implements WireValue { STOP, RETRY, REPLAN, ESCALATE, CONTINUE_DEGRADED }

    public record Context(Optional<String> summary, Optional<List<String>> references, Optional<Long> maxContextBytes) {
        public Context {
            Require.optional(summary, "summary");
            references = Require.optionalDistinct(references, "references");
            Require.optional(maxContextBytes, "maxContextBytes").ifPresent(n -> Require.atLeast(n, 0, "max_context_bytes"));
        }

        static Context read(FieldReader f) {
            return f.build(() -> new Context(f.optText("summary"), f.optTexts("references"), f.optInteger("max_context_bytes")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().optText("summary", summary).optTexts("references", references)
                    .optInteger("max_context_bytes", maxContextBytes).build();
        }
    }

    public record InputArtifact(String id, InputType type, String locator, Optional<Digest> digest) {
        public InputArtifact {
            Require.nonEmpty(id, "id");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(locator, "locator");
            Require.optional(digest, "digest");
        }

        static InputArtifact read(FieldReader f) {
            return f.build(() -> new InputArtifact(f.text("id"), f.wire("type", InputType.class), f.text("locator"),
                    f.optDigest("digest")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("id", id).put("type", type).put("locator", locator)
                    .optDigest("digest", digest).build();
        }
    }

    public record OutputArtifact(String id, OutputType type, String description, Optional<String> mediaType) {
        public OutputArtifact {
            Require.nonEmpty(id, "id");
            Objects.requireNonNull(type, "type");
            Require.nonEmpty(description, "description");
            Require.optional(mediaType, "mediaType");
        }

        static OutputArtifact read(FieldReader f) {
            return f.build(() -> new OutputArtifact(f.text("id"), f.wire("type", OutputType.class), f.text("description"),
                    f.optText("media_type")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("id", id).put("type", type).put("description", description)
                    .optText("media_type", mediaType).build();
        }
    }

    public record Dependency(String workUnitId, Relationship relationship, Optional<String> condition) {
        public Dependency {
            Require.nonEmpty(workUnitId, "workUnitId");
            Objects.requireNonNull(relationship, "relationship");
            Require.optional(condition, "condition");
        }

        static Dependency read(FieldReader f) {
            return f.build(() -> new Dependency(f.text("work_unit_id"), f.wire("relationship", Relationship.class),
                    f.optText("condition")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("work_unit_id", workUnitId).put("relationship", relationship)
                    .optText("condition", condition).build();
        }
    }

    public record Requirements(List<String> capabilities, Resources resources) {
        public Requirements {
            capabilities = Require.distinct(capabilities, "capabilities");
            Objects.requireNonNull(resources, "resources");
        }

        static Requirements read(FieldReader f) {
            return f.build(() -> new Requirements(f.texts("capabilities"), Resources.read(f.object("resources"))));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().texts("capabilities", capabilities).put("resources", resources.toJson()).build();
        }
    }

    public record Resources(
            JsonNumber cpuCoresMin, long memoryMbMin, Optional<Long> diskMbMin, Gpu gpu,
            Optional<List<String>> acceleratorCapabilities) {
        public Resources {
            Objects.requireNonNull(cpuCoresMin, "cpuCoresMin");
            Require.atLeast(memoryMbMin, 0, "memory_mb_min");
            Require.optional(diskMbMin, "diskMbMin").ifPresent(n -> Require.atLeast(n, 0, "disk_mb_min"));
            Objects.requireNonNull(gpu, "gpu");
            acceleratorCapabilities = Require.optionalDistinct(acceleratorCapabilities, "acceleratorCapabilities");
        }

        static Resources read(FieldReader f) {
            return f.build(() -> new Resources(f.number("cpu_cores_min"), f.integer("memory_mb_min"),
                    f.optInteger("disk_mb_min"), f.wire("gpu", Gpu.class), f.optTexts("accelerator_capabilities")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("cpu_cores_min", cpuCoresMin).put("memory_mb_min", memoryMbMin)
                    .optInteger("disk_mb_min", diskMbMin).put("gpu", gpu)
                    .optTexts("accelerator_capabilities", acceleratorCapabilities).build();
        }
    }

    /** The scope a worker may touch: path patterns it may and may not change, and named policies. */
    public record Constraints(List<String> allowedPaths, List<String> forbiddenPaths, List<String> policies) {
        public Constraints {
            allowedPaths = Require.distinct(allowedPaths, "allowedPaths");
            forbiddenPaths = Require.distinct(forbiddenPaths, "forbiddenPaths");
            policies = Require.distinct(policies, "policies");
        }

        static Constraints read(FieldReader f) {
            return f.build(() -> new Constraints(f.texts("allowed_paths"), f.texts("forbidden_paths"), f.texts("policies")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().texts("allowed_paths", allowedPaths).texts("forbidden_paths", forbiddenPaths)
                    .texts("policies", policies).build();
        }
    }

    public record Uncertainty(String statement, Optional<JsonNumber> confidence, Optional<String> resolutionStrategy) {
        public Uncertainty {
            Require.nonEmpty(statement, "statement");
            Require.optional(confidence, "confidence");
            Require.optional(resolutionStrategy, "resolutionStrategy");
        }

        static Uncertainty read(FieldReader f) {
            return f.build(() -> new Uncertainty(f.text("statement"), f.optNumber("confidence"),
                    f.optText("resolution_strategy")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("statement", statement).optNumber("confidence", confidence)
                    .optText("resolution_strategy", resolutionStrategy).build();
        }
    }

    public record Security(
            RiskClass riskClass, DataClassification dataClassification, WorkerTrust minimumWorkerTrust,
            boolean sandboxRequired, Optional<String> notes) {
        public Security {
            Objects.requireNonNull(riskClass, "riskClass");
            Objects.requireNonNull(dataClassification, "dataClassification");
            Objects.requireNonNull(minimumWorkerTrust, "minimumWorkerTrust");
            Require.optional(notes, "notes");
        }

        static Security read(FieldReader f) {
            return f.build(() -> new Security(f.wire("risk_class", RiskClass.class),
                    f.wire("data_classification", DataClassification.class),
                    f.wire("minimum_worker_trust", WorkerTrust.class), f.bool("sandbox_required"), f.optText("notes")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("risk_class", riskClass).put("data_classification", dataClassification)
                    .put("minimum_worker_trust", minimumWorkerTrust).put("sandbox_required", sandboxRequired)
                    .optText("notes", notes).build();
        }
    }

    public record Permissions(
            Network network, Optional<List<String>> networkAllowlist, List<String> filesystemWrite,
            List<String> secrets, boolean processExecution) {
        public Permissions {
            Objects.requireNonNull(network, "network");
            networkAllowlist = Require.optionalDistinct(networkAllowlist, "networkAllowlist");
            filesystemWrite = Require.distinct(filesystemWrite, "filesystemWrite");
            secrets = Require.distinct(secrets, "secrets");
            if (network == Network.ALLOWLIST && networkAllowlist.map(List::isEmpty).orElse(true)) {
                throw new IllegalArgumentException("network \"allowlist\" needs a non-empty network_allowlist");
            }
        }

        static Permissions read(FieldReader f) {
            return f.build(() -> new Permissions(f.wire("network", Network.class), f.optTexts("network_allowlist"),
                    f.texts("filesystem_write"), f.texts("secrets"), f.bool("process_execution")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("network", network).optTexts("network_allowlist", networkAllowlist)
                    .texts("filesystem_write", filesystemWrite).texts("secrets", secrets)
                    .put("process_execution", processExecution).build();
        }
    }

    public record VerificationPolicy(
            Strategy strategy, boolean independentFromWorker, long minimumIndependentVerifiers,
            Optional<Long> quorum, Optional<String> acceptanceRule) {
        public VerificationPolicy {
            Objects.requireNonNull(strategy, "strategy");
            Require.atLeast(minimumIndependentVerifiers, 0, "minimum_independent_verifiers");
            Require.optional(quorum, "quorum").ifPresent(q -> Require.atLeast(q, 1, "quorum"));
            Require.optional(acceptanceRule, "acceptanceRule");
            if (strategy == Strategy.QUORUM && quorum.isEmpty()) {
                throw new IllegalArgumentException("strategy \"quorum\" needs a quorum");
            }
        }

        static VerificationPolicy read(FieldReader f) {
            return f.build(() -> new VerificationPolicy(f.wire("strategy", Strategy.class), f.bool("independent_from_worker"),
                    f.integer("minimum_independent_verifiers"), f.optInteger("quorum"), f.optText("acceptance_rule")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("strategy", strategy).put("independent_from_worker", independentFromWorker)
                    .put("minimum_independent_verifiers", minimumIndependentVerifiers).optInteger("quorum", quorum)
                    .optText("acceptance_rule", acceptanceRule).build();
        }
    }

    public record Validator(
            String id, ValidatorType type, boolean required, Optional<List<String>> command, Optional<String> description) {
        public Validator {
            Require.nonEmpty(id, "id");
            Objects.requireNonNull(type, "type");
            command = Require.optional(command, "command").map(c -> Require.nonEmptyList(c, "command"));
            Require.optional(description, "description");
        }

        static Validator read(FieldReader f) {
            return f.build(() -> new Validator(f.text("id"), f.wire("type", ValidatorType.class), f.bool("required"),
                    f.optTexts("command"), f.optText("description")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("id", id).put("type", type).put("required", required)
                    .optTexts("command", command).optText("description", description).build();
        }
    }

    public record EvidenceRequirement(EvidenceType type, boolean required, Optional<String> description) {
        public EvidenceRequirement {
            Objects.requireNonNull(type, "type");
            Require.optional(description, "description");
        }

        static EvidenceRequirement read(FieldReader f) {
            return f.build(() -> new EvidenceRequirement(f.wire("type", EvidenceType.class), f.bool("required"),
                    f.optText("description")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("type", type).put("required", required)
                    .optText("description", description).build();
        }
    }

    public record Budget(
            Optional<JsonNumber> wallSeconds, Optional<JsonNumber> computeUnits, Optional<JsonNumber> humanMinutes,
            Optional<Long> tokens, JsonNumber projectSpendUsdMax, boolean paidFallbackAllowed) {
        public Budget {
            Require.optional(wallSeconds, "wallSeconds");
            Require.optional(computeUnits, "computeUnits");
            Require.optional(humanMinutes, "humanMinutes");
            Require.optional(tokens, "tokens").ifPresent(t -> Require.atLeast(t, 0, "tokens"));
            Objects.requireNonNull(projectSpendUsdMax, "projectSpendUsdMax");
        }

        static Budget read(FieldReader f) {
            return f.build(() -> new Budget(f.optNumber("wall_seconds"), f.optNumber("compute_units"),
                    f.optNumber("human_minutes"), f.optInteger("tokens"), f.number("project_spend_usd_max"),
                    f.bool("paid_fallback_allowed")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().optNumber("wall_seconds", wallSeconds).optNumber("compute_units", computeUnits)
                    .optNumber("human_minutes", humanMinutes).optInteger("tokens", tokens)
                    .put("project_spend_usd_max", projectSpendUsdMax).put("paid_fallback_allowed", paidFallbackAllowed)
                    .build();
        }
    }

    public record Provenance(
            String createdBy, CreatorType creatorType, String source, Optional<String> sourceRevision,
            Optional<String> createdAt, Optional<List<String>> parentWorkUnitIds) {
        public Provenance {
            Require.nonEmpty(createdBy, "createdBy");
            Objects.requireNonNull(creatorType, "creatorType");
            Require.nonEmpty(source, "source");
            Require.optional(sourceRevision, "sourceRevision");
            Require.optional(createdAt, "createdAt");
            parentWorkUnitIds = Require.optionalDistinct(parentWorkUnitIds, "parentWorkUnitIds");
        }

        static Provenance read(FieldReader f) {
            return f.build(() -> new Provenance(f.text("created_by"), f.wire("creator_type", CreatorType.class),
                    f.text("source"), f.optText("source_revision"), f.optText("created_at"),
                    f.optTexts("parent_work_unit_ids")));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("created_by", createdBy).put("creator_type", creatorType)
                    .put("source", source).optText("source_revision", sourceRevision).optText("created_at", createdAt)
                    .optTexts("parent_work_unit_ids", parentWorkUnitIds).build();
        }
    }

    public record FailureSemantics(boolean retryable, long maxAttempts, OnFailure onFailure) {
        public FailureSemantics {
            Require.atLeast(maxAttempts, 1, "max_attempts");
            Objects.requireNonNull(onFailure, "onFailure");
        }

        static FailureSemantics read(FieldReader f) {
            return f.build(() -> new FailureSemantics(f.bool("retryable"), f.integer("max_attempts"),
                    f.wire("on_failure", OnFailure.class)));
        }

        ObjectNode toJson() {
            return JsonObjectBuilder.object().put("retryable", retryable).put("max_attempts", maxAttempts)
                    .put("on_failure", onFailure).build();
        }
    }

    /** Maps a validated WorkUnit document. */
    public static WorkUnit from(ValidDocument document) throws InvalidDocumentException {
        return DocumentReader.map(document, VERSION, WorkUnit::read);
    }

    static WorkUnit read(FieldReader f) {
        return f.build(() -> new WorkUnit(
                f.text("id"),
                f.integer("version"),
                f.wire("kind", Kind.class),
                f.text("objective"),
                f.optObject("context").map(Context::read),
                f.objects("inputs", InputArtifact::read),
                f.objects("outputs", OutputArtifact::read),
                f.objects("dependencies", Dependency::read),
                Requirements.read(f.object("requirements")),
                Constraints.read(f.object("constraints")),
                f.objects("uncertainty", Uncertainty::read),
                Security.read(f.object("security")),
                Permissions.read(f.object("permissions")),
                VerificationPolicy.read(f.object("verification_policy")),
                f.objects("validators", Validator::read),
                f.objects("evidence_requirements", EvidenceRequirement::read),
                Budget.read(f.object("budget")),
                Provenance.read(f.object("provenance")),
                FailureSemantics.read(f.object("failure_semantics")),
                f.optObjectNode("extensions")));
    }

    @Override
    public ObjectNode toJson() {
        return JsonObjectBuilder.document(VERSION)
                .put("id", id)
                .put("version", version)
                .put("kind", kind)
                .put("objective", objective)
                .optObject("context", context, Context::toJson)
                .objects("inputs", inputs, InputArtifact::toJson)
                .objects("outputs", outputs, OutputArtifact::toJson)
                .objects("dependencies", dependencies, Dependency::toJson)
                .put("requirements", requirements.toJson())
                .put("constraints", constraints.toJson())
                .objects("uncertainty", uncertainty, Uncertainty::toJson)
                .put("security", security.toJson())
                .put("permissions", permissions.toJson())
                .put("verification_policy", verificationPolicy.toJson())
                .objects("validators", validators, Validator::toJson)
                .objects("evidence_requirements", evidenceRequirements, EvidenceRequirement::toJson)
                .put("budget", budget.toJson())
                .put("provenance", provenance.toJson())
                .put("failure_semantics", failureSemantics.toJson())
                .optNode("extensions", extensions)
                .build();
    }
}
