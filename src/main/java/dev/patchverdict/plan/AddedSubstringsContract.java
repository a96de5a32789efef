// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.LogType;
import dev.patchverdict.record.Require;
import java.util.List;
import java.util.Objects;

/**
 * v0.3: every value of {@code requiredAddedSubstrings} must occur, case-sensitively and
 * contiguously, inside one added line of a well-formed hunk. Plain text, never a pattern; a value
 * never spans lines, so none may contain a line break.
 */
public record AddedSubstringsContract(DiffBackend backend, List<LogType> requiredLogTypes, List<String> requiredAddedSubstrings)
        implements DiffContract {
    static final VerifierIdentity VERIFIER = VerifierIdentity.local("deterministic-patch-verifier", "0.2.0");

    public AddedSubstringsContract {
        Objects.requireNonNull(backend, "backend");
        requiredLogTypes = Require.distinctNonEmpty(requiredLogTypes, "required_log_types");
        requiredAddedSubstrings = Require.distinctNonEmpty(requiredAddedSubstrings, "required_added_substrings");
        for (String s : requiredAddedSubstrings) {
            Require.nonEmpty(s, "required_added_substrings item");
            if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("required_added_substrings items must not contain a line break");
            }
        }
    }

    @Override
    public String schemaVersion() {
        return "0.3";
    }

    @Override
    public VerifierIdentity pinnedVerifier() {
        return VERIFIER;
    }
}
