// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.digest.Digests;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttestCommandTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final String DIR = VerifyCommandTest.DIR;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private String keys(String alg) {
        CliRun k = CliRun.in(tmp, "attest", "keygen", "--algorithm", alg, "--out", "keys-" + alg);
        assertEquals(0, k.code(), k.err());
        return tmp.resolve("keys-" + alg).toString();
    }

    private Path result(String candidate) {
        Path r = tmp.resolve(candidate + ".json");
        CliRun v = CliRun.in(ROOT, VerifyCommandTest.FIXED, new byte[0], VerifyCommandTest.verify(candidate, "0.5", "--output", r.toString(), "--force"));
        assertTrue(v.code() == 0 || v.code() == 1, v.err());
        return r;
    }

    private String[] check(Path envelope, String pub, Path result, String candidate) {
        return new String[] {"attest", "verify", "--envelope", envelope.toString(), "--key", pub, "--result", result.toString(),
            "--patch", ROOT.resolve(DIR + "candidates/" + candidate + "/changes.patch").toString(), "--work-unit",
            ROOT.resolve(DIR + "work-unit.json").toString()};
    }

    @Test
    void keygenWritesAPrivateKeyOnlyItsOwnerReadsAndPrintsTheKeyId() throws Exception {
        CliRun k = CliRun.in(tmp, "attest", "keygen", "--private", "a.key", "--public", "a.pub");
        assertEquals(0, k.code(), k.err());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("a.key"))));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("a.pub"))));
        String pem = Files.readString(tmp.resolve("a.pub"));
        assertTrue(k.out().startsWith(pem), k.out());
        byte[] spki = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        assertTrue(k.out().contains("keyid: " + Digests.bytes(spki).hex() + "\n"), k.out());
        CliRun again = CliRun.in(tmp, "attest", "keygen", "--private", "a.key", "--public", "b.pub");
        assertEquals(2, again.code(), "an existing key is never replaced");
        assertFalse(Files.exists(tmp.resolve("b.pub")));
        assertEquals(64, CliRun.in(tmp, "attest", "keygen").code(), "where to write is a usage error");
        assertEquals(64, CliRun.in(tmp, "attest", "keygen", "--out", "x", "--algorithm", "rsa").code());
    }

    @Test
    void keygenComparesTheFilesTheKernelOpensAndRefusesALinkAtEitherTarget() throws Exception {
        Files.createDirectories(tmp.resolve("keys"));
        Files.createSymbolicLink(tmp.resolve("alias"), tmp.resolve("keys"));
        CliRun same = CliRun.in(tmp, "attest", "keygen", "--private", "keys/k", "--public", "alias/k");
        assertEquals(64, same.code(), same.out() + same.err());
        assertTrue(same.err().contains("--private and --public name the same file"), same.err());
        assertFalse(Files.exists(tmp.resolve("keys/k")), "no key was written, so none was lost");
        CliRun dots = CliRun.in(tmp, "attest", "keygen", "--private", "alias/../keys/k", "--public", "keys/k");
        assertEquals(64, dots.code(), dots.err());

        Files.createSymbolicLink(tmp.resolve("keys/dangling.pub"), tmp.resolve("nowhere/x.pub"));
        CliRun link = CliRun.in(tmp, "attest", "keygen", "--private", "keys/p.key", "--public", "keys/dangling.pub");
        assertEquals(2, link.code(), link.err());
        assertTrue(link.err().contains("keys/dangling.pub: is a symbolic link"), link.err());
        assertFalse(Files.exists(tmp.resolve("keys/p.key")));
        assertFalse(Files.exists(tmp.resolve("nowhere")));
    }

    @Test
    void signThenVerifyPassesAndEachBrokenBindingIsNamed() throws Exception {
        for (String alg : new String[] {"ed25519", "ecdsa-p256"}) {
            String k = keys(alg);
            Path r = result("correct");
            Path env = tmp.resolve(alg + ".intoto.jsonl");
            CliRun s = CliRun.in(tmp, VerifyCommandTest.FIXED, new byte[0], "attest", "--result", r.toString(), "--key", k + "/attest.key",
                    "--patch", ROOT.resolve(DIR + "candidates/correct/changes.patch").toString(), "--work-unit",
                    ROOT.resolve(DIR + "work-unit.json").toString(), "--output", env.toString());
            assertEquals(0, s.code(), s.err());
            JsonNode statement = JSON.readTree(Base64.getDecoder().decode(JSON.readTree(Files.readString(env)).path("payload").asText()));
            assertEquals("2026-12-01T10:00:00.123456Z", statement.path("predicate").path("timeVerified").asText(), "the injected clock");
            CliRun ok = CliRun.in(tmp, check(env, k + "/attest.pub", r, "correct"));
            assertEquals(0, ok.code(), ok.out() + ok.err());

            CliRun otherPatch = CliRun.in(tmp, check(env, k + "/attest.pub", r, "decoy"));
            assertEquals(1, otherPatch.code());
            assertTrue(otherPatch.err().endsWith("failed PATCH_SUBJECT\n"), otherPatch.err());
            Path decoyResult = result("decoy");
            CliRun otherResult = CliRun.in(tmp, check(env, k + "/attest.pub", decoyResult, "correct"));
            assertEquals(1, otherResult.code());
            assertTrue(otherResult.err().endsWith("failed RESULT\n"), otherResult.err());
            String otherKey = keys(alg.equals("ed25519") ? "ecdsa-p256" : "ed25519");
            CliRun wrongKey = CliRun.in(tmp, check(env, otherKey + "/attest.pub", r, "correct"));
            assertEquals(1, wrongKey.code());
            assertTrue(wrongKey.err().endsWith("failed SIGNATURE, KEY_ID\n"), wrongKey.err());
            Files.delete(decoyResult);
            deleteTree(Path.of(otherKey));
            deleteTree(Path.of(k));
        }
    }

    /** A gate can rely on the exit code: a valid signature over a failed result exits 1 when a pass is expected. */
    @Test
    void aValidSignatureOverAFailedResultFailsAGateThatExpectsAPass() throws Exception {
        String k = keys("ed25519");
        Path r = result("decoy");
        assertEquals("failed", JSON.readTree(r.toFile()).path("status").asText());
        Path env = tmp.resolve("decoy.intoto.jsonl");
        CliRun s = CliRun.in(tmp, VerifyCommandTest.FIXED, new byte[0], "attest", "--result", r.toString(), "--key", k + "/attest.key",
                "--patch", ROOT.resolve(DIR + "candidates/decoy/changes.patch").toString(), "--work-unit",
                ROOT.resolve(DIR + "work-unit.json").toString(), "--output", env.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals(0, CliRun.in(tmp, check(env, k + "/attest.pub", r, "decoy")).code(), "the signature alone holds");
        List<String> gate = new java.util.ArrayList<>(List.of(check(env, k + "/attest.pub", r, "decoy")));
        gate.addAll(List.of("--expect-status", "passed"));
        CliRun g = CliRun.in(tmp, gate.toArray(String[]::new));
        assertEquals(1, g.code(), g.out() + g.err());
        assertTrue(g.err().endsWith("failed STATUS\n"), g.err());
        assertTrue(g.out().contains("the signed result's status is failed, not passed"), g.out());
        List<String> honest = new java.util.ArrayList<>(List.of("attest", "verify", "--envelope", env.toString(), "--key",
                k + "/attest.pub", "--expect-status", "failed"));
        assertEquals(0, CliRun.in(tmp, honest.toArray(String[]::new)).code());
        assertEquals(64, CliRun.in(tmp, "attest", "verify", "--envelope", env.toString(), "--key", k + "/attest.pub",
                "--expect-status", "PASSED!").code());
    }

    private static void deleteTree(Path p) throws Exception {
        try (var walk = Files.walk(p)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    @Test
    void attestRefusesToSignAResultForOtherBytes() {
        String k = keys("ed25519");
        CliRun s = CliRun.in(tmp, "attest", "--result", result("correct").toString(), "--key", k + "/attest.key",
                "--patch", ROOT.resolve(DIR + "candidates/decoy/changes.patch").toString());
        assertEquals(1, s.code());
        assertTrue(s.err().contains("but the result records"), s.err());
        assertEquals("", s.out(), "nothing signed");
    }

    @Test
    void unreadableInputIsTwoAndAMissingOptionIsAUsageError() throws Exception {
        String k = keys("ed25519");
        Path r = result("correct");
        Files.writeString(tmp.resolve("not-an-envelope.jsonl"), "{\"payloadType\": \"x\", \"payload\": 1}\n");
        CliRun bad = CliRun.in(tmp, "attest", "verify", "--envelope", "not-an-envelope.jsonl", "--key", k + "/attest.pub");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("line 1: payload: missing or not a string"), bad.err());
        assertEquals(2, CliRun.in(tmp, "attest", "verify", "--envelope", "missing.jsonl", "--key", k + "/attest.pub").code());
        CliRun privateAsPublic = CliRun.in(tmp, "attest", "--result", r.toString(), "--key", k + "/attest.pub");
        assertEquals(2, privateAsPublic.code());
        assertTrue(privateAsPublic.err().contains("a PEM PUBLIC KEY block, where a PRIVATE KEY block"), privateAsPublic.err());
        assertEquals(64, CliRun.in(tmp, "attest", "--result", r.toString()).code());
        assertEquals(64, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.5", "--attest")).code(), "--attest needs --key");
        assertEquals(64, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.5", "--attest", "--key", k + "/attest.key")).code(),
                "--attest needs somewhere to write the envelope");
    }

    @Test
    void verifyAttestWritesTheEnvelopeBesideTheOutputAndInTheBundle() throws Exception {
        String k = keys("ed25519");
        Path out = tmp.resolve("r.json");
        CliRun v = CliRun.in(ROOT, VerifyCommandTest.FIXED, new byte[0], VerifyCommandTest.verify("correct", "0.5", "--output", out.toString(),
                "--bundle", tmp.resolve("b").toString(), "--attest", "--key", k + "/attest.key"));
        assertEquals(0, v.code(), v.err());
        Path beside = tmp.resolve("r.intoto.jsonl");
        assertTrue(Files.isRegularFile(beside));
        assertEquals(Files.readString(beside), Files.readString(tmp.resolve("b/verification-result.intoto.jsonl")));
        assertEquals(0, CliRun.in(tmp, check(beside, k + "/attest.pub", out, "correct")).code());
        assertEquals(1, Files.readString(beside, StandardCharsets.UTF_8).split("\n").length, "one envelope, one line");
    }

    @Test
    void anEnvelopeThatCannotBeWrittenIsNamedNotTheResultBesideIt() throws Exception {
        String k = keys("ed25519");
        Path out = tmp.resolve("r.json");
        Path beside = Files.createDirectories(tmp.resolve("r.intoto.jsonl")); // --force lets the check pass; the write fails
        CliRun v = CliRun.in(ROOT, VerifyCommandTest.FIXED, new byte[0], VerifyCommandTest.verify("correct", "0.5", "--output",
                out.toString(), "--attest", "--key", k + "/attest.key", "--force"));
        assertEquals(2, v.code(), v.err());
        assertTrue(v.err().startsWith("patchverdict: " + beside + ": "), v.err());
        assertTrue(v.err().endsWith("is a folder, not a file\n"), v.err());
    }

    @Test
    void auditReportsTheSignatureAndCanRequireOne() throws Exception {
        String k = keys("ed25519");
        Path all = Files.createDirectories(tmp.resolve("bundles"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.5", "--bundle", all.resolve("signed").toString(),
                "--attest", "--key", k + "/attest.key")).code());
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.5", "--bundle", all.resolve("unsigned").toString())).code());
        CliRun plain = CliRun.in(tmp, "audit", "--format", "jsonl", all.toString());
        assertEquals(0, plain.code(), plain.out());
        assertTrue(plain.out().contains("SIGNATURE_UNCHECKED: "), plain.out());
        assertTrue(plain.out().contains("\"UNSIGNED: no verification-result.intoto.jsonl\""), plain.out());
        CliRun keyed = CliRun.in(tmp, "audit", "--key", k + "/attest.pub", all.toString());
        assertEquals(0, keyed.code(), keyed.out());
        assertTrue(keyed.out().contains("SIGNATURE_VALID: signed by the ed25519 key"), keyed.out());
        CliRun required = CliRun.in(tmp, "audit", "--key", k + "/attest.pub", "--require-signature", "--format", "jsonl", all.toString());
        assertEquals(1, required.code(), required.out());
        java.util.Map<String, String> verdicts = new java.util.TreeMap<>();
        for (String line : required.out().split("\n")) {
            JsonNode o = JSON.readTree(line);
            verdicts.put(o.path("bundle").asText(), o.path("verdict").asText());
        }
        assertEquals(java.util.Map.of("bundles/signed", "REPRODUCED", "bundles/unsigned", "TAMPERED"), verdicts);

        // the result edited after signing: the digests still match, the signature no longer covers it
        Path result = all.resolve("signed/verification-result.json");
        Files.writeString(result, Files.readString(result).replace("\"attempt\": 1", "\"attempt\": 2"));
        CliRun edited = CliRun.in(tmp, "audit", "--key", k + "/attest.pub", "--require-signature", all.resolve("signed").toString());
        assertEquals(1, edited.code(), edited.out());
        assertTrue(edited.out().startsWith("TAMPERED"), edited.out());
        assertTrue(edited.out().contains("SIGNATURE_INVALID: failed RESULT"), edited.out());
        assertEquals(64, CliRun.in(tmp, "audit", "--require-signature", all.toString()).code(), "requiring needs a key");
    }
}
