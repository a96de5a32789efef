// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum constant with a fixed spelling in the documents. Every enumeration of the record family
 * is snake_case, so the spelling is the constant's name in lower case.
 */
public interface WireValue {
    default String wire() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E> & WireValue> E parse(Class<E> type, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.wire().equals(text)) {
                return e;
            }
        }
        throw new IllegalArgumentException("\"" + text + "\" is not one of " + spellings(type));
    }

    static <E extends Enum<E> & WireValue> String spellings(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(e -> "\"" + e.wire() + "\"")
                .collect(Collectors.joining(", "));
    }
}
