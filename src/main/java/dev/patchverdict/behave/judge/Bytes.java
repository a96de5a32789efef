// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.text.Utf8;
import java.nio.charset.StandardCharsets;

/** Output as text where it is valid UTF-8, and byte for byte where it is not. */
public final class Bytes {
    private Bytes() {}

    static boolean validUtf8(byte[] b) {
        return Utf8.isValid(b);
    }

    /**
     * UTF-8 when {@code text}; otherwise ISO-8859-1, which maps each byte to its own character, so
     * two different byte strings never decode to the same text (as they would through U+FFFD).
     */
    static String decode(byte[] b, boolean text) {
        return new String(b, text ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }
}
