// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import dev.patchverdict.record.Require;
import java.util.List;
import java.util.Objects;

/**
 * v0.4: as v0.3 for added lines, and every value of {@code requiredRemovedSubstrings} must occur,
 * case-sensitively, inside one removed line: evidence that an old form was replaced rather than
 * merely joined by new text.
 */
public record AddedAndRemovedSubstringsContract(
        DiffBackend backend,
        List<LogType> requiredLogTypes,
        List<String> requiredAddedSubstrings,
        List<String> requiredRemovedSubstrings) implements DiffContract {
    static final VerifierIdentity VERIFIER = VerifierIdentity.local("deterministic-patch-verifier", "0.3.0");

    public AddedAndRemovedSubstringsContract {
        Objects.requireNonNull(backend, "backend");
        requiredLogTypes = Require.distinctNonEmpty(requiredLogTypes, "required_log_types");
        requiredAddedSubstrings = Require.distinctNonEmpty(requiredAddedSubstrings, "required_added_substrings");
        requiredAddedSubstrings.forEach(s -> Require.nonEmpty(s, "required_added_substrings item"));
        requiredRemovedSubstrings = Require.distinctNonEmpty(requiredRemovedSubstrings, "required_removed_substrings");
        requiredRemovedSubstrings.forEach(s -> Require.nonEmpty(s, "required_removed_substrings item"));
    }

    @Override
    public String schemaVersion() {
        return "0.4";
    }

    @Override
    public VerifierIdentity pinnedVerifier() {
        return VERIFIER;
    }
}
