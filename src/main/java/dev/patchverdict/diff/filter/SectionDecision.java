// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import dev.patchverdict.diff.FileSection;
import java.util.List;
import java.util.Objects;

/**
 * What the filter did with one file section: kept when there is no reason to remove it. {@code start}
 * and {@code end} are the byte range git reads as the section ({@code end} exclusive), kept or cut whole.
 */
public record SectionDecision(FileSection section, List<Removal> removals) {
    public SectionDecision {
        Objects.requireNonNull(section, "section");
        removals = List.copyOf(removals);
    }

    public boolean kept() {
        return removals.isEmpty();
    }

    public long start() {
        return section.header().offset();
    }

    public long end() {
        return section.endOffset();
    }
}
