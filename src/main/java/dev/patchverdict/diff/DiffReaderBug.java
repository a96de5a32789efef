// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * A failure of the reader itself, never of its input: bad input always ends in diagnostics. It propagates so
 * that tests and fuzzing see it, and the command line reports it as one line with exit 2.
 */
public final class DiffReaderBug extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DiffReaderBug(String message, Throwable cause) {
        super(message, cause);
    }
}
