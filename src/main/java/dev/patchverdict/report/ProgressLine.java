// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A one-line progress display for a terminal: {@code audit: 120/400 bundles  35.2/s  elapsed 0:03  ETA 0:08}, drawn
 * over itself with a carriage return, at most ten times a second, and erased by {@link #close()}. Steps may come from
 * any thread. The monotonic clock is injected (nanoseconds), as is the stream: the line is only ever written there.
 */
public final class ProgressLine implements Progress, AutoCloseable {
    /** Redraws at most this often: ten times a second. */
    static final long INTERVAL_NANOS = 100_000_000L;
    /** Carriage return, then the text; "erase to the end of the line" removes what a longer line left. */
    private static final String ERASE = "\033[K";

    private final String label;
    private final String unit;
    private final PrintStream err;
    private final LongSupplier nanoTime;
    private final long started;
    private long total = -1;
    private long done;
    private static final long NEVER = Long.MIN_VALUE;
    private long drawnAt = NEVER;
    private boolean shown;

    public ProgressLine(String label, String unit, PrintStream err, LongSupplier nanoTime) {
        this.label = Objects.requireNonNull(label, "label");
        this.unit = Objects.requireNonNull(unit, "unit");
        this.err = Objects.requireNonNull(err, "err");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.started = nanoTime.getAsLong();
    }

    @Override
    public synchronized void total(long steps) {
        if (steps < 0) {
            throw new IllegalArgumentException("a total of " + steps + " steps");
        }
        total = steps;
    }

    @Override
    public synchronized void step() {
        done++;
        long now = nanoTime.getAsLong();
        // The first step shows at once; after that, at most one redraw per interval (a line cleared for other
        // output waits for its next turn too).
        if (drawnAt == NEVER || now - drawnAt >= INTERVAL_NANOS) {
            draw(now);
        }
    }

    /** Takes the line off the screen (before other output goes to the same terminal); the next step draws it again. */
    public synchronized void clear() {
        if (shown) {
            raw("\r" + ERASE);
            err.flush();
            shown = false;
        }
    }

    /** Erases the line: nothing of it stays on the screen once the work is done. */
    @Override
    public void close() {
        clear();
    }

    private void draw(long now) {
        raw("\r" + text(now) + ERASE);
        err.flush();
        drawnAt = now;
        shown = true;
    }

    /** What the line says at {@code now}. */
    synchronized String text(long now) {
        double seconds = Math.max(0, now - started) / 1e9;
        StringBuilder sb = new StringBuilder(label).append(": ").append(done);
        if (total >= 0) {
            sb.append('/').append(total);
        }
        sb.append(' ').append(unit);
        if (seconds > 0) {
            double rate = done / seconds;
            sb.append("  ").append(String.format(Locale.ROOT, rate >= 10 ? "%.0f/s" : "%.1f/s", rate));
            sb.append("  elapsed ").append(clock((long) seconds));
            if (total >= done && done > 0) {
                sb.append("  ETA ").append(clock((long) Math.ceil((total - done) / rate)));
            }
        }
        return sb.toString();
    }

    /** m:ss, or h:mm:ss from an hour on. */
    static String clock(long s) {
        long h = s / 3600;
        long m = s / 60 % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s % 60) : String.format(Locale.ROOT, "%d:%02d", m, s % 60);
    }

    /**
     * The line's control characters go out as bytes: the command's standard error escapes whatever text reaches it, and
     * this line holds only the label, numbers and times, never an input's bytes.
     */
    private void raw(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        err.write(b, 0, b.length);
    }
}
