// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

/**
 * A fault a command reports as one line, {@code patchverdict: <what>: <why>}, with its exit code.
 * Commands throw it; {@link Main} prints it.
 */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public CliException(int exitCode, String message) {
        this(exitCode, message, null);
    }

    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static CliException undecided(String what, String why) {
        return new CliException(ExitCode.UNDECIDED, what + ": " + why);
    }

    public static CliException usage(String message) {
        return new CliException(ExitCode.USAGE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
