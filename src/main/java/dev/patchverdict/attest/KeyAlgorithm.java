// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

/** The signing algorithms an attestation key may use; Ed25519 is the default. */
public enum KeyAlgorithm {
    ED25519("ed25519", "Ed25519", "Ed25519"),
    ECDSA_P256("ecdsa-p256", "EC", "SHA256withECDSA");

    private final String wire;
    private final String jcaKey;
    private final String jcaSignature;

    KeyAlgorithm(String wire, String jcaKey, String jcaSignature) {
        this.wire = wire;
        this.jcaKey = jcaKey;
        this.jcaSignature = jcaSignature;
    }

    /** The name on the command line and in messages. */
    public String wire() {
        return wire;
    }

    String jcaKey() {
        return jcaKey;
    }

    String jcaSignature() {
        return jcaSignature;
    }

    public static KeyAlgorithm parse(String text) {
        for (KeyAlgorithm a : values()) {
            if (a.wire.equals(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException("not a key algorithm (ed25519 or ecdsa-p256): " + text);
    }
}
