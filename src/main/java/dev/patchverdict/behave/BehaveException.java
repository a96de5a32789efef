// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

/**
 * An input, binding or configuration fault that stops the runner before any verdict: a refused
 * plan, a missing commitment, an unreadable file. {@link #what()} names the thing, the message
 * says why. Failures of checks are never exceptions; they are verdicts in the result.
 */
public sealed class BehaveException extends Exception permits CeilingsExceeded {
    private static final long serialVersionUID = 1L;
    private final String what;

    public BehaveException(String what, String why) {
        super(why);
        this.what = what;
    }

    public BehaveException(String what, String why, Throwable cause) {
        super(why, cause);
        this.what = what;
    }

    public String what() {
        return what;
    }
}
