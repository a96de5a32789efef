// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

/**
 * What a candidate may change beyond file contents, with the names of EvaluatorPlan v0.5's change
 * policy. A patch can retarget a symbolic link the base tree holds, or create an executable by
 * copying one, without any mode line; only the trees show it, so the runner compares them.
 */
public record ChangePolicy(boolean allowSymlinks, boolean allowModeChanges) {
    public static final ChangePolicy NONE = new ChangePolicy(false, false);
}
