// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.plan.CheckKind;
import java.util.Locale;

/** The five levels a behavioural verdict is built from, in the order they are judged. */
public enum Level {
    /** The candidate applies to the bound revision with {@code git apply}, exactly. */
    APPLIES,
    /** Every run reached an outcome: no timeout, no resource-limit kill, no sandbox failure. */
    EXECUTES,
    /** Every reproduction check fails on the base and passes with the patch. */
    TARGET,
    /** Every preserve check passes on both trees with equivalent output. */
    PRESERVE,
    /** Every contract check passes with the patch and every required witness is valid. */
    CONTRACT;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The level a kind of check is evidence for. */
    public static Level fedBy(CheckKind kind) {
        return switch (kind) {
            case REPRODUCTION -> TARGET;
            case PRESERVE -> PRESERVE;
            case CONTRACT -> CONTRACT;
        };
    }
}
