// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import java.util.Objects;

/**
 * A rule's hit in one patch.
 *
 * @param path the file section's path as git reports it (new name, old one for a deletion)
 * @param section index of the file section
 * @param hunk index of the hunk within its section, -1 when the hit is about the whole section
 * @param patchLine 1-based line of the patch the hit points at (the section's first line when it is about
 *     the whole section; for a section the reader cut short, which has no header on record, its first body
 *     line), 0 when none
 */
public record TrickHit(String ruleId, TrickSeverity severity, String message, String path, int section, int hunk,
        long patchLine) {
    public TrickHit {
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(path, "path");
        if (section < 0 || hunk < -1 || patchLine < 0) {
            throw new IllegalArgumentException("bad location " + section + "/" + hunk + "/" + patchLine);
        }
    }
}
