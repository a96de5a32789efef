// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** How much a diagnostic weighs. Any {@link #ERROR} rejects the input; {@link #OFF} is not even checked. */
public enum Severity {
    ERROR,
    WARNING,
    INFO,
    OFF;

    public boolean rejects() {
        return this == ERROR;
    }
}
