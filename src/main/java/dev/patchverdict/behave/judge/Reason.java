// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.util.Objects;

/** One observation behind a check's verdict, and what it says on its own. */
public record Reason(Verdict verdict, String text) {
    public Reason {
        Objects.requireNonNull(verdict, "verdict");
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a reason needs text");
        }
    }
}
