// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One output stream of a run, as kept: at most the per-stream cap of bytes, plus how many bytes
 * the program wrote in all. The digest covers the kept bytes.
 */
public record CapturedOutput(byte[] bytes, long totalBytes, Digest digest) {
    public CapturedOutput {
        bytes = bytes.clone();
        if (totalBytes < bytes.length) {
            throw new IllegalArgumentException("total bytes " + totalBytes + " < kept bytes " + bytes.length);
        }
        if (!digest.equals(Digests.bytes(bytes))) {
            throw new IllegalArgumentException("digest does not match the kept bytes");
        }
    }

    public static CapturedOutput of(byte[] kept, long totalBytes) {
        return new CapturedOutput(kept, totalBytes, Digests.bytes(kept));
    }

    public static CapturedOutput empty() {
        return of(new byte[0], 0);
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The program wrote more than the cap; the kept bytes are a prefix. */
    public boolean truncated() {
        return totalBytes > bytes.length;
    }

    public int length() {
        return bytes.length;
    }

    /** The kept bytes decoded as UTF-8, invalid sequences replaced (for reports only). */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapturedOutput c && totalBytes == c.totalBytes && Arrays.equals(bytes, c.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bytes) + Long.hashCode(totalBytes);
    }

    @Override
    public String toString() {
        return "CapturedOutput[" + bytes.length + " of " + totalBytes + " bytes, " + digest + "]";
    }
}
