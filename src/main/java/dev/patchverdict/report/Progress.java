// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

/**
 * How long work tells how far it has come: the library calls it, the command line decides whether anyone sees it
 * ({@link ProgressLine} on a terminal, {@link #NONE} everywhere else).
 */
public interface Progress {
    /** Tells nobody. */
    Progress NONE = new Progress() {
        @Override
        public void total(long steps) {}

        @Override
        public void step() {}
    };

    /** The number of steps in all, once it is known (it may become known only part of the way through). */
    void total(long steps);

    /** One more step is done. */
    void step();
}
