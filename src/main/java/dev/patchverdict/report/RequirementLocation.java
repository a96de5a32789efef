// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.Objects;

/**
 * Where a plan's required text was found in the patch: the first line of the needed kind holding
 * it (its file, 0-based hunk, 1-based patch line and text), or not found. For reports only; the
 * verdict never depends on it.
 */
public record RequirementLocation(String side, String text, boolean found, String path, int hunk, long patchLine, String line) {
    public RequirementLocation {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(text, "text");
    }

    public static RequirementLocation missing(String side, String text) {
        return new RequirementLocation(side, text, false, null, -1, 0, null);
    }
}
