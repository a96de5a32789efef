// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SameBytesTest {
    private final SameBytes same = new SameBytes();
    private final AtomicInteger reads = new AtomicInteger();

    private SameBytes.Read read(String text) throws JsonInputException {
        return same.of(text.getBytes(StandardCharsets.UTF_8), b -> {
            reads.incrementAndGet();
            return new SameBytes.Read((ObjectNode) StrictJson.withDefaults().read(b));
        });
    }

    @Test
    void theSameBytesAreReadOnceAndEachCallerGetsItsOwnCopy() throws Exception {
        ObjectNode first = read("{\"a\": 1}").copy();
        first.put("a", 2);
        assertEquals("{\"a\":1}", read("{\"a\": 1}").copy().toString());
        assertEquals(1, reads.get());
        assertEquals(read("{\"a\": 1}").canonical(), read("{\"a\":1}").canonical());
        assertEquals(2, reads.get());
    }

    @Test
    void bytesThatDifferInOneByteAreReadOnTheirOwn() throws Exception {
        assertEquals("{\"a\":1}", read("{\"a\": 1}").copy().toString());
        assertEquals("{\"a\":2}", read("{\"a\": 2}").copy().toString());
        assertEquals(2, reads.get());
    }

    @Test
    void aFailedReadIsNotKept() {
        assertThrows(JsonInputException.class, () -> read("{\"a\": 1,}"));
        assertThrows(JsonInputException.class, () -> read("{\"a\": 1,}"));
        assertEquals(2, reads.get());
    }

    @Test
    void aLargeDocumentIsReadEveryTime() throws Exception {
        String large = "{\"a\": \"" + "x".repeat(SameBytes.MAX_BYTES) + "\"}";
        read(large);
        read(large);
        assertEquals(2, reads.get());
    }

    @Test
    void onlyTheLastFewDocumentsAreKept() throws Exception {
        for (int i = 0; i <= SameBytes.MAX_ENTRIES; i++) {
            read("{\"a\": " + i + "}");
        }
        read("{\"a\": 0}");
        assertEquals(SameBytes.MAX_ENTRIES + 2, reads.get());
    }
}
