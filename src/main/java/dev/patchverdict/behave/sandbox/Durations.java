// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** Durations as the result writes them: seconds with millisecond precision. */
public final class Durations {
    private Durations() {}

    public static double seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis()).divide(BigDecimal.valueOf(1000), 3, RoundingMode.HALF_UP).doubleValue();
    }

    public static Duration ofSeconds(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1_000_000_000d));
    }
}
