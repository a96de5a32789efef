// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Locale;

/** What a check is evidence for, which decides the trees it runs on and the level it feeds ({@code judge.Level}). */
public enum CheckKind {
    /** Fails on the base, passes with the patch: the task's defect is shown fixed. */
    REPRODUCTION,
    /** Passes on both trees with equivalent output: behaviour that must not change. */
    PRESERVE,
    /** Passes with the patch: a property the result must have. */
    CONTRACT;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CheckKind of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
