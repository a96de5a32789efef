// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Checks one {@code literal}/{@code delta} hunk of a {@code GIT binary patch}: base-85 lines with a length
 * byte, which must inflate to exactly the announced size. Data is inflated in a fixed buffer and dropped,
 * so a large payload costs no memory.
 */
final class BinaryHunks {
    private static final String ALPHABET =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";
    private static final int[] DE85 = new int[256];

    static {
        java.util.Arrays.fill(DE85, -1);
        for (int i = 0; i < ALPHABET.length(); i++) {
            DE85[ALPHABET.charAt(i)] = i;
        }
    }

    /** Made at the first binary hunk: most patches have none, and an inflater and its buffer cost each reading. */
    private Inflater inflater;
    private byte[] out;
    private final byte[] decoded = new byte[64];
    private long produced;
    private long expected;
    private boolean failed;

    void start(long expectedSize) {
        if (inflater == null) {
            inflater = new Inflater();
            out = new byte[1 << 15];
        } else {
            inflater.reset();
        }
        produced = 0;
        expected = expectedSize;
        failed = false;
    }

    /**
     * Decodes one data line [s, s + llen). Returns false when the line is malformed; the caller has already
     * ruled out the blank line that ends the hunk.
     */
    boolean line(byte[] b, int s, int llen) {
        if (llen < 7 || (llen - 2) % 5 != 0) {
            return false;
        }
        int maxByteLength = (llen - 2) / 5 * 4;
        int c = b[s];
        int byteLength;
        if (c >= 'A' && c <= 'Z') {
            byteLength = c - 'A' + 1;
        } else if (c >= 'a' && c <= 'z') {
            byteLength = c - 'a' + 27;
        } else {
            return false;
        }
        if (maxByteLength < byteLength || byteLength <= maxByteLength - 4) {
            return false;
        }
        if (!decode85(b, s + 1, byteLength)) {
            return false;
        }
        feed(decoded, byteLength);
        return true;
    }

    private boolean decode85(byte[] b, int p, int len) {
        int d = 0;
        while (len > 0) {
            long acc = 0;
            for (int k = 0; k < 4; k++) {
                int de = DE85[b[p++] & 0xff];
                if (de < 0) {
                    return false;
                }
                acc = acc * 85 + de;
            }
            int de = DE85[b[p++] & 0xff];
            if (de < 0) {
                return false;
            }
            // The fifth digit must not carry the group past 32 bits.
            if (0xffffffffL / 85 < acc || 0xffffffffL - de < (acc *= 85)) {
                return false;
            }
            acc += de;
            int cnt = Math.min(len, 4);
            len -= cnt;
            for (int k = 0; k < cnt; k++) {
                decoded[d++] = (byte) (acc >>> (24 - 8 * k));
            }
        }
        return true;
    }

    private void feed(byte[] data, int n) {
        if (failed || n == 0) {
            return;
        }
        if (inflater.finished()) {
            return; // bytes after the end of the stream are ignored, as zlib does
        }
        inflater.setInput(data, 0, n);
        try {
            while (!inflater.finished() && !inflater.needsInput()) {
                if (inflater.needsDictionary()) {
                    failed = true;
                    return;
                }
                int r = inflater.inflate(out);
                produced += r;
                if (produced > expected) {
                    failed = true;
                    return;
                }
                if (r == 0 && !inflater.finished() && !inflater.needsInput()) {
                    if (inflater.needsDictionary()) {
                        failed = true;
                    }
                    return;
                }
            }
        } catch (DataFormatException e) {
            failed = true;
        }
    }

    /** The whole hunk inflated to exactly the announced size. */
    boolean finish() {
        return !failed && inflater != null && inflater.finished() && produced == expected;
    }

    void close() {
        if (inflater != null) {
            inflater.end();
        }
    }
}
