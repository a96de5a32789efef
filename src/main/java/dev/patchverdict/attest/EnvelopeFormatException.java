// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

/** Input that is not a DSSE envelope, or not an in-toto Statement where one is required. */
public final class EnvelopeFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public EnvelopeFormatException(String message) {
        super(message);
    }
}
