// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.ArrayList;
import java.util.List;

/** Remembers what long work told its progress: each total given and the steps counted, with the total at each step. */
public final class RecordingProgress implements Progress {
    public final List<Long> totals = new ArrayList<>();
    /** For each step, the last total known when it was taken (-1: none yet). */
    public final List<Long> stepsAgainst = new ArrayList<>();

    @Override
    public synchronized void total(long steps) {
        totals.add(steps);
    }

    @Override
    public synchronized void step() {
        stepsAgainst.add(totals.isEmpty() ? -1L : totals.get(totals.size() - 1));
    }
}
