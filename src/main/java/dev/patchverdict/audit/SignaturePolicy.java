// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import dev.patchverdict.attest.VerifyingKey;
import java.util.Objects;
import java.util.Optional;

/**
 * How an audit treats a bundle's envelope: the public key to check it with (none: the envelope is
 * noted but its signature cannot be checked), and whether an unsigned or badly signed bundle is
 * TAMPERED. Requiring a signature needs a key.
 */
public record SignaturePolicy(Optional<VerifyingKey> key, boolean required) {
    public static final SignaturePolicy NONE = new SignaturePolicy(Optional.empty(), false);

    public SignaturePolicy {
        Objects.requireNonNull(key, "key");
        if (required && key.isEmpty()) {
            throw new IllegalArgumentException("requiring a signature needs the public key to check it with");
        }
    }
}
