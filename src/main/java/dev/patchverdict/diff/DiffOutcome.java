// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Objects;

/**
 * How reading a whole input ended. {@code sha256} is the hex digest of every input byte, computed in the
 * same pass (empty when hashing was turned off). {@code gitAccepted} tells whether {@code git apply --numstat}
 * would exit 0, whatever the profile.
 */
public record DiffOutcome(
        String profile,
        boolean accepted,
        boolean gitAccepted,
        long bytes,
        long lines,
        int sections,
        int errors,
        int warnings,
        String sha256) {

    public DiffOutcome {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(sha256, "sha256");
        if (bytes < 0 || lines < 0 || sections < 0 || errors < 0 || warnings < 0) {
            throw new IllegalArgumentException("negative count");
        }
        if (accepted && errors > 0) {
            throw new IllegalArgumentException("accepted with errors");
        }
    }
}
