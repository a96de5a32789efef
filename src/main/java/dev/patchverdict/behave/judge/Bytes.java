package dev.patchverdict.behave.judge;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Output as text where it is valid UTF-8, and byte for byte where it is not. */
public final class Bytes {
    private Bytes() {}

    static boolean validUtf8(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /**
     * UTF-8 when {@code text}; otherwise ISO-8859-1, which maps each byte to its own character, so
     * two different byte strings never decode to the same text (as they would through U+FFFD).
     */
    static String decode(byte[] b, boolean text) {
        return new String(b, text ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }
}
