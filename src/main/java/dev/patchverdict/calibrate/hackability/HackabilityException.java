// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

/** The audit cannot run: the plan or work unit is unreadable, or the plan does not bind to the work unit. */
public final class HackabilityException extends Exception {
    private static final long serialVersionUID = 1L;

    public HackabilityException(String message) {
        super(message);
    }
}
