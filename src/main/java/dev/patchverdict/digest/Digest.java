// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.digest;

import com.google.re2j.Pattern;

/** A digest as the record family writes it: {@code sha256:} and 64 lowercase hex digits. */
public record Digest(String hex) {
    public static final String PREFIX = "sha256:";
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

    public Digest {
        if (hex == null || !HEX64.matcher(hex).matches()) {
            throw new IllegalArgumentException("not 64 lowercase hex digits: " + hex);
        }
    }

    /** Parses {@code sha256:<hex>}; anything else is an error naming the value. */
    public static Digest parse(String text) {
        if (text == null || !text.startsWith(PREFIX) || !HEX64.matcher(text.substring(PREFIX.length())).matches()) {
            throw new IllegalArgumentException("not a sha256 digest (sha256: and 64 lowercase hex digits): " + text);
        }
        return new Digest(text.substring(PREFIX.length()));
    }

    public static boolean isWellFormed(String text) {
        return text != null && text.startsWith(PREFIX) && HEX64.matcher(text.substring(PREFIX.length())).matches();
    }

    @Override
    public String toString() {
        return PREFIX + hex;
    }
}
