// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.digest.Digests;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KeysTest {
    @ParameterizedTest
    @EnumSource(KeyAlgorithm.class)
    void aPrivateKeyReadBackFromPemHasTheSamePublicKeyAndSigns(KeyAlgorithm a) throws Exception {
        SigningKey made = Fixtures.key(a, 7);
        SigningKey read = SigningKey.fromPem(made.pem());
        assertEquals(a, read.algorithm());
        assertArrayEquals(made.publicKey().spki(), read.publicKey().spki(), "the public half is derived from the PKCS#8 file");
        VerifyingKey pub = VerifyingKey.fromPem(made.publicKey().pem());
        byte[] msg = "message".getBytes(StandardCharsets.UTF_8);
        assertTrue(pub.verifies(msg, read.sign(msg)));
        assertFalse(pub.verifies("messagE".getBytes(StandardCharsets.UTF_8), read.sign(msg)));
        assertTrue(made.pem().startsWith("-----BEGIN PRIVATE KEY-----\n"));
        assertTrue(made.publicKey().pem().startsWith("-----BEGIN PUBLIC KEY-----\n"));
    }

    @Test
    void theKeyIdIsTheSha256OfTheSubjectPublicKeyInfo() {
        VerifyingKey k = Fixtures.key(KeyAlgorithm.ED25519, 3).publicKey();
        assertEquals(44, k.spki().length, "RFC 8410: 12 bytes of algorithm and 32 of key");
        assertEquals(Digests.bytes(k.spki()).hex(), k.keyId());
        assertEquals(2, k.keyIds().stream().distinct().count(), "securesystemslib's id differs and is accepted too");
    }

    @Test
    void anEd25519SignatureIs64BytesAndAnEcdsaOneIsDer() {
        byte[] msg = {1, 2, 3};
        assertEquals(64, Fixtures.key(KeyAlgorithm.ED25519, 4).sign(msg).length);
        byte[] der = Fixtures.key(KeyAlgorithm.ECDSA_P256, 4).sign(msg);
        assertEquals(0x30, der[0] & 0xff, "an ASN.1 SEQUENCE of r and s");
    }

    @Test
    void otherCurvesAndKeyKindsAreRefusedByName() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp384r1"));
        var p384 = g.generateKeyPair();
        assertEquals("an elliptic-curve key on another curve than P-256", assertThrows(KeyException.class,
                () -> SigningKey.fromPem(Pem.encode(Pem.PRIVATE, p384.getPrivate().getEncoded()))).getMessage());
        assertEquals("an elliptic-curve key on another curve than P-256", assertThrows(KeyException.class,
                () -> VerifyingKey.fromPem(Pem.encode(Pem.PUBLIC, p384.getPublic().getEncoded()))).getMessage());
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        assertEquals("not an Ed25519 or ECDSA P-256 private key (unencrypted PKCS#8)", assertThrows(KeyException.class,
                () -> SigningKey.fromPem(Pem.encode(Pem.PRIVATE, rsa.generateKeyPair().getPrivate().getEncoded()))).getMessage());
        String pub = Fixtures.key(KeyAlgorithm.ED25519, 5).publicKey().pem();
        assertEquals("a PEM PUBLIC KEY block, where a PRIVATE KEY block (PKCS#8) was expected",
                assertThrows(KeyException.class, () -> SigningKey.fromPem(pub)).getMessage());
        assertEquals("not PEM: no -----BEGIN PUBLIC KEY----- line",
                assertThrows(KeyException.class, () -> VerifyingKey.fromPem("hello")).getMessage());
    }
}
