// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Locale;

/** Which kind of witness a check must print: an example found, a search exhausted, or either. */
public enum WitnessPolarity {
    POSITIVE,
    NEGATIVE,
    ANY;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static WitnessPolarity of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
