// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.report.Progress;
import dev.patchverdict.report.ProgressLine;
import picocli.CommandLine.Option;

/**
 * {@code --[no-]progress} for long work: a progress line on standard error while standard error is a terminal (and
 * not a CI log, nor a terminal that cannot move its cursor), or wherever {@code --progress} asks; never on standard output.
 */
final class ProgressOption {
    @Option(names = "--progress", negatable = true,
            description = "Show a progress line on standard error (default: only when it is a terminal, and not under CI).")
    Boolean progress;

    /** Whether this run shows the line. */
    boolean shown(CliContext ctx) {
        if (progress != null) {
            return progress;
        }
        return ctx.errIsTerminal() && ctx.env().get("CI") == null && !"dumb".equals(ctx.env().get("TERM"));
    }

    /**
     * A line counting {@code unit}, or nothing when none is shown; close it when the work ends. {@code writesOut}: the
     * work writes standard output as it goes, so where that is the same terminal the line steps aside for each write.
     */
    Line open(CliContext ctx, String label, String unit, boolean writesOut) {
        // Durations only: the monotonic clock is read here, at the edge, and handed to the line.
        return new Line(shown(ctx) ? new ProgressLine(label, unit, ctx.err(), System::nanoTime) : null,
                writesOut && ctx.outIsTerminal());
    }

    /** The line of one command run, or none: either way a {@link Progress} to hand to the library. */
    static final class Line implements Progress, AutoCloseable {
        private final ProgressLine line;
        private final boolean sharesTerminal;

        Line(ProgressLine line, boolean sharesTerminal) {
            this.line = line;
            this.sharesTerminal = sharesTerminal;
        }

        @Override
        public void total(long steps) {
            if (line != null) {
                line.total(steps);
            }
        }

        @Override
        public void step() {
            if (line != null) {
                line.step();
            }
        }

        /** Takes the line off the terminal before standard output writes to the same terminal. */
        void beforeOutput() {
            if (line != null && sharesTerminal) {
                line.clear();
            }
        }

        @Override
        public void close() {
            if (line != null) {
                line.close();
            }
        }
    }
}
