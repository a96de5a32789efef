// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.util.Objects;

/** A comparison and what was compared, e.g. "stdout, base vs patched". */
public record LabelledComparison(String subject, Comparison comparison) {
    public LabelledComparison {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(comparison, "comparison");
    }
}
