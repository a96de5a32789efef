// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/** Whether a section is binary and what it carries. */
public enum BinaryPayload {
    /** A text section. */
    NONE,
    /** {@code GIT binary patch} with literal or delta data. */
    DATA,
    /** {@code Binary files ... differ}: binary, but nothing to apply. */
    NO_DATA
}
