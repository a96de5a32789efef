// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

/** A cohort that cannot be read, or an operation its state forbids; the message says what and why. */
public final class CohortException extends Exception {
    private static final long serialVersionUID = 1L;

    public CohortException(String message) {
        super(message);
    }
}
