// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Encodings, streams that are not regular files, and what messages may show of the input. */
class StrictJsonInputsTest {
    private final StrictJson json = StrictJson.withDefaults();

    @ParameterizedTest
    @CsvSource({"UTF-16LE,UTF-16LE", "UTF-16BE,UTF-16BE", "UTF-32LE,UTF-32LE", "UTF-32BE,UTF-32BE",
        "UTF-16,UTF-16BE (with a byte order mark)"})
    void otherEncodingsAreRefusedByName(String charset, String named) {
        byte[] doc = "{\"a\": \"\u00e9\"}".getBytes(Charset.forName(charset));
        JsonInputException e = assertThrows(JsonInputException.class, () -> json.read(doc));
        assertEquals("byte 0: the document looks like " + named + "; JSON records must be UTF-8", e.getMessage());
    }

    @Test
    void littleEndianByteOrderMarksAreNamed() {
        byte[] utf16 = {(byte) 0xFF, (byte) 0xFE, '{', 0, '}', 0};
        byte[] utf32 = {(byte) 0xFF, (byte) 0xFE, 0, 0, '{', 0, 0, 0, '}', 0, 0, 0};
        assertTrue(assertThrows(JsonInputException.class, () -> json.read(utf16)).getMessage()
                .contains("UTF-16LE (with a byte order mark)"));
        assertTrue(assertThrows(JsonInputException.class, () -> json.read(utf32)).getMessage()
                .contains("UTF-32LE (with a byte order mark)"));
    }

    /** A stream that hands out a few bytes per read, as a pipe does. */
    private static InputStream trickle(byte[] bytes) {
        return new InputStream() {
            int at;

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= bytes.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, 3), bytes.length - at);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    @Test
    void aStreamIsReadToItsEndWithinTheLimit() throws Exception {
        assertEquals("{\"a\":[1,2,3]}", CanonicalJson.string(json.read(trickle("{\"a\": [1, 2, 3]}".getBytes(StandardCharsets.UTF_8)))));
        StrictJson small = new StrictJson(new JsonLimits(64, 1 << 20, 1024, 1000));
        byte[] big = ("[" + "1,".repeat(600) + "1]").getBytes(StandardCharsets.UTF_8);
        JsonInputException e = assertThrows(JsonInputException.class, () -> small.read(trickle(big)));
        assertEquals("document is over the limit of 1024 bytes", e.getMessage());
    }

    @Test
    void aFifoIsReadToItsEnd(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("doc.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
        byte[] doc = ("{\"b\": \"" + "x".repeat(100_000) + "\", \"a\": 1}").getBytes(StandardCharsets.UTF_8);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(doc);
            } catch (Exception ex) {
                throw new RuntimeException(ex);
            }
        });
        assertEquals(1, json.read(fifo).get("a").intValue());
        writer.get(10, TimeUnit.SECONDS);
    }

    @Test
    void parseErrorsEscapeBidiZeroWidthAndControlCharacters() {
        for (String bad : new String[] {"[tru\u202eе]", "{\"a\": nul\u200bl}", "[x\u2066y]", "[fals\u0085e]"}) {
            JsonInputException e = assertThrows(JsonInputException.class,
                    () -> json.read(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8))));
            String m = e.getMessage();
            assertTrue(m.contains("\\u{"), m);
            assertFalse(m.chars().anyMatch(c -> c == 0x202e || c == 0x200b || c == 0x2066 || c == 0x85), m);
        }
    }
}
