// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PyUtf8PropertiesTest {

    @Property(tries = 2000)
    void agreesWithTheJdkOnValidText(@ForAll String s) throws Exception {
        // jqwik strings may hold lone surrogates; the JDK encoder replaces those with '?'
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        assertEquals(new String(bytes, StandardCharsets.UTF_8), PyUtf8.decode(bytes));
    }

    @Property(tries = 5000)
    void rejectsExactlyWhatTheJdkRejects(@ForAll("utf8ish") byte[] bytes) {
        boolean jdkRejects;
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            jdkRejects = false;
        } catch (CharacterCodingException e) {
            jdkRejects = true;
        }
        try {
            String decoded = PyUtf8.decode(bytes);
            assertEquals(false, jdkRejects, "accepted what the JDK rejects");
            assertEquals(new String(bytes, StandardCharsets.UTF_8), decoded);
        } catch (PyUtf8.DecodeError e) {
            assertEquals(true, jdkRejects, "rejected what the JDK accepts: " + e.getMessage());
        }
    }

    /** Bytes biased towards lead and continuation bytes, so that near-valid sequences are common. */
    @Provide
    Arbitrary<byte[]> utf8ish() {
        Arbitrary<Byte> interesting = Arbitraries.of(
                (byte) 0x41, (byte) 0x80, (byte) 0x8f, (byte) 0x90, (byte) 0x9f, (byte) 0xa0, (byte) 0xbf,
                (byte) 0xc0, (byte) 0xc1, (byte) 0xc2, (byte) 0xdf, (byte) 0xe0, (byte) 0xe1, (byte) 0xed,
                (byte) 0xef, (byte) 0xf0, (byte) 0xf1, (byte) 0xf4, (byte) 0xf5, (byte) 0xff);
        Arbitrary<Byte> any = Arbitraries.bytes();
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, interesting),
                        net.jqwik.api.Tuple.of(1, any))
                .array(byte[].class).ofMaxSize(8);
    }
}
