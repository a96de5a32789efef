// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * Where every diagnostic goes: the profile's severities, the counts, and whether git would stop here. A
 * fatal error stops the walk while the rest of the input is still read (and hashed).
 */
final class Reporter {
    private final DiffVisitor visitor;
    /** The profile's table as an array: it is consulted for every line. */
    private final Severity[] severities = new Severity[DiagnosticCode.values().length];
    private int errors;
    private int warnings;
    /** The walk stops: nothing after this point is interpreted. */
    boolean fatal;
    /** git stops reading here, whether or not it fails. */
    boolean gitStopped;
    /** git apply would fail on this input. */
    boolean gitFatal;

    Reporter(Profile profile, DiffVisitor visitor) {
        this.visitor = visitor;
        for (DiagnosticCode c : DiagnosticCode.values()) {
            severities[c.ordinal()] = profile.severity(c);
        }
    }

    int errors() {
        return errors;
    }

    int warnings() {
        return warnings;
    }

    void report(DiagnosticCode code, long offset, long line, String message) {
        Severity s = severities[code.ordinal()];
        if (s == Severity.OFF) {
            return;
        }
        if (s == Severity.ERROR) {
            errors++;
        } else if (s == Severity.WARNING) {
            warnings++;
        }
        visitor.onDiagnostic(new Diagnostic(code, s, offset, line, message));
    }

    boolean on(DiagnosticCode code) {
        return severities[code.ordinal()] != Severity.OFF;
    }

    /** An error git apply itself makes: the input is rejected and the walk stops. */
    void gitError(DiagnosticCode code, long offset, long line, String message) {
        gitFatal = true;
        fatal = true;
        report(code, offset, line, message);
    }
}
