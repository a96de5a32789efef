// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.Objects;

/**
 * One finding about the input, where it is (byte offset of the line or byte, 1-based line number) and a
 * message in which any quoted input is escaped and truncated, so it is safe to print anywhere.
 */
public record Diagnostic(DiagnosticCode code, Severity severity, long offset, long line, String message) {
    public Diagnostic {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        if (offset < 0 || line < 0) {
            throw new IllegalArgumentException("negative position: offset " + offset + ", line " + line);
        }
        if (severity == Severity.OFF) {
            throw new IllegalArgumentException("a diagnostic that is off is never made");
        }
    }

    public boolean rejects() {
        return severity.rejects();
    }

    /** {@code line: CODE message}, the text form the CLI prints after the file name. */
    @Override
    public String toString() {
        return line + ": " + code + " " + message;
    }
}
