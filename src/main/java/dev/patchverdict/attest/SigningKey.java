// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Objects;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.SubjectPublicKeyInfoFactory;

/**
 * A private key that signs attestations, with its public half. The JDK signs; Bouncy Castle only
 * derives the public key from a PKCS#8 file, which the JDK cannot do for Ed25519.
 */
public final class SigningKey {
    /** The order of P-256's base point (SEC 2), to tell P-256 from other 256-bit curves. */
    private static final BigInteger P256_ORDER =
            new BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);

    private final PrivateKey key;
    private final VerifyingKey publicKey;

    private SigningKey(PrivateKey key, VerifyingKey publicKey) {
        this.key = Objects.requireNonNull(key, "key");
        this.publicKey = Objects.requireNonNull(publicKey, "publicKey");
    }

    /** A new key pair from the given source of randomness. */
    public static SigningKey generate(KeyAlgorithm algorithm, SecureRandom random) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm.jcaKey());
            if (algorithm == KeyAlgorithm.ECDSA_P256) {
                g.initialize(new ECGenParameterSpec("secp256r1"), random);
            } else {
                g.initialize(255, random);
            }
            KeyPair pair = g.generateKeyPair();
            return new SigningKey(pair.getPrivate(), new VerifyingKey(algorithm, pair.getPublic()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK provides " + algorithm.wire(), e);
        }
    }

    /** Reads a PEM {@code PRIVATE KEY} (unencrypted PKCS#8) holding an Ed25519 or a P-256 key. */
    public static SigningKey fromPem(String pem) throws KeyException {
        byte[] der = Pem.decode(pem, Pem.PRIVATE);
        for (KeyAlgorithm a : KeyAlgorithm.values()) {
            PrivateKey k;
            try {
                k = KeyFactory.getInstance(a.jcaKey()).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                continue;
            }
            if (a == KeyAlgorithm.ECDSA_P256 && !isP256(((ECPrivateKey) k).getParams())) {
                throw new KeyException("an elliptic-curve key on another curve than P-256");
            }
            return new SigningKey(k, VerifyingKey.fromSpki(publicSpki(der)));
        }
        throw new KeyException("not an Ed25519 or ECDSA P-256 private key (unencrypted PKCS#8)");
    }

    static boolean isP256(ECParameterSpec params) {
        return params.getOrder().equals(P256_ORDER) && params.getCurve().getField().getFieldSize() == 256;
    }

    private static byte[] publicSpki(byte[] pkcs8) throws KeyException {
        try {
            AsymmetricKeyParameter p = PrivateKeyFactory.createKey(pkcs8);
            AsymmetricKeyParameter pub;
            if (p instanceof Ed25519PrivateKeyParameters ed) {
                pub = ed.generatePublicKey();
            } else if (p instanceof ECPrivateKeyParameters ec) {
                ECDomainParameters d = ec.getParameters();
                pub = new ECPublicKeyParameters(d.getG().multiply(ec.getD()).normalize(), d);
            } else {
                throw new KeyException("not an Ed25519 or ECDSA P-256 private key");
            }
            return SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(pub).getEncoded("DER");
        } catch (IOException | RuntimeException e) {
            throw new KeyException("cannot derive the public key: " + e.getMessage(), e);
        }
    }

    public VerifyingKey publicKey() {
        return publicKey;
    }

    public KeyAlgorithm algorithm() {
        return publicKey.algorithm();
    }

    /** The unencrypted PKCS#8 PEM of the private key. */
    public String pem() {
        return Pem.encode(Pem.PRIVATE, key.getEncoded());
    }

    /** This key's signature of {@code message}: 64 bytes for Ed25519, ASN.1 DER for ECDSA (as DSSE signers write it). */
    public byte[] sign(byte[] message) {
        try {
            Signature s = Signature.getInstance(algorithm().jcaSignature());
            s.initSign(key);
            s.update(message);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK signs with " + algorithm().wire(), e);
        }
    }
}
