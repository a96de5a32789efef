// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** Everything observed about one run: what was run, how it ended, what it wrote, how long it took. */
public record RunRecord(List<String> argv, RunOutcome outcome, CapturedOutput stdout, CapturedOutput stderr,
        Duration duration) {
    public RunRecord {
        argv = List.copyOf(argv);
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("negative duration");
        }
    }

    public static RunRecord notRun(List<String> argv, String reason) {
        return new RunRecord(argv, new RunOutcome.NotRun(reason), CapturedOutput.empty(), CapturedOutput.empty(),
                Duration.ZERO);
    }
}
