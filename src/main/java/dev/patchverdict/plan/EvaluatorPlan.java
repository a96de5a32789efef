// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.record.Document;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.Require;
import dev.patchverdict.record.ValidDocument;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An EvaluatorPlan of any supported version, in one model. What differs between versions is what
 * the plan means, and that is the {@link Contract}: a sealed type per meaning, whose type fixes the
 * schema version. Read with {@link EvaluatorPlanReader}; {@link #toJson()} writes the version the
 * contract belongs to.
 */
public record EvaluatorPlan(
        String id,
        Binding binding,
        Visibility visibility,
        ExecutionMode executionMode,
        VerifierIdentity verifier,
        List<String> requiredValidatorIds,
        String candidateArtifactId,
        Contract contract,
        Policy policy,
        Optional<ObjectNode> extensions) implements Document {

    public EvaluatorPlan {
        Require.nonEmpty(id, "id");
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(visibility, "visibility");
        Objects.requireNonNull(executionMode, "executionMode");
        Objects.requireNonNull(verifier, "verifier");
        requiredValidatorIds = Require.distinctNonEmpty(requiredValidatorIds, "required_validator_ids");
        requiredValidatorIds.forEach(v -> Require.nonEmpty(v, "required_validator_ids item"));
        Require.nonEmpty(candidateArtifactId, "candidate_artifact_id");
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(policy, "policy");
        extensions = Require.extensions(extensions);
        if (!verifier.equals(contract.pinnedVerifier())) {
            throw new IllegalArgumentException("EvaluatorPlan v" + contract.schemaVersion() + " is written for verifier "
                    + contract.pinnedVerifier() + ", not " + verifier);
        }
    }

    /** A plan for the verifier its contract's version pins, metadata only. */
    public static EvaluatorPlan of(
            String id, Binding binding, Visibility visibility, List<String> requiredValidatorIds,
            String candidateArtifactId, Contract contract, Optional<ObjectNode> extensions) {
        return new EvaluatorPlan(id, binding, visibility, ExecutionMode.METADATA_ONLY, contract.pinnedVerifier(),
                requiredValidatorIds, candidateArtifactId, contract, Policy.STRICT, extensions);
    }

    @Override
    public Optional<ObjectNode> extensions() {
        return Require.extensions(extensions);
    }

    public String schemaVersion() {
        return contract.schemaVersion();
    }

    @Override
    public DocumentVersion documentVersion() {
        return DocumentVersion.of(DocumentType.EVALUATOR_PLAN, contract.schemaVersion());
    }

    @Override
    public ObjectNode toJson() {
        return PlanFormat.forVersion(contract.schemaVersion()).write(this);
    }

    /** Maps a validated EvaluatorPlan document with the reader for its version. */
    public static EvaluatorPlan from(ValidDocument document) throws InvalidDocumentException {
        return EvaluatorPlanReader.from(document);
    }
}
