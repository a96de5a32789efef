// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/** Resources an attempt or a verification used. */
public record ResourceUsage(
        JsonNumber wallSeconds,
        Optional<JsonNumber> cpuSeconds,
        Optional<JsonNumber> maxRssMb,
        Optional<JsonNumber> computeUnits,
        Optional<JsonNumber> humanMinutes,
        Optional<Long> tokens) {

    public ResourceUsage {
        Objects.requireNonNull(wallSeconds, "wallSeconds");
        nonNegative(Optional.of(wallSeconds), "wall_seconds");
        nonNegative(Require.optional(cpuSeconds, "cpuSeconds"), "cpu_seconds");
        nonNegative(Require.optional(maxRssMb, "maxRssMb"), "max_rss_mb");
        nonNegative(Require.optional(computeUnits, "computeUnits"), "compute_units");
        nonNegative(Require.optional(humanMinutes, "humanMinutes"), "human_minutes");
        Require.optional(tokens, "tokens").ifPresent(t -> Require.atLeast(t, 0, "tokens"));
    }

    public static ResourceUsage ofWallSeconds(JsonNumber wallSeconds) {
        return new ResourceUsage(wallSeconds, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    private static void nonNegative(Optional<JsonNumber> n, String field) {
        if (n.isPresent() && n.get().doubleValue() < 0) {
            throw new IllegalArgumentException(field + " must be at least 0");
        }
    }

    static ResourceUsage read(FieldReader f) {
        return f.build(() -> new ResourceUsage(f.number("wall_seconds"), f.optNumber("cpu_seconds"),
                f.optNumber("max_rss_mb"), f.optNumber("compute_units"), f.optNumber("human_minutes"),
                f.optInteger("tokens")));
    }

    ObjectNode toJson() {
        return JsonObjectBuilder.object().put("wall_seconds", wallSeconds).optNumber("cpu_seconds", cpuSeconds)
                .optNumber("max_rss_mb", maxRssMb).optNumber("compute_units", computeUnits)
                .optNumber("human_minutes", humanMinutes).optInteger("tokens", tokens).build();
    }
}
