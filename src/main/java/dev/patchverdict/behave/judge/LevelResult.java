// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.util.List;
import java.util.Objects;

/** One level's verdict with the reasons for it, each a sentence a reader can check. */
public record LevelResult(Level level, Verdict verdict, List<String> reasons) {
    public LevelResult {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        if (reasons.isEmpty()) {
            throw new IllegalArgumentException("a level verdict needs at least one reason");
        }
    }

    public static LevelResult of(Level level, Verdict verdict, String reason) {
        return new LevelResult(level, verdict, List.of(reason));
    }
}
