// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.CanonicalJson;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * A DSSE envelope (Dead Simple Signing Envelope, v1): a payload, its type, and signatures over the
 * pre-authentication encoding of the two. Written with standard base64; read with standard or
 * URL-safe base64, padded or not, as the DSSE protocol allows.
 */
public record Envelope(String payloadType, byte[] payload, List<Sig> signatures) {
    /** The payload type of an in-toto Statement. */
    public static final String IN_TOTO = "application/vnd.in-toto+json";

    /** One signature: the signer's key id (may be empty: it is only a hint) and the signature bytes. */
    public record Sig(String keyid, byte[] sig) {
        public Sig {
            Objects.requireNonNull(keyid, "keyid");
            sig = sig.clone();
        }

        @Override
        public byte[] sig() {
            return sig.clone();
        }
    }

    public Envelope {
        Objects.requireNonNull(payloadType, "payloadType");
        payload = payload.clone();
        signatures = List.copyOf(signatures);
    }

    @Override
    public byte[] payload() {
        return payload.clone();
    }

    /** Signs {@code payload} of {@code payloadType} with one key, naming the key by its SPKI key id. */
    public static Envelope sign(String payloadType, byte[] payload, SigningKey key) {
        byte[] sig = key.sign(pae(payloadType, payload));
        return new Envelope(payloadType, payload, List.of(new Sig(key.publicKey().keyId(), sig)));
    }

    /**
     * The pre-authentication encoding: {@code "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body},
     * where LEN is the byte length in ASCII decimal without leading zeros and the type is UTF-8.
     */
    public static byte[] pae(String payloadType, byte[] payload) {
        byte[] type = payloadType.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + type.length + 32);
        out.writeBytes(("DSSEv1 " + type.length + " ").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(type);
        out.writeBytes((" " + payload.length + " ").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(payload);
        return out.toByteArray();
    }

    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("payload", Base64.getEncoder().encodeToString(payload));
        o.put("payloadType", payloadType);
        ArrayNode sigs = o.putArray("signatures");
        for (Sig s : signatures) {
            sigs.addObject().put("keyid", s.keyid()).put("sig", Base64.getEncoder().encodeToString(s.sig()));
        }
        return o;
    }

    /** One line of an {@code .intoto.jsonl} file: the envelope as compact JSON and a newline. */
    public byte[] jsonLine() {
        return (CanonicalJson.string(toJson()) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Reads an envelope; anything not of the DSSE JSON form is an {@link EnvelopeFormatException} naming the field. */
    public static Envelope fromJson(JsonNode node) throws EnvelopeFormatException {
        if (node == null || !node.isObject()) {
            throw new EnvelopeFormatException("an envelope is a JSON object");
        }
        String type = text(node, "payloadType");
        byte[] payload = base64(text(node, "payload"), "payload");
        JsonNode sigs = node.get("signatures");
        if (sigs == null || !sigs.isArray()) {
            throw new EnvelopeFormatException("signatures: missing or not an array");
        }
        List<Sig> out = new ArrayList<>();
        int i = 0;
        for (JsonNode s : sigs) {
            if (!s.isObject()) {
                throw new EnvelopeFormatException("signatures/" + i + ": not an object");
            }
            JsonNode keyid = s.get("keyid");
            if (keyid != null && !keyid.isNull() && !keyid.isTextual()) {
                throw new EnvelopeFormatException("signatures/" + i + "/keyid: not a string");
            }
            out.add(new Sig(keyid == null || keyid.isNull() ? "" : keyid.asText(),
                    base64(text(s, "sig"), "signatures/" + i + "/sig")));
            i++;
        }
        return new Envelope(type, payload, out);
    }

    private static String text(JsonNode node, String field) throws EnvelopeFormatException {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new EnvelopeFormatException(field + ": missing or not a string");
        }
        return v.asText();
    }

    static byte[] base64(String text, String field) throws EnvelopeFormatException {
        try {
            return text.indexOf('-') >= 0 || text.indexOf('_') >= 0 ? Base64.getUrlDecoder().decode(text)
                    : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new EnvelopeFormatException(field + ": not base64 (" + e.getMessage() + ")");
        }
    }
}
