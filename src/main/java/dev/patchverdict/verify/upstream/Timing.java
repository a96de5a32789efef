// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The two instants and the elapsed seconds a result records, taken from an injected clock so
 * that tests can fix them (they are the only time-dependent fields of a result).
 */
public final class Timing {
    private final Clock clock;
    private Instant started;

    public Timing(Clock clock) {
        this.clock = clock;
    }

    public void start() {
        started = clock.instant();
    }

    public String startedAt() {
        return Nodes.timestamp(started);
    }

    /** Finishes: the finish time and the elapsed seconds, never negative. */
    public Finished finish() {
        Instant end = clock.instant();
        double seconds = Math.max(0.0, Duration.between(started, end).toNanos() / 1e9);
        return new Finished(Nodes.timestamp(end), seconds);
    }

    public record Finished(String finishedAt, double wallSeconds) {}
}
