// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Objects;

/** {@code expect_stdout}: the body a run's stdout must be equivalent to, under an operator. */
public record OutputExpectation(Equivalence equivalence, String body) {
    public OutputExpectation {
        Objects.requireNonNull(equivalence, "equivalence");
        Objects.requireNonNull(body, "body");
    }
}
