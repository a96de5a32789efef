// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvelopeTest {
    @Test
    void paeIsTheDsseSpecsExample() {
        // the worked example of the DSSE protocol document
        assertEquals("DSSEv1 29 http://example.com/HelloWorld 11 hello world", new String(
                Envelope.pae("http://example.com/HelloWorld", "hello world".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
    }

    @Test
    void paeCountsBytesNotCharacters() {
        byte[] pae = Envelope.pae("t/é", "ü".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals("DSSEv1 4 t/é 2 ü".getBytes(StandardCharsets.UTF_8), pae);
        assertEquals("DSSEv1 0  0 ", new String(Envelope.pae("", new byte[0]), StandardCharsets.UTF_8));
    }

    @Test
    void anEnvelopeIsWrittenWithStandardBase64AndReadBack() throws Exception {
        SigningKey key = Fixtures.key(KeyAlgorithm.ED25519, 1);
        byte[] payload = new byte[] {(byte) 0xfb, (byte) 0xff, 0x3e, 0x3f};
        Envelope e = Envelope.sign(Envelope.IN_TOTO, payload, key);
        JsonNode json = Fixtures.read(e.jsonLine());
        assertEquals("+/8+Pw==", json.path("payload").asText(), "standard alphabet with padding");
        assertEquals(key.publicKey().keyId(), json.path("signatures").path(0).path("keyid").asText());
        Envelope back = Envelope.fromJson(json);
        assertArrayEquals(payload, back.payload());
        assertTrue(key.publicKey().verifies(Envelope.pae(back.payloadType(), back.payload()), back.signatures().get(0).sig()));
    }

    @Test
    void urlSafeAndUnpaddedBase64AreReadAsTheSpecAllows() throws Exception {
        ObjectNode o = Fixtures.JSON.createObjectNode().put("payload", "-_8-Pw").put("payloadType", "x");
        o.putArray("signatures").addObject().put("sig", Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] {1, 2}));
        Envelope e = Envelope.fromJson(o);
        assertArrayEquals(new byte[] {(byte) 0xfb, (byte) 0xff, 0x3e, 0x3f}, e.payload());
        assertEquals("", e.signatures().get(0).keyid(), "a missing keyid is an empty hint");
    }

    @Test
    void aMalformedEnvelopeNamesTheField() {
        assertEquals("payloadType: missing or not a string", assertThrows(EnvelopeFormatException.class,
                () -> Envelope.fromJson(Fixtures.JSON.createObjectNode().put("payload", ""))).getMessage());
        assertEquals("payload: not base64 (Illegal base64 character 21)", assertThrows(EnvelopeFormatException.class,
                () -> Envelope.fromJson(Fixtures.JSON.createObjectNode().put("payload", "!!").put("payloadType", "x"))).getMessage());
        ObjectNode noSigs = Fixtures.JSON.createObjectNode().put("payload", "").put("payloadType", "x");
        assertEquals("signatures: missing or not an array", assertThrows(EnvelopeFormatException.class,
                () -> Envelope.fromJson(noSigs)).getMessage());
        assertTrue(assertThrows(EnvelopeFormatException.class, () -> Envelopes.read("{}\n\n{\"a\":".getBytes(StandardCharsets.UTF_8)))
                .getMessage().startsWith("line 1: "));
        assertEquals("no envelope in the file", assertThrows(EnvelopeFormatException.class,
                () -> Envelopes.read("\n".getBytes(StandardCharsets.UTF_8))).getMessage());
    }

    @Test
    void aJsonlFileHoldsOneEnvelopePerLine() throws Exception {
        SigningKey key = Fixtures.key(KeyAlgorithm.ED25519, 2);
        Envelope a = Envelope.sign("a", new byte[] {1}, key);
        Envelope b = Envelope.sign("b", new byte[] {2}, key);
        byte[] a1 = a.jsonLine();
        byte[] b1 = b.jsonLine();
        byte[] both = new byte[a1.length + b1.length];
        System.arraycopy(a1, 0, both, 0, a1.length);
        System.arraycopy(b1, 0, both, a1.length, b1.length);
        List<Envelope> read = Envelopes.read(both);
        assertEquals(List.of("a", "b"), read.stream().map(Envelope::payloadType).toList());
        assertEquals(1, new String(a1, StandardCharsets.UTF_8).split("\n", -1).length - 1, "one line, newline-terminated");
    }
}
