// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * When judging a run's output must stop: judging counts against the wall limit of the run it
 * judges, so it gets what the limit left once the run was over. Past it a comparison is not
 * decided; an output built to be slow to compare makes the check fail to reach a verdict, never
 * the runner hang.
 */
public final class JudgeDeadline {
    /** No deadline: for comparisons that are not of a run's output. */
    public static final JudgeDeadline NONE = new JudgeDeadline(() -> 0, Long.MAX_VALUE, Duration.ZERO);

    private final LongSupplier nanoTime;
    private final long end;
    private final Duration left;

    private JudgeDeadline(LongSupplier nanoTime, long end, Duration left) {
        this.nanoTime = nanoTime;
        this.end = end;
        this.left = left;
    }

    /** {@code left} from now on the monotonic clock {@code nanoTime}; nothing when the run used it all. */
    public static JudgeDeadline after(Duration left, LongSupplier nanoTime) {
        Objects.requireNonNull(nanoTime, "nanoTime");
        Duration l = left.isNegative() ? Duration.ZERO : left;
        long nanos = l.compareTo(Duration.ofDays(365)) > 0 ? Duration.ofDays(365).toNanos() : l.toNanos();
        return new JudgeDeadline(nanoTime, nanoTime.getAsLong() + nanos, l);
    }

    boolean passed() {
        return this != NONE && nanoTime.getAsLong() - end > 0;
    }

    /** What the judge had, for a reason. */
    String describe() {
        return String.format(java.util.Locale.ROOT, "the %.3f s the wall limit left after the run", left.toNanos() / 1e9);
    }

    /**
     * The work of one comparison, counted: the clock is read every so many steps, and past the
     * deadline the comparison is abandoned.
     */
    static final class Work {
        private static final int STEPS_PER_LOOK = 1024;
        private final JudgeDeadline deadline;
        private int steps;

        Work(JudgeDeadline deadline) {
            this.deadline = deadline;
        }

        /** One step of work; throws {@link OutOfTime} once the deadline has passed. */
        void step() {
            if (++steps >= STEPS_PER_LOOK) {
                steps = 0;
                if (deadline.passed()) {
                    throw new OutOfTime(deadline);
                }
            }
        }

        boolean passed() {
            return deadline.passed();
        }
    }

    /** Judging ran out of time; caught where the comparison is made and turned into its outcome. */
    static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfTime(JudgeDeadline d) {
            super("comparing the output took longer than " + d.describe(), null, false, false);
        }
    }
}
