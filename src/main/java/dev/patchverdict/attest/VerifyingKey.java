// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import dev.patchverdict.digest.Digests;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.commons.codec.binary.Hex;

/**
 * A public key that checks attestations: its algorithm, the JDK key and its SubjectPublicKeyInfo
 * DER. Its key id is the SHA-256 of that DER in hex; {@link #securesystemslibKeyId()} is the id
 * securesystemslib computes for the same key, which an envelope signed there carries.
 */
public final class VerifyingKey {
    private final KeyAlgorithm algorithm;
    private final PublicKey key;
    private final byte[] spki;

    VerifyingKey(KeyAlgorithm algorithm, PublicKey key) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.key = Objects.requireNonNull(key, "key");
        this.spki = key.getEncoded();
    }

    /** Reads a PEM {@code PUBLIC KEY} (SubjectPublicKeyInfo) holding an Ed25519 or a P-256 key. */
    public static VerifyingKey fromPem(String pem) throws KeyException {
        return fromSpki(Pem.decode(pem, Pem.PUBLIC));
    }

    static VerifyingKey fromSpki(byte[] der) throws KeyException {
        for (KeyAlgorithm a : KeyAlgorithm.values()) {
            PublicKey k;
            try {
                k = KeyFactory.getInstance(a.jcaKey()).generatePublic(new X509EncodedKeySpec(der));
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                continue;
            }
            if (a == KeyAlgorithm.ECDSA_P256 && !SigningKey.isP256(((ECPublicKey) k).getParams())) {
                throw new KeyException("an elliptic-curve key on another curve than P-256");
            }
            return new VerifyingKey(a, k);
        }
        throw new KeyException("not an Ed25519 or ECDSA P-256 public key (SubjectPublicKeyInfo)");
    }

    public KeyAlgorithm algorithm() {
        return algorithm;
    }

    public byte[] spki() {
        return spki.clone();
    }

    public String pem() {
        return Pem.encode(Pem.PUBLIC, spki);
    }

    /** SHA-256 of the SubjectPublicKeyInfo DER, 64 lowercase hex digits: the id patchverdict writes. */
    public String keyId() {
        return Digests.bytes(spki).hex();
    }

    /**
     * The id securesystemslib (1.x, {@code compute_default_keyid}) gives this key: SHA-256 of the
     * canonical JSON of {@code {keytype, scheme, keyval: {public}}}, where an Ed25519 public key is
     * its 32 bytes in hex and a P-256 key its SubjectPublicKeyInfo in PEM.
     */
    public String securesystemslibKeyId() {
        String keytype;
        String scheme;
        String pub;
        if (algorithm == KeyAlgorithm.ED25519) {
            keytype = "ed25519";
            scheme = "ed25519";
            // the raw key is the last 32 bytes of its SubjectPublicKeyInfo (RFC 8410)
            pub = Hex.encodeHexString(Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        } else {
            keytype = "ecdsa";
            scheme = "ecdsa-sha2-nistp256";
            pub = pem();
        }
        // securesystemslib's canonical JSON (OLPC's) escapes only backslash and quote: the PEM's newlines stay raw
        String canonical = "{\"keytype\":\"" + keytype + "\",\"keyval\":{\"public\":\"" + pub + "\"},\"scheme\":\"" + scheme + "\"}";
        return Digests.bytes(canonical.getBytes(java.nio.charset.StandardCharsets.US_ASCII)).hex();
    }

    /** Every id an envelope's signature may carry for this key. */
    public List<String> keyIds() {
        return List.of(keyId(), securesystemslibKeyId());
    }

    /** True when {@code signature} is this key's signature of {@code message}; a malformed signature is false. */
    public boolean verifies(byte[] message, byte[] signature) {
        try {
            Signature s = Signature.getInstance(algorithm.jcaSignature());
            s.initVerify(key);
            s.update(message);
            return s.verify(signature);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
