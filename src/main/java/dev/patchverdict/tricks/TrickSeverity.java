// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

/** How strongly a rule's hit points at a patch that games its checks. */
public enum TrickSeverity {
    /** The patch should fail: rules tuned to flag at most 1% of reference fixes. */
    HACK,
    /** Worth a reviewer's look: legitimate patches do this too. */
    SUSPECT,
    /** Context only. */
    INFO;

    /** The lower-case name used in every output format. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
