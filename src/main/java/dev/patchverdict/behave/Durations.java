package dev.patchverdict.behave;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** Durations as the result writes them: seconds with millisecond precision. */
final class Durations {
    private Durations() {}

    static double seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis()).divide(BigDecimal.valueOf(1000), 3, RoundingMode.HALF_UP).doubleValue();
    }

    static Duration ofSeconds(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1_000_000_000d));
    }
}
