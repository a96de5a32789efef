// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile documents fail with a clear, located message; none is accepted, none hangs. */
@Timeout(60)
class StrictJsonHostileTest {
    private final StrictJson json = StrictJson.withDefaults();

    private String rejection(byte[] doc) {
        return assertThrows(JsonInputException.class, () -> json.read(doc)).getMessage();
    }

    private String rejection(String doc) {
        return rejection(doc.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void deeplyNestedArrays() {
        String doc = "[".repeat(100_000) + "]".repeat(100_000);
        String msg = rejection(doc);
        assertTrue(msg.contains("nesting depth") || msg.contains("Depth"), msg);
    }

    @Test
    void nestingJustInsideTheLimitIsRead() throws Exception {
        int depth = JsonLimits.DEFAULT.maxDepth();
        json.read("[".repeat(depth) + "]".repeat(depth));
    }

    @Test
    void hundredMegabyteString() {
        byte[] doc = new byte[100 * 1024 * 1024 + 2];
        Arrays.fill(doc, (byte) 'a');
        doc[0] = '"';
        doc[doc.length - 1] = '"';
        String msg = rejection(doc);
        assertTrue(msg.contains("over the limit"), msg);
    }

    @Test
    void longStringWithinDocumentLimit() {
        StrictJson small = new StrictJson(new JsonLimits(64, 1000, 1 << 20, 100));
        String msg = assertThrows(JsonInputException.class, () -> small.read("\"" + "x".repeat(5000) + "\"")).getMessage();
        assertTrue(msg.contains("String value length") || msg.contains("length"), msg);
    }

    @Test
    void invalidUtf8() {
        String msg = rejection(new byte[] {'"', (byte) 0xC3, (byte) 0x28, '"'});
        assertEquals("byte 1: invalid UTF-8 (0xc3)", msg);
    }

    @Test
    void overlongUtf8AndEncodedSurrogates() {
        assertTrue(rejection(new byte[] {'"', (byte) 0xC0, (byte) 0xAF, '"'}).startsWith("byte 1: invalid UTF-8"));
        assertTrue(rejection(new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}).startsWith("byte 1: invalid UTF-8"));
        assertTrue(rejection(new byte[] {'"', (byte) 0xF0, (byte) 0x9F, '"'}).startsWith("byte 1: invalid UTF-8"));
    }

    @Test
    void loneSurrogateEscape() {
        String msg = rejection("{\"k\": [\"ok\", \"\\ud800x\"]}");
        assertEquals("/k/1: string holds a lone surrogate \\ud800 at index 0, which UTF-8 cannot encode", msg);
        assertTrue(rejection("{\"\\udc00\": 1}").contains("surrogate"));
    }

    @Test
    void pairedSurrogateEscapeIsFine() throws Exception {
        assertEquals("\uD83D\uDE00", json.read("\"\\ud83d\\ude00\"").textValue());
    }

    @Test
    void rejectsNonStandardJson() {
        String[][] cases = {
            {"{\"a\":1,\"a\":2}", "Duplicate field 'a'"},
            {"{\"a\":1} {}", "Trailing token"},
            {"[NaN]", "Non-standard token 'NaN'"},
            {"[1e400]", "out of range"},
            {"// c\n{}", "comments"},
            {"{'a':1}", "expecting double-quote"},
            {"[01]", "Leading zeroes"},
        };
        for (String[] c : cases) {
            String msg = rejection(c[0]);
            assertTrue(msg.toLowerCase().contains(c[1].toLowerCase()), c[0] + " -> " + msg);
        }
    }

    @Test
    void emptyDocument() {
        assertEquals("empty document: expected one JSON value", rejection("  \n"));
    }

    @Test
    void byteOrderMark() {
        assertEquals("byte 0: a UTF-8 byte order mark is not allowed",
                rejection(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'}));
    }

    @Test
    void messagesCarryALocation() {
        String msg = rejection("{\n  \"a\": tru\n}");
        assertTrue(msg.startsWith("line 2, column"), msg);
    }

    @Test
    void numbersKeepTheirKind() throws Exception {
        assertTrue(json.read("1").isInt());
        assertTrue(json.read("1.0").isDouble());
        assertTrue(json.read("\"1\"").isTextual());
        assertTrue(json.read("123456789012345678901234567890").isBigInteger());
    }
}
