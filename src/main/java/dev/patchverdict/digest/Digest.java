// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.digest;

/** A digest as the record family writes it: {@code sha256:} and 64 lowercase hex digits. */
public record Digest(String hex) {
    public static final String PREFIX = "sha256:";

    public Digest {
        if (!isHex64(hex, 0)) {
            throw new IllegalArgumentException("not 64 lowercase hex digits: " + hex);
        }
    }

    /** Parses {@code sha256:<hex>}; anything else is an error naming the value. */
    public static Digest parse(String text) {
        if (!isWellFormed(text)) {
            throw new IllegalArgumentException("not a sha256 digest (sha256: and 64 lowercase hex digits): " + text);
        }
        return new Digest(text.substring(PREFIX.length()));
    }

    public static boolean isWellFormed(String text) {
        return text != null && text.startsWith(PREFIX) && isHex64(text, PREFIX.length());
    }

    /** Exactly 64 lowercase hex digits from {@code from} to the end (every digest made is checked: no regex). */
    private static boolean isHex64(String s, int from) {
        if (s == null || s.length() - from != 64) {
            return false;
        }
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return PREFIX + hex;
    }
}
