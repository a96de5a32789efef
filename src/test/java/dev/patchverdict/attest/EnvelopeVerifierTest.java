// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each kind of tampering, one byte at a time, is caught by the check named for it, and by no other. */
class EnvelopeVerifierTest {
    private static EnvelopeVerifier.Expected everything(SigningKey key) {
        return new EnvelopeVerifier.Expected(key.publicKey(), Optional.of(Fixtures.result()), Optional.of(Digests.bytes(Fixtures.PATCH)),
                Optional.of(Fixtures.workUnit()), Optional.of(Fixtures.result().path("status").asText()));
    }

    private static Set<Check> failed(Envelope e, EnvelopeVerifier.Expected x) {
        return EnvelopeVerifier.verify(e, x).failed().stream().map(CheckOutcome::check).collect(Collectors.toSet());
    }

    private static Envelope withPayload(Envelope e, byte[] payload) {
        return new Envelope(e.payloadType(), payload, e.signatures());
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void anUntouchedEnvelopeHoldsEveryCheck(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 11);
        EnvelopeVerifier.Report r = EnvelopeVerifier.verify(Statements.attest(Fixtures.result(), Fixtures.BY, key), everything(key));
        assertTrue(r.holds(), r.toString());
        assertEquals(List.of(Check.values()), r.outcomes().stream().map(CheckOutcome::check).toList());
        assertTrue(r.outcomes().stream().allMatch(o -> o.state() == CheckOutcome.State.HELD), r.toString());
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedPayloadByteBreaksOnlyTheSignature(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 12);
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, key);
        byte[] p = e.payload();
        // a byte of the timeVerified value: the statement still parses and still binds the same files
        String text = new String(p, java.nio.charset.StandardCharsets.UTF_8);
        int i = text.indexOf("2026-12-01T10:00:00");
        p[i + 3] = (byte) '7';
        assertEquals(Set.of(Check.SIGNATURE), failed(withPayload(e, p), everything(key)));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedSignatureByteBreaksOnlyTheSignature(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 13);
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, key);
        byte[] sig = e.signatures().get(0).sig();
        sig[sig.length - 1] ^= 0x01;
        Envelope t = new Envelope(e.payloadType(), e.payload(), List.of(new Envelope.Sig(e.signatures().get(0).keyid(), sig)));
        assertEquals(Set.of(Check.SIGNATURE), failed(t, everything(key)));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedKeyIdByteBreaksOnlyTheKeyId(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 14);
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, key);
        char[] id = e.signatures().get(0).keyid().toCharArray();
        id[0] = id[0] == '0' ? '1' : '0';
        Envelope t = new Envelope(e.payloadType(), e.payload(), List.of(new Envelope.Sig(new String(id), e.signatures().get(0).sig())));
        assertEquals(Set.of(Check.KEY_ID), failed(t, everything(key)));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void anotherKeyBreaksTheSignatureAndTheKeyId(KeyAlgorithm a) throws Exception {
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, Fixtures.key(a, 15));
        assertEquals(Set.of(Check.SIGNATURE, Check.KEY_ID), failed(e, everything(Fixtures.key(a, 16))));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedSubjectDigestByteBreaksThePatchSubjectEvenWhenResigned(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 17);
        ObjectNode s = Statements.statement(Fixtures.result(), Fixtures.BY);
        ObjectNode digest = (ObjectNode) s.path("subject").path(0).path("digest");
        String hex = digest.path("sha256").asText();
        digest.put("sha256", (hex.charAt(0) == 'a' ? "b" : "a") + hex.substring(1));
        // signed by the right key: the signature holds, the binding does not
        Envelope e = Envelope.sign(Envelope.IN_TOTO, Statements.payload(s), key);
        assertEquals(Set.of(Check.PATCH_SUBJECT), failed(e, everything(key)));
        Envelope unsigned = withPayload(Statements.attest(Fixtures.result(), Fixtures.BY, key), Statements.payload(s));
        assertEquals(Set.of(Check.SIGNATURE, Check.PATCH_SUBJECT), failed(unsigned, everything(key)));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedByteOfTheGivenPatchOrWorkUnitBreaksItsSubject(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 18);
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, key);
        byte[] patch = Fixtures.PATCH.clone();
        patch[patch.length - 2] = 'x';
        assertEquals(Set.of(Check.PATCH_SUBJECT), failed(e, new EnvelopeVerifier.Expected(key.publicKey(),
                Optional.of(Fixtures.result()), Optional.of(Digests.bytes(patch)), Optional.of(Fixtures.workUnit()))));
        ObjectNode wu = (ObjectNode) Fixtures.workUnit();
        wu.put("version", 2);
        assertEquals(Set.of(Check.WORK_UNIT_SUBJECT), failed(e, new EnvelopeVerifier.Expected(key.publicKey(),
                Optional.of(Fixtures.result()), Optional.of(Digests.bytes(Fixtures.PATCH)), Optional.of(wu))));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void oneChangedByteOfTheEmbeddedOrTheGivenResultBreaksTheResult(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 19);
        ObjectNode s = Statements.statement(Fixtures.result(), Fixtures.BY);
        ((ObjectNode) s.path("predicate").path("result")).put("status", "failed");
        Envelope resigned = Envelope.sign(Envelope.IN_TOTO, Statements.payload(s), key);
        // Signed anew over a failed result: it differs from the given one, and its status is not the one expected.
        assertEquals(Set.of(Check.RESULT, Check.STATUS), failed(resigned, everything(key)));
        Envelope e = Statements.attest(Fixtures.result(), Fixtures.BY, key);
        ObjectNode given = Fixtures.result();
        given.put("status", "passeD");
        assertEquals(Set.of(Check.RESULT), failed(e, new EnvelopeVerifier.Expected(key.publicKey(), Optional.of(given),
                Optional.of(Digests.bytes(Fixtures.PATCH)), Optional.of(Fixtures.workUnit()))));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void anotherPayloadOrStatementTypeIsNamed(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 20);
        byte[] payload = Statements.payload(Statements.statement(Fixtures.result(), Fixtures.BY));
        assertEquals(Set.of(Check.PAYLOAD_TYPE), failed(Envelope.sign("application/json", payload, key), everything(key)));
        ObjectNode s = Statements.statement(Fixtures.result(), Fixtures.BY);
        s.put("_type", "https://in-toto.io/Statement/v0.1");
        assertEquals(Set.of(Check.STATEMENT_TYPE), failed(Envelope.sign(Envelope.IN_TOTO, Statements.payload(s), key), everything(key)));
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void withoutFilesToCompareTheBindingChecksAreNotMadeButTheSignatureIs(KeyAlgorithm a) throws Exception {
        SigningKey key = Fixtures.key(a, 21);
        EnvelopeVerifier.Report r = EnvelopeVerifier.verify(Statements.attest(Fixtures.result(), Fixtures.BY, key),
                new EnvelopeVerifier.Expected(key.publicKey(), Optional.empty(), Optional.empty(), Optional.empty()));
        assertTrue(r.holds(), r.toString());
        assertEquals(3, r.outcomes().stream().filter(o -> o.state() == CheckOutcome.State.NOT_CHECKED).count(), r.toString());
    }

    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void theStatementCarriesTheVerificationSummaryFields(KeyAlgorithm a) throws Exception {
        JsonNode s = Fixtures.read(Statements.attest(Fixtures.result(), Fixtures.BY, Fixtures.key(a, 22)).payload());
        assertEquals("https://in-toto.io/Statement/v1", s.path("_type").asText());
        assertEquals("changes.patch", s.path("subject").path(0).path("name").asText());
        assertEquals("work_unit:demo/task", s.path("subject").path(1).path("name").asText());
        JsonNode p = s.path("predicate");
        assertEquals("2026-12-01T10:00:00.123456Z", p.path("timeVerified").asText(), "the injected time");
        assertEquals("PASSED", p.path("verificationResult").asText());
        assertEquals("urn:patchverdict:evaluator-plan:demo/plan", p.path("policy").path("uri").asText());
        assertEquals(Fixtures.result().path("provenance").path("verifier_config_digest").asText().substring(7),
                p.path("policy").path("digest").path("sha256").asText());
        assertEquals(Fixtures.result(), p.path("result"));
    }
}
