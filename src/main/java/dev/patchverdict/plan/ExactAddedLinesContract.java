// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import dev.patchverdict.record.Require;
import java.util.List;
import java.util.Objects;

/**
 * v0.2: every value of {@code requiredAddedLines} (written {@code required_added_text}) must equal
 * one whole added line of a well-formed hunk. Not a substring match: a fragment of a line fails.
 */
public record ExactAddedLinesContract(DiffBackend backend, List<LogType> requiredLogTypes, List<String> requiredAddedLines)
        implements DiffContract {
    static final VerifierIdentity VERIFIER = VerifierIdentity.local("deterministic-patch-verifier", "0.1.1");

    public ExactAddedLinesContract {
        Objects.requireNonNull(backend, "backend");
        requiredLogTypes = Require.distinctNonEmpty(requiredLogTypes, "required_log_types");
        requiredAddedLines = Require.distinctNonEmpty(requiredAddedLines, "required_added_text");
        requiredAddedLines.forEach(s -> Require.nonEmpty(s, "required_added_text item"));
    }

    @Override
    public String schemaVersion() {
        return "0.2";
    }

    @Override
    public VerifierIdentity pinnedVerifier() {
        return VERIFIER;
    }
}
