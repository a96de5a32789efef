// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/**
 * One way to fool a static plan. It builds zero or more decoys for a plan's targets; none means
 * the operator does not apply to that plan (reported as not applicable, never as passed or failed).
 */
public interface Operator {
    /** Stable kebab-case name used in reports. */
    String name();

    /** One line: the trick, and why a patch built this way is bad. */
    String description();

    List<Decoy> build(Targets targets);
}
