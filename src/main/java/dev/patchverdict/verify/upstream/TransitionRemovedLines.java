// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.util.ArrayList;
import java.util.List;

/**
 * Removed lines as the upstream transition verifier collects them: from the raw text, after
 * {@link Parser011} accepted it. Every line starting with {@code "--- "} is skipped, so a
 * removed line whose content begins with {@code "-- "} is lost too; upstream does the same.
 */
public final class TransitionRemovedLines {
    private TransitionRemovedLines() {}

    public static List<String> collect(String text) {
        return collectLines(PyStr.splitlines(text));
    }

    /** As {@link #collect(String)}, over the text's {@code splitlines()}. */
    public static List<String> collectLines(List<String> lines) {
        List<String> removed = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("-") && !line.startsWith("--- ")) {
                removed.add(line.substring(1));
            }
        }
        return removed;
    }
}
