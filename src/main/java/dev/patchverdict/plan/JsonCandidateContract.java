// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.record.Require;
import java.util.List;
import java.util.Objects;

/**
 * v0.1: the candidate is a JSON file among {@code allowedFiles}, at most {@code maxCandidateBytes}
 * long, whose value must equal {@code requiredJson}.
 */
public record JsonCandidateContract(List<String> allowedFiles, long maxCandidateBytes, ObjectNode requiredJson)
        implements Contract {
    static final VerifierIdentity VERIFIER = VerifierIdentity.local("deterministic-json-verifier", "0.1");

    public JsonCandidateContract {
        allowedFiles = Require.distinctNonEmpty(allowedFiles, "allowed_files");
        allowedFiles.forEach(f -> Require.nonEmpty(f, "allowed_files item"));
        Require.atLeast(maxCandidateBytes, 1, "max_candidate_bytes");
        requiredJson = Objects.requireNonNull(requiredJson, "requiredJson").deepCopy();
    }

    /** A copy: the model stays immutable. */
    @Override
    public ObjectNode requiredJson() {
        return requiredJson.deepCopy();
    }

    @Override
    public String schemaVersion() {
        return "0.1";
    }

    @Override
    public VerifierIdentity pinnedVerifier() {
        return VERIFIER;
    }
}
