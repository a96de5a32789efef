// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one validator agrees with the JDK's strict decoder, and says where a bad sequence starts. */
class Utf8Test {

    private static boolean jdkAccepts(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    @ParameterizedTest
    @CsvSource({
        "'', -1",
        "41, -1",
        "c3a9, -1",
        "e282ac, -1",
        "f09f9880, -1",
        "f48fbfbf, -1",
        "41c0af, 1",        // overlong '/'
        "e080af, 0",        // overlong three-byte form
        "eda080, 0",        // an encoded surrogate
        "f4908080, 0",      // past U+10FFFF
        "4142e282, 2",      // cut short at the end
        "414243444546474880, 8", // a lone continuation byte after eight ASCII bytes
        "f5808080, 0",
    })
    void knownSequences(String hex, int firstInvalid) {
        byte[] b = HexFormat.of().parseHex(hex);
        assertEquals(firstInvalid, Utf8.firstInvalid(b, 0, b.length), hex);
        assertEquals(firstInvalid < 0, Utf8.isValid(b), hex);
        assertEquals(jdkAccepts(b), Utf8.isValid(b), hex);
    }

    @ParameterizedTest
    @CsvSource({
        "'', -1",
        "0041, -1",
        "d83dde00, -1",         // a pair
        "d83d, 0",              // a high one at the end
        "0041de00, 1",          // a low one alone
        "d83dd83dde00, 0",      // a high one before a pair
        "d83dde00dc00, 2",      // a low one after a pair
    })
    void loneSurrogates(String utf16Hex, int first) {
        StringBuilder s = new StringBuilder(); // char by char: a decoder would replace a lone surrogate
        for (int i = 0; i < utf16Hex.length(); i += 4) {
            s.append((char) Integer.parseInt(utf16Hex.substring(i, i + 4), 16));
        }
        assertEquals(first, Utf8.firstLoneSurrogate(s), utf16Hex);
    }

    @Property(tries = 2000)
    void aLoneSurrogateIsWhatTheJdkEncoderRefuses(@ForAll @Size(max = 12) char[] chars) {
        String s = new String(chars);
        boolean encodes;
        try {
            StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).encode(java.nio.CharBuffer.wrap(s));
            encodes = true;
        } catch (CharacterCodingException e) {
            encodes = false;
        }
        assertEquals(encodes, Utf8.firstLoneSurrogate(s) < 0, s);
    }

    @Property(tries = 2000)
    void agreesWithTheJdkDecoder(@ForAll @Size(max = 24) byte[] b) {
        boolean valid = jdkAccepts(b);
        assertEquals(valid, Utf8.isValid(b));
        assertEquals(valid, Utf8.firstInvalid(b, 0, b.length) < 0);
    }
}
