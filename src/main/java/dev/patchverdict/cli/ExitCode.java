// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

/** The one exit-code table every command uses. */
public final class ExitCode {
    /** Passed, PROVEN, or every input accepted. */
    public static final int PASSED = 0;
    /** Failed, REFUTED, or some input rejected. */
    public static final int FAILED = 1;
    /** Could not decide: bad input, binding or integrity error, UNVERIFIED. */
    public static final int UNDECIDED = 2;
    /** The command line itself is wrong. */
    public static final int USAGE = 64;

    private ExitCode() {}
}
