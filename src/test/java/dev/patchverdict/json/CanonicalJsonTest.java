// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final StrictJson json = StrictJson.withDefaults();

    /** Expected bytes are what Python's json.dumps(sort_keys, compact, ensure_ascii=False) writes. */
    @Test
    void writesTheUpstreamSerialisation() throws Exception {
        JsonNode value = json.read("{\"\uD83D\uDE00\":1,\"\uE000\":2,\"a\":3,\"\u007F\":\"\\u0000\\u001f\u2028\u00e9/\\\"\\\\\","
                + "\"b\":[true,null,12345678901234567890123]}");
        assertEquals("{\"a\":3,\"b\":[true,null,12345678901234567890123],\"\u007F\":\"\\u0000\\u001f\u2028\u00e9/\\\"\\\\\","
                + "\"\uE000\":2,\"\uD83D\uDE00\":1}", CanonicalJson.string(value));
    }

    @Test
    void escapesOnlyWhatJsonRequires() throws Exception {
        JsonNode value = json.read("[\"\\b\\f\\n\\r\\t\\u0001\\u001b/\"]");
        assertEquals("[\"\\b\\f\\n\\r\\t\\u0001\\u001b/\"]", CanonicalJson.string(value));
    }

    @Test
    void keepsIntegersAndFractionsApart() throws Exception {
        assertEquals("[1,1.0,-0.0,1e-05,1e+16,18446744073709551616]",
                CanonicalJson.string(json.read("[1, 1.0, -0.0, 0.00001, 1e16, 18446744073709551616]")));
    }

    @Test
    void ordersKeysByCodePointNotUtf16() {
        // U+FF5E sorts before U+1F600 by code point, after it in UTF-16 (surrogates are 0xD83D).
        ObjectNode o = F.objectNode();
        o.put("\uD83D\uDE00", 1);
        o.put("\uFF5E", 2);
        assertEquals("{\"\uFF5E\":2,\"\uD83D\uDE00\":1}", CanonicalJson.string(o));
        assertTrue(CanonicalJson.compareCodePoints("\uFF5E", "\uD83D\uDE00") < 0);
        assertTrue("\uFF5E".compareTo("\uD83D\uDE00") > 0);
    }

    @Test
    void knownDigest() throws Exception {
        // sha256 of the 2 bytes "{}" is a published constant
        assertEquals("sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
                Digests.canonical(json.read(" { } ")).toString());
    }

    @Test
    void refusesNonFiniteNumbers() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.string(F.numberNode(Double.NaN)));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.string(F.numberNode(Double.POSITIVE_INFINITY)));
    }

    @Property(tries = 500)
    void canonicalBytesReadBackToTheSameDigest(@ForAll("values") JsonNode value) throws Exception {
        byte[] bytes = CanonicalJson.bytes(value);
        JsonNode back = json.read(bytes);
        assertEquals(new String(bytes, java.nio.charset.StandardCharsets.UTF_8), CanonicalJson.string(back));
        assertEquals(Digests.canonical(value), Digests.canonical(back));
    }

    @Property(tries = 300)
    void serialisationIsIndependentOfInsertionOrder(@ForAll("objects") ObjectNode value) {
        ObjectNode reversed = F.objectNode();
        List<String> names = new java.util.ArrayList<>();
        value.fieldNames().forEachRemaining(names::add);
        java.util.Collections.reverse(names);
        for (String n : names) {
            reversed.set(n, value.get(n));
        }
        assertEquals(CanonicalJson.string(value), CanonicalJson.string(reversed));
    }

    @Property(tries = 200)
    void deeplyNestedValuesSurviveTheRoundTrip(@ForAll("deep") JsonNode value) throws Exception {
        byte[] bytes = CanonicalJson.bytes(value);
        assertEquals(Digests.canonical(value), Digests.canonical(json.read(bytes)));
    }

    /** Chains of arrays and objects up to the reader's depth limit, with a scalar at the bottom. */
    @Provide
    Arbitrary<JsonNode> deep() {
        int limit = JsonLimits.DEFAULT.maxDepth();
        return Arbitraries.integers().between(1, limit).flatMap(depth -> Arbitraries.of(true, false).list().ofSize(depth)
                .flatMap(kinds -> scalar().flatMap(leaf -> keys().map(key -> {
                    JsonNode node = leaf;
                    for (boolean isArray : kinds) {
                        if (isArray) {
                            ArrayNode a = F.arrayNode();
                            a.add(node);
                            node = a;
                        } else {
                            ObjectNode o = F.objectNode();
                            o.set(key, node);
                            node = o;
                        }
                    }
                    return node;
                }))));
    }

    @Provide
    Arbitrary<JsonNode> values() {
        return value(4);
    }

    @Provide
    Arbitrary<ObjectNode> objects() {
        return Arbitraries.maps(keys(), value(2)).ofMaxSize(8).map(m -> {
            ObjectNode o = F.objectNode();
            m.forEach(o::set);
            return o;
        });
    }

    private static Arbitrary<String> keys() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(6),
                Arbitraries.strings().withCharRange('\uE000', '\uFFFF').ofMaxLength(3),
                Arbitraries.integers().between(0x10000, 0x10FFFF).list().ofMaxSize(3).map(cps -> {
                    StringBuilder sb = new StringBuilder();
                    cps.forEach(sb::appendCodePoint);
                    return sb.toString();
                }),
                Arbitraries.strings().withCharRange('\u0000', '\u001f').ofMaxLength(3))
                .filter(s -> dev.patchverdict.text.Utf8.firstLoneSurrogate(s) < 0);
    }


    private static Arbitrary<JsonNode> scalar() {
        return Arbitraries.oneOf(
                keys().map(F::textNode),
                Arbitraries.longs().map(F::numberNode),
                Arbitraries.bigIntegers().between(BigInteger.TWO.pow(63).negate().shiftLeft(40), BigInteger.TWO.pow(103))
                        .map(F::numberNode),
                Arbitraries.doubles().filter(Double::isFinite).map(F::numberNode),
                Arbitraries.of(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e16, 1e-5).map(F::numberNode),
                Arbitraries.of(F.booleanNode(true), F.booleanNode(false), F.nullNode()));
    }

    private static Arbitrary<JsonNode> value(int depth) {
        if (depth == 0) {
            return scalar();
        }
        Arbitrary<JsonNode> inner = Arbitraries.lazy(() -> value(depth - 1));
        Arbitrary<JsonNode> arrays = inner.list().ofMaxSize(4).map(l -> {
            ArrayNode a = F.arrayNode();
            l.forEach(a::add);
            return a;
        });
        Arbitrary<JsonNode> objects = Arbitraries.maps(keys(), inner).ofMaxSize(4).map(m -> {
            ObjectNode o = F.objectNode();
            m.forEach(o::set);
            return o;
        });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, scalar()), net.jqwik.api.Tuple.of(1, arrays), net.jqwik.api.Tuple.of(1, objects));
    }

    /** The comparison decides at the first differing UTF-16 unit below the surrogates, else by code points. */
    @Property(tries = 3000)
    void comparesAsCodePointSequencesDo(@ForAll("mixedText") String a, @ForAll("mixedText") String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        assertEquals(Integer.signum(java.util.Arrays.compare(x, y)), Integer.signum(CanonicalJson.compareCodePoints(a, b)),
                () -> "compare " + a.codePoints().boxed().toList() + " with " + b.codePoints().boxed().toList());
    }

    /** Few characters, so that strings share prefixes: ASCII, the ends of the surrogate range and above it. */
    @Provide
    Arbitrary<String> mixedText() {
        return Arbitraries.of("a", "b", "\u00e9", "\uD7FF", "\uE000", "\uFFFF", "\uD83D\uDE00", "\uD800\uDC00",
                "\uDBFF\uDFFF", "\uD800", "\uDC00").list().ofMaxSize(5).map(l -> String.join("", l));
    }
}
