// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The buffered line reader against the plain definition: split at each line feed, keep limit + 1 bytes of a line. */
class LineReaderTest {
    @Property(tries = 200)
    void splitsAsThePlainDefinition(@ForAll("inputs") byte[] input, @ForAll @IntRange(min = 1, max = 70_000) int chunk,
            @ForAll @IntRange(min = 0, max = 40) int limit) throws IOException {
        assertEquals(plain(input, limit), read(new Inputs.LineReader(chunked(input, chunk), limit)));
        assertEquals(plain(input, Inputs.MAX_LINE_BYTES), read(new Inputs.LineReader(chunked(input, chunk))));
    }

    @Provide
    Arbitrary<byte[]> inputs() {
        // mostly line feeds and a few other bytes, some inputs longer than the reader's 64 KB buffer
        Arbitrary<Byte> bytes = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, Arbitraries.just((byte) '\n')),
                net.jqwik.api.Tuple.of(6, Arbitraries.bytes()));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, bytes.array(byte[].class).ofMaxSize(200)),
                net.jqwik.api.Tuple.of(1, bytes.array(byte[].class).ofMinSize(65_000).ofMaxSize(140_000)));
    }

    @Test
    void anEmptyInputHasNoLineAndALastLineNeedsNoLineFeed() throws IOException {
        assertNull(new Inputs.LineReader(new ByteArrayInputStream(new byte[0])).next());
        Inputs.LineReader r = new Inputs.LineReader(new ByteArrayInputStream("\nab".getBytes()));
        assertArrayEquals(new byte[0], r.next());
        assertArrayEquals("ab".getBytes(), r.next());
        assertNull(r.next());
    }

    @Test
    void aLineLongerThanTheBufferIsKeptWholeAndALineOverTheLimitIsCut() throws IOException {
        byte[] line = new byte[200_000];
        java.util.Arrays.fill(line, (byte) 'x');
        byte[] input = new byte[line.length * 2 + 2];
        System.arraycopy(line, 0, input, 0, line.length);
        input[line.length] = '\n';
        System.arraycopy(line, 0, input, line.length + 1, line.length);
        input[input.length - 1] = '\n';
        Inputs.LineReader whole = new Inputs.LineReader(new ByteArrayInputStream(input));
        assertEquals(line.length, whole.next().length);
        assertEquals(line.length, whole.next().length);
        Inputs.LineReader cut = new Inputs.LineReader(new ByteArrayInputStream(input), 100_000);
        assertEquals(100_001, cut.next().length);
        assertEquals(100_001, cut.next().length);
        assertNull(cut.next());
    }

    /** The definition: a byte at a time. */
    private static List<String> plain(byte[] input, long limit) {
        List<String> out = new ArrayList<>();
        ByteArrayOutputStream b = null;
        long n = 0;
        for (byte x : input) {
            if (b == null) {
                b = new ByteArrayOutputStream();
                n = 0;
            }
            if (x == '\n') {
                out.add(hex(b.toByteArray()));
                b = null;
            } else if (n++ <= limit) {
                b.write(x);
            }
        }
        if (b != null) {
            out.add(hex(b.toByteArray()));
        }
        return out;
    }

    private static List<String> read(Inputs.LineReader r) throws IOException {
        List<String> out = new ArrayList<>();
        for (byte[] l; (l = r.next()) != null; ) {
            out.add(hex(l));
        }
        return out;
    }

    private static String hex(byte[] b) {
        return java.util.HexFormat.of().formatHex(b);
    }

    /** A stream that hands out at most {@code chunk} bytes a read, as a pipe does. */
    private static InputStream chunked(byte[] data, int chunk) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }
}
