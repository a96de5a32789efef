// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import com.google.re2j.Pattern;

/**
 * One declared check. Pass or fail comes only from the exit status: {@code expectedExitCode}
 * with the patch, and for a reproduction on the base either {@code baseExpectedExitCode} or, when
 * that is not declared, any status other than the passing one.
 */
public record CheckSpec(String id, CheckKind kind, Optional<String> description, Command command,
        int expectedExitCode, OptionalInt baseExpectedExitCode, Optional<OutputExpectation> expectStdout,
        Equivalence equivalence, Optional<WitnessPolarity> witness) {
    static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    public CheckSpec {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("check id must match " + ID + ": " + id);
        }
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(command, "command");
        requireStatus(expectedExitCode, "expected_exit_code");
        Objects.requireNonNull(baseExpectedExitCode, "baseExpectedExitCode");
        baseExpectedExitCode.ifPresent(c -> requireStatus(c, "base_expected_exit_code"));
        if (baseExpectedExitCode.isPresent() && kind != CheckKind.REPRODUCTION) {
            throw new IllegalArgumentException("check " + id + ": base_expected_exit_code is only for reproduction");
        }
        if (baseExpectedExitCode.isPresent() && baseExpectedExitCode.getAsInt() == expectedExitCode) {
            throw new IllegalArgumentException("check " + id
                    + ": base_expected_exit_code equals expected_exit_code, so the base could not fail");
        }
        Objects.requireNonNull(expectStdout, "expectStdout");
        Objects.requireNonNull(equivalence, "equivalence");
        Objects.requireNonNull(witness, "witness");
    }

    private static void requireStatus(int code, String what) {
        if (code < 0 || code > 255) {
            throw new IllegalArgumentException(what + " must be in [0, 255]: " + code);
        }
    }

    /** Whether this check runs on the base tree as well as the patched one. */
    public boolean runsOnBase() {
        return kind != CheckKind.CONTRACT;
    }
}
