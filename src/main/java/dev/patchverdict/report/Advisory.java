// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.Objects;

/** One diagnostic of the strict diff reader on a patch, for reports: stable code, severity, patch line, message. */
public record Advisory(String code, String severity, long line, String message) {
    public Advisory {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
    }
}
