// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

/**
 * The verifier could not decide: bad input, a binding or integrity error. The message is the one
 * the record family's verifier prints for the same condition (exit 2), so that users and scripts
 * see the same words; it never carries a stack trace's worth of detail.
 */
public final class VerificationException extends Exception {
    private static final long serialVersionUID = 1L;

    public VerificationException(String message) {
        super(message);
    }
}
