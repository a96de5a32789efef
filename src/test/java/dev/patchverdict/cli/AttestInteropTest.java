// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.attest.VerifyingKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Envelopes cross between patchverdict and the in-toto reference implementation both ways. "registry"
 * is securesystemslib 1.x's DSSE envelope, in-toto and the attestation framework's Statement model,
 * installed from the package registry into a scratch virtual environment; "debian" is Debian's
 * securesystemslib 0.26 and in-toto 1.3, whose keys and signature schemes check and make the signatures.
 */
class AttestInteropTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final Path SCRIPTS = ROOT.resolve("src/test/resources/dev/patchverdict/cli");
    static final String DIR = VerifyCommandTest.DIR;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** The interpreter, or a skip counted under its group: pypi (python3 first) for "registry", in-toto for "debian". */
    private static Path python(String which) throws Exception {
        if (which.equals("registry")) {
            TestGroups.require(TestGroups.PYTHON3);
        }
        ReferencePython.Found f = which.equals("registry") ? ReferencePython.registry() : ReferencePython.debian();
        TestGroups.requireThat(which.equals("registry") ? TestGroups.PYPI : TestGroups.IN_TOTO, f.python().isPresent(), f.why());
        return f.python().get();
    }

    private static String script(String which) {
        return SCRIPTS.resolve(which.equals("registry") ? "intoto_reference.py" : "sslib_legacy.py").toString();
    }

    /** A real verification of the fixture candidate, signed as it is written, with a new key. */
    private Path signedBundle(String alg) {
        CliRun keys = CliRun.in(tmp, "attest", "keygen", "--algorithm", alg, "--out", "keys");
        assertEquals(0, keys.code(), keys.err());
        CliRun v = CliRun.in(ROOT, VerifyCommandTest.FIXED, new byte[0], VerifyCommandTest.verify("correct", "0.5", "--bundle",
                tmp.resolve("bundle").toString(), "--attest", "--key", tmp.resolve("keys/attest.key").toString()));
        assertEquals(0, v.code(), v.err());
        return tmp.resolve("bundle");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"registry, ed25519", "registry, ecdsa-p256", "debian, ed25519", "debian, ecdsa-p256"})
    void anEnvelopePatchverdictWritesIsAcceptedByTheReferenceImplementation(String which, String alg) throws Exception {
        Path python = python(which);
        Path bundle = signedBundle(alg);
        Path envelope = bundle.resolve("verification-result.intoto.jsonl");
        Path pub = tmp.resolve("keys/attest.pub");
        ReferencePython.Run ok = ReferencePython.run(List.of(python.toString(), script(which), "verify", envelope.toString(), pub.toString()), 120);
        assertEquals(0, ok.code(), ok.output());
        assertTrue(ok.output().startsWith("accepted 1 envelope(s)"), ok.output());

        // one changed payload byte, re-encoded: the reference implementation refuses it too
        ObjectNode e = (ObjectNode) JSON.readTree(Files.readString(envelope));
        byte[] payload = Base64.getDecoder().decode(e.path("payload").asText());
        int at = new String(payload, StandardCharsets.UTF_8).indexOf("\"PASSED\"") + 1;
        payload[at] = 'F';
        e.put("payload", Base64.getEncoder().encodeToString(payload));
        Path tampered = tmp.resolve("tampered.intoto.jsonl");
        Files.writeString(tampered, JSON.writeValueAsString(e) + "\n");
        ReferencePython.Run bad = ReferencePython.run(List.of(python.toString(), script(which), "verify", tampered.toString(), pub.toString()), 120);
        assertNotEquals(0, bad.code(), bad.output());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"registry, ed25519", "registry, ecdsa-p256", "debian, ed25519", "debian, ecdsa-p256"})
    void anEnvelopeTheReferenceImplementationSignsIsAcceptedByAttestVerify(String which, String alg) throws Exception {
        Path python = python(which);
        Path bundle = signedBundle(alg);
        JsonNode ours = JSON.readTree(Files.readString(bundle.resolve("verification-result.intoto.jsonl")));
        Path statement = Files.write(tmp.resolve("statement.json"), Base64.getDecoder().decode(ours.path("payload").asText()));
        Path theirs = tmp.resolve("theirs.intoto.jsonl");
        Path theirKey = tmp.resolve("theirs.pem");
        ReferencePython.Run signed = ReferencePython.run(List.of(python.toString(), script(which), "sign", statement.toString(), alg,
                theirs.toString(), theirKey.toString()), 120);
        assertEquals(0, signed.code(), signed.output());
        String[] check = {"attest", "verify", "--envelope", theirs.toString(), "--key", theirKey.toString(), "--result",
                bundle.resolve("verification-result.json").toString(), "--patch", bundle.resolve("candidate/changes.patch").toString(),
                "--work-unit", bundle.resolve("work-unit.json").toString()};
        CliRun ok = CliRun.in(tmp, check);
        assertEquals(0, ok.code(), ok.out() + ok.err());
        assertTrue(ok.out().endsWith("VALID: every check holds\n"), ok.out());
        // their key id is securesystemslib's, which patchverdict computes too
        String keyid = JSON.readTree(Files.readString(theirs)).path("signatures").path(0).path("keyid").asText();
        assertEquals(VerifyingKey.fromPem(Files.readString(theirKey)).securesystemslibKeyId(), keyid);

        ObjectNode e = (ObjectNode) JSON.readTree(Files.readString(theirs));
        ObjectNode sig = (ObjectNode) e.path("signatures").path(0);
        byte[] s = Base64.getDecoder().decode(sig.path("sig").asText());
        s[s.length / 2] ^= 0x10;
        sig.put("sig", Base64.getEncoder().encodeToString(s));
        Files.writeString(theirs, JSON.writeValueAsString(e) + "\n");
        CliRun bad = CliRun.in(tmp, check);
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.err().contains("failed SIGNATURE"), bad.err());
    }
}
