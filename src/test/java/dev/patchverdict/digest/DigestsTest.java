// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DigestsTest {
    // FIPS 180-2 test vector for "abc"
    private static final String ABC = "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @Test
    void bytesFileAndStreamAgree(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("abc");
        Files.writeString(f, "abc", StandardCharsets.US_ASCII);
        assertEquals(ABC, Digests.bytes("abc".getBytes(StandardCharsets.US_ASCII)).toString());
        assertEquals(ABC, Digests.file(f).toString());
        assertEquals(ABC, Digests.stream(new ByteArrayInputStream("abc".getBytes(StandardCharsets.US_ASCII))).toString());
    }

    @Test
    void filesOfEverySizeAroundTheBufferSizesHashAndCountAsTheirBytes(@TempDir Path dir) throws Exception {
        // the read buffer follows the file's size between 8 KB and 64 KB: each edge of it, and past it
        java.util.Random random = new java.util.Random(7);
        for (int size : new int[] {0, 1, 8191, 8192, 8193, 65535, 65536, 65537, 200_000}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            Path f = dir.resolve("f" + size);
            Files.write(f, data);
            assertEquals(Digests.bytes(data), Digests.file(f), "file of " + size + " bytes");
            Digests.Measured m = Digests.measure(f);
            assertEquals(Digests.bytes(data), m.digest(), "measured file of " + size + " bytes");
            assertEquals(size, m.bytes());
        }
    }

    @Test
    void canonicalDigestOfAPowerOfTwoAgreesWithPython() throws Exception {
        // 2^-24: its shortest round-tripping form lies above the value, outside the nearer rounding.
        var node = dev.patchverdict.json.StrictJson.withDefaults().read("{\"a\":5.960464477539063e-08,\"b\":1}");
        assertEquals("sha256:ca5e6840133d49ca6b3827fb925856b8987d504c2729bee6d85648a942f066e1",
                Digests.canonical(node).toString());
    }

    @Test
    void streamsWithoutHoldingTheInput() throws Exception {
        // 64 MiB of zeros from a generator; only the digest is kept.
        long size = 64L << 20;
        InputStream zeros = new InputStream() {
            long left = size;

            @Override
            public int read() {
                return left-- > 0 ? 0 : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 0);
                left -= n;
                return n;
            }
        };
        java.security.MessageDigest md = Digests.newSha256();
        byte[] block = new byte[1 << 20];
        for (int i = 0; i < 64; i++) {
            md.update(block);
        }
        assertEquals(Digests.of(md), Digests.stream(zeros));
    }

    @Test
    void parsesOnlyTheRecordFamilyForm() {
        assertEquals(ABC, Digest.parse(ABC).toString());
        assertTrue(Digest.isWellFormed(ABC));
        assertFalse(Digest.isWellFormed(ABC.toUpperCase()));
        assertFalse(Digest.isWellFormed("sha256:abc"));
        assertFalse(Digest.isWellFormed("sha512:" + ABC.substring(7)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Digest.parse("md5:00"));
        assertTrue(e.getMessage().contains("md5:00"));
    }
}
