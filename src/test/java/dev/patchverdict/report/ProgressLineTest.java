// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private static final long MS = 1_000_000L;

    private final AtomicLong now = new AtomicLong(5_000 * MS);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final ProgressLine line = new ProgressLine("audit", "bundles", new PrintStream(bytes, true, StandardCharsets.UTF_8),
            now::get);

    private String written() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private int draws() {
        return (int) written().chars().filter(c -> c == '\r').count();
    }

    @Test
    void theLineSaysDoneOfTotalTheRateTheElapsedTimeAndWhatIsLeft() {
        line.total(40);
        now.addAndGet(2_000 * MS);
        for (int i = 0; i < 10; i++) {
            line.step();
        }
        assertEquals("audit: 10/40 bundles  5.0/s  elapsed 0:02  ETA 0:06", line.text(now.get()));
        now.addAndGet(3_598_000 * MS);
        assertEquals("audit: 10/40 bundles  0.0/s  elapsed 1:00:00  ETA 3:00:00", line.text(now.get()));
    }

    @Test
    void anUnknownTotalShowsWhatIsDoneAndNoEstimate() {
        now.addAndGet(500 * MS);
        for (int i = 0; i < 60; i++) {
            line.step();
        }
        assertEquals("audit: 60 bundles  120/s  elapsed 0:00", line.text(now.get()));
    }

    @Test
    void theFirstStepShowsAtOnceAndLaterOnesAtMostTenTimesASecond() {
        line.total(10_000);
        line.step();
        assertEquals(1, draws());
        assertTrue(written().startsWith("\raudit: 1/10000 bundles"), written());
        // a step every millisecond for two seconds: 2000 steps, 20 redraws
        for (int i = 0; i < 2000; i++) {
            now.addAndGet(MS);
            line.step();
        }
        assertEquals(21, draws(), written());
        assertTrue(written().endsWith("\033[K"), "each redraw erases what a longer line left");
    }

    @Test
    void closingErasesTheLineAndALineNeverDrawnWritesNothing() {
        line.close();
        assertEquals("", written());
        line.step();
        line.close();
        assertTrue(written().endsWith("\r\033[K"), written());
        int before = written().length();
        line.close();
        assertEquals(before, written().length(), "erased once");
    }

    @Test
    void aLineClearedForOtherOutputWaitsItsTurnToComeBack() {
        line.step();
        line.clear();
        assertTrue(written().endsWith("\r\033[K"));
        now.addAndGet(10 * MS);
        line.step();
        assertEquals(2, draws(), "cleared, then not redrawn within the interval: " + written());
        now.addAndGet(100 * MS);
        line.step();
        assertEquals(3, draws());
        assertFalse(written().endsWith("\r\033[K"));
    }

    @Test
    void clockReadsMinutesAndSecondsThenHours() {
        assertEquals("0:00", ProgressLine.clock(0));
        assertEquals("1:05", ProgressLine.clock(65));
        assertEquals("1:01:01", ProgressLine.clock(3661));
    }
}
