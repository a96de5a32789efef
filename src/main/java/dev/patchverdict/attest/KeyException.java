// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

/** A key file that cannot be used: not PEM, not PKCS#8 or SPKI, or not an Ed25519 or P-256 key. */
public final class KeyException extends Exception {
    private static final long serialVersionUID = 1L;

    public KeyException(String message) {
        super(message);
    }

    public KeyException(String message, Throwable cause) {
        super(message, cause);
    }
}
