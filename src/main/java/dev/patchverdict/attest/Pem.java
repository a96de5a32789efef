// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.attest;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** PEM armour (RFC 7468): one labelled block of standard base64, 64 characters a line. */
final class Pem {
    static final String PRIVATE = "PRIVATE KEY";
    static final String PUBLIC = "PUBLIC KEY";

    private Pem() {}

    static String encode(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }

    /** The DER inside the first block with this label; anything else is a KeyException naming what was found. */
    static byte[] decode(String text, String label) throws KeyException {
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int b = text.indexOf(begin);
        if (b < 0) {
            int other = text.indexOf("-----BEGIN ");
            if (other >= 0) {
                int close = text.indexOf("-----", other + 11);
                String found = close > other ? text.substring(other + 11, close) : "?";
                throw new KeyException("a PEM " + found + " block, where a " + label + " block (" + (PRIVATE.equals(label)
                        ? "PKCS#8" : "SubjectPublicKeyInfo") + ") was expected");
            }
            throw new KeyException("not PEM: no " + begin + " line");
        }
        int e = text.indexOf(end, b);
        if (e < 0) {
            throw new KeyException("PEM block without its " + end + " line");
        }
        try {
            return Base64.getMimeDecoder().decode(text.substring(b + begin.length(), e).strip());
        } catch (IllegalArgumentException ex) {
            throw new KeyException("PEM body is not base64: " + ex.getMessage());
        }
    }
}
