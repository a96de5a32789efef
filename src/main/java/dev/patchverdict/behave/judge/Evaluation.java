// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.mutation.AdequacyResult;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the runner observed for one candidate, and the verdict: all five levels PROVEN
 * gives PROVEN, any REFUTED gives REFUTED, anything else UNVERIFIED; inadequate checks (when
 * mutation adequacy is declared) hold a PROVEN down to UNVERIFIED.
 */
public record Evaluation(Map<Level, LevelResult> levels, List<CheckResult> checks,
        Optional<AdequacyResult> adequacy, Verdict verdict, List<String> verdictReasons, String sandbox) {
    public Evaluation {
        EnumMap<Level, LevelResult> copy = new EnumMap<>(Level.class);
        copy.putAll(levels);
        if (copy.size() != Level.values().length) {
            throw new IllegalArgumentException("every level needs a verdict, got " + copy.keySet());
        }
        levels = java.util.Collections.unmodifiableMap(copy);
        checks = List.copyOf(checks);
        Objects.requireNonNull(adequacy, "adequacy");
        Objects.requireNonNull(verdict, "verdict");
        verdictReasons = List.copyOf(verdictReasons);
        Objects.requireNonNull(sandbox, "sandbox");
    }

    public LevelResult level(Level level) {
        return levels.get(level);
    }

    /** Every run, in the order the checks were declared. */
    public long runCount() {
        return checks.stream().mapToLong(c -> c.runs().size()).sum();
    }
}
