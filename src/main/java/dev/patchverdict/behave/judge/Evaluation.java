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
 * mutation adequacy is declared) hold a PROVEN down to UNVERIFIED. A v0.2 plan's relations join
 * the levels ({@link RelationsOutcome}), and may rescue a verdict, which is then PROVEN relative
 * to them.
 */
public record Evaluation(Map<Level, LevelResult> levels, List<CheckResult> checks,
        Optional<AdequacyResult> adequacy, Verdict verdict, List<String> verdictReasons, String sandbox,
        Optional<RelationsOutcome> relations) {
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
        Objects.requireNonNull(relations, "relations");
        if (relations.isPresent() && relations.get().relativeTo().isPresent() && verdict != Verdict.PROVEN) {
            throw new IllegalArgumentException("a rescue by relations makes the verdict PROVEN, not " + verdict);
        }
    }

    /** A plan without relations (v0.1). */
    public Evaluation(Map<Level, LevelResult> levels, List<CheckResult> checks, Optional<AdequacyResult> adequacy,
            Verdict verdict, List<String> verdictReasons, String sandbox) {
        this(levels, checks, adequacy, verdict, verdictReasons, sandbox, Optional.empty());
    }

    /** The verdict as every report writes it: "PROVEN relative to 2 relations" after a rescue, never a plain PROVEN. */
    public String verdictText() {
        return relations.filter(r -> r.relativeTo().isPresent()).map(RelationsOutcome::verdictText)
                .orElse(verdict.name());
    }

    public LevelResult level(Level level) {
        return levels.get(level);
    }

    /** Every run: the checks' in the order they were declared, then the relations'. */
    public long runCount() {
        return checks.stream().mapToLong(c -> c.runs().size()).sum() + relations.map(RelationsOutcome::runCount).orElse(0L);
    }
}
