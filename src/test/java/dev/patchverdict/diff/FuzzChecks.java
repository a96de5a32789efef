// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.text.Utf8;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What must hold for any input at all: the reader returns (never throws), reads every byte, hashes them
 * right, keeps its positions inside the input, and reads a trickling stream exactly as it reads an array.
 */
final class FuzzChecks {
    private FuzzChecks() {}

    /** A stream that hands out a few bytes per read, to push the reader's window through every edge. */
    static final class Trickle extends InputStream {
        private final byte[] data;
        private int pos;
        private int step;

        Trickle(byte[] data, int seed) {
            this.data = data;
            this.step = seed;
        }

        @Override
        public int read() {
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= data.length) {
                return -1;
            }
            step = step * 1103515245 + 12345;
            int n = Math.min(Math.min(len, data.length - pos), 1 + ((step >>> 16) & 15));
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    static void check(byte[] input) {
        String sha = sha256(input);
        for (Profile profile : List.of(Profile.GIT, Profile.STRICT)) {
            List<String> events = new ArrayList<>();
            DiffOutcome whole = DiffReader.read(input, profile, recorder(events, input.length), DiffReader.Options.DEFAULT);
            List<String> streamed = new ArrayList<>();
            DiffOutcome trickled = DiffReader.read(new Trickle(input, input.length), profile,
                    recorder(streamed, input.length), new DiffReader.Options(true, 1024));
            assertEquals(input.length, whole.bytes(), "bytes read");
            assertEquals(sha, whole.sha256(), "hash of the array");
            assertEquals(sha, trickled.sha256(), "hash of the stream");
            assertEquals(whole.accepted(), whole.errors() == 0);
            boolean tooLong = streamed.stream().anyMatch(e -> e.contains("LINE_TOO_LONG"));
            if (!tooLong) {
                if (!events.equals(streamed)) {
                    int i = 0;
                    while (i < Math.min(events.size(), streamed.size()) && events.get(i).equals(streamed.get(i))) {
                        i++;
                    }
                    throw new AssertionError(profile.name() + ": array and trickling stream read differently at event " + i
                            + ":\n array:  " + (i < events.size() ? events.get(i) : "<end>")
                            + "\n stream: " + (i < streamed.size() ? streamed.get(i) : "<end>"));
                }
                assertEquals(whole, trickled);
            }
        }
    }

    private static DiffVisitor recorder(List<String> events, long size) {
        return new DiffVisitor() {
            long lastOffset = -1;

            @Override
            public void onSectionStart(FileHeader header) {
                assertTrue(header.offset() > lastOffset && header.offset() < size, "section offset");
                lastOffset = header.offset();
                events.add("S" + header);
            }

            @Override
            public void onHunk(HunkHeader header) {
                assertTrue(header.offset() > lastOffset && header.offset() < size, "hunk offset");
                lastOffset = header.offset();
                events.add("H" + header);
            }

            @Override
            public void onLine(DiffLine line) {
                assertTrue(line.offset() > lastOffset && line.offset() < size, "line offset");
                assertTrue(line.length() >= 0 && line.offset() + line.length() <= size, "line length");
                lastOffset = line.offset();
                events.add("L" + line.snapshot());
            }

            @Override
            public void onHunkEnd(Hunk hunk) {
                assertTrue(hunk.endOffset() <= size);
                events.add("h" + hunk);
            }

            @Override
            public void onSectionEnd(FileSection section) {
                assertTrue(section.endOffset() <= size);
                assertTrue(section.numstatLine().length > 0);
                events.add("s" + section);
            }

            @Override
            public void onDiagnostic(Diagnostic d) {
                assertTrue(d.offset() <= size, "diagnostic offset " + d);
                assertTrue(d.message().codePoints().noneMatch(c -> c < 0x20 || Utf8.isInvisible(c)),
                        "message carries a control or invisible character: " + d);
                events.add("D" + d);
            }
        };
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static InputStream stream(byte[] b) {
        return new ByteArrayInputStream(b);
    }
}
