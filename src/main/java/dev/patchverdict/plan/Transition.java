// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

/**
 * One required replacement of a v0.5 plan: a removed line holding {@code removed} and an added
 * line holding {@code added}, both in the same hunk of the same file. Plain text matched inside
 * one line, so neither may hold a line break.
 */
public record Transition(String removed, String added) {
    public Transition {
        removed = StrictTransitionContract.fragment(removed, "removed");
        added = StrictTransitionContract.fragment(added, "added");
    }

    /** {@code REMOVED=>ADDED}, the form {@code plan new --transition} takes. */
    public static Transition parse(String spec) {
        int arrow = spec.indexOf("=>");
        if (arrow < 0 || spec.indexOf("=>", arrow + 2) >= 0) {
            throw new IllegalArgumentException("a transition is written REMOVED=>ADDED with one '=>', not '" + spec + "'");
        }
        return new Transition(spec.substring(0, arrow), spec.substring(arrow + 2));
    }

    @Override
    public String toString() {
        return "'" + removed + "' => '" + added + "'";
    }
}
