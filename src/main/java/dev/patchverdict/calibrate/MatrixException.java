// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

/** A matrix file that cannot be run: unreadable, not JSON, not a valid matrix. The message says what and where. */
public final class MatrixException extends Exception {
    private static final long serialVersionUID = 1L;

    public MatrixException(String message) {
        super(message);
    }
}
