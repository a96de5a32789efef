// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

/**
 * How relations weigh in the verdict. {@code vetoMin}: how many relations must hold on the base
 * and break with the patch to refute it (1 by default). {@code rescue}: whether relations may
 * prove, relative to themselves, a fix the checks leave UNVERIFIED only for want of adequacy (on
 * by default). What a rescue needs is fixed, never lowered by a plan: {@link #RESCUE_MIN_HOLDING}
 * relations holding with the patch, {@link #RESCUE_MIN_REPAIRED} of them broken on the base.
 */
public record RelationRules(int vetoMin, boolean rescue) {
    public static final RelationRules DEFAULT = new RelationRules(1, true);
    public static final int RESCUE_MIN_HOLDING = 2;
    public static final int RESCUE_MIN_REPAIRED = 1;

    public RelationRules {
        if (vetoMin < 1) {
            throw new IllegalArgumentException("veto_min must be at least 1: " + vetoMin);
        }
    }
}
