// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The digest is right at every size where the hashing changes strategy: empty, one byte, around the
 * inline threshold, and around multiples of the helper's chunk size (past the pool's count too, so chunks
 * are reused). Each size is read as an array, as a bulk stream and as a stream of a few bytes per read.
 */
class HasherBoundaryTest {
    private static List<Integer> sizes() {
        int t = Hasher.THRESHOLD;
        int c = Hasher.CHUNK;
        List<Integer> s = new ArrayList<>(List.of(0, 1, t - 1, t, t + 1));
        for (int k : new int[] {1, 2, 3, 4, 5, 7, 9}) {
            for (int d = -1; d <= 1; d++) {
                s.add(t + k * c + d);
                s.add(k * c + d);
            }
        }
        return s;
    }

    /** Diff-like text lines, so the reader goes through its normal line scanning, with some odd bytes. */
    private static byte[] input(int size, long seed) {
        byte[] b = new byte[size];
        Random r = new Random(seed);
        for (int i = 0; i < size; i++) {
            int x = r.nextInt(64);
            b[i] = (byte) (x == 0 ? '\n' : x == 1 ? r.nextInt(256) : 'a' + x % 26);
        }
        return b;
    }

    @Test
    void theReadersDigestIsTheDigestOfTheBytesAtEveryBoundary() {
        for (int size : sizes()) {
            if (size < 0) {
                continue;
            }
            byte[] data = input(size, size);
            String want = FuzzChecks.sha256(data);
            for (Profile p : List.of(Profile.STRICT, Profile.GIT)) {
                DiffReader.Options o = DiffReader.Options.DEFAULT;
                assertEquals(want, DiffReader.read(data, p, DiffVisitor.NONE, o).sha256(), "array of " + size);
                assertEquals(want, DiffReader.read(new ByteArrayInputStream(data), p, DiffVisitor.NONE, o).sha256(),
                        "stream of " + size);
                assertEquals(want, DiffReader.read(new FuzzChecks.Trickle(data, size), p, DiffVisitor.NONE, o).sha256(),
                        "trickle of " + size);
            }
        }
    }

    @Test
    void theHasherAloneIsRightForAnySplitOfTheInput() throws Exception {
        for (int size : sizes()) {
            if (size < 0) {
                continue;
            }
            byte[] data = input(size, ~size);
            String want = FuzzChecks.sha256(data);
            assertEquals(want, hex(Hasher.forArray(sha(), data).digest()), "forArray of " + size);
            // Pieces of varied length, from tiny to larger than a chunk, so both sides of every boundary are hit.
            Random r = new Random(size);
            for (int bound : new int[] {7, 4096, Hasher.CHUNK + 3, 3 * Hasher.CHUNK}) {
                Hasher h = new Hasher(sha());
                byte[] copy = Arrays.copyOf(data, data.length);
                for (int off = 0; off < size; ) {
                    int n = Math.min(size - off, 1 + r.nextInt(bound));
                    h.update(copy, off, n);
                    off += n;
                }
                assertEquals(want, hex(h.digest()), "pieces up to " + bound + " of " + size);
            }
        }
    }

    private static java.security.MessageDigest sha() throws Exception {
        return java.security.MessageDigest.getInstance("SHA-256");
    }

    private static String hex(byte[] d) {
        return java.util.HexFormat.of().formatHex(d);
    }
}
