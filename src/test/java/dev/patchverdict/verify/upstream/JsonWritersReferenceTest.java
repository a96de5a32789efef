// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.PythonFloat;
import dev.patchverdict.text.Utf8;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The JSON writers that write UTF-8 bytes directly (PyJson's dumps, its digest bytes and its indented form, and the
 * canonical serialisation) against the plain character-by-character algorithms below, which write text into a builder
 * and encode it afterwards: every byte a digest or a result holds must stay as it was.
 */
class JsonWritersReferenceTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Property(tries = 2000)
    void pythonDumpsWritesWhatTheReferenceWrites(@ForAll("values") JsonNode value) {
        assertEquals(Reference.dumps(value, true, -1), PyJson.dumps(value, true));
        assertEquals(Reference.dumps(value, false, -1), PyJson.dumps(value, false));
        assertEquals(Reference.dumps(value, true, 2), PyJson.dumpsIndented(value));
        byte[] utf8 = Reference.dumps(value, false, -1).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(utf8, PyJson.utf8(value).toByteArray());
        assertEquals(Digests.bytes(utf8), Nodes.digest(value));
    }

    @Property(tries = 2000)
    void canonicalJsonWritesWhatTheReferenceWrites(@ForAll("values") JsonNode value) {
        String expected;
        try {
            expected = Reference.canonical(value);
        } catch (IllegalArgumentException e) {
            IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> CanonicalJson.bytes(value));
            assertEquals(e.getMessage(), again.getMessage());
            return;
        }
        assertEquals(expected, CanonicalJson.string(value));
        assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), CanonicalJson.bytes(value));
        assertEquals(Digests.bytes(expected.getBytes(StandardCharsets.UTF_8)), Digests.canonical(value));
    }

    @Test
    void writesTheCharactersAtEveryBoundary() {
        String all = "\u0000\u001f \u007e\u007f\u0080\u00ff\u0100\u07ff\u0800\u2028\u2029\ud7ff\ue000\uffff"
                + "\ud83d\ude00\"\\/\b\f\n\r\t";
        ArrayNode a = F.arrayNode().add(all).add("\ud800").add("x\udc00y").add("\ud83d").add("\ude00\ud83d");
        assertEquals(Reference.dumps(a, true, -1), PyJson.dumps(a, true));
        assertEquals(Reference.dumps(a, false, -1), PyJson.dumps(a, false));
        assertArrayEquals(Reference.dumps(a, false, -1).getBytes(StandardCharsets.UTF_8), PyJson.utf8(a).toByteArray());
        ObjectNode o = F.objectNode().put(all, all);
        assertEquals(Reference.canonical(o), CanonicalJson.string(o));
        // Python's own output for the ASCII form of these characters
        assertEquals("[\"\\u0000\\u001f ~\\u007f\\u0080\\u00ff\\u0100\\u07ff\\u0800\\u2028\\u2029\\ud7ff\\ue000\\uffff"
                + "\\ud83d\\ude00\\\"\\\\/\\b\\f\\n\\r\\t\"]", PyJson.dumps(F.arrayNode().add(all), true));
    }

    @Test
    void writesLargeDocumentsPastTheFirstBuffer() {
        ArrayNode a = F.arrayNode();
        for (int i = 0; i < 2000; i++) {
            a.add("line " + i + " \u00e9\u4e2d\ud83d\ude00 \"quoted\"");
        }
        assertEquals(Reference.dumps(a, true, -1), PyJson.dumps(a, true));
        assertEquals(Reference.dumps(a, true, 2), PyJson.dumpsIndented(a));
        assertArrayEquals(Reference.dumps(a, false, -1).getBytes(StandardCharsets.UTF_8), PyJson.utf8(a).toByteArray());
        assertEquals(Reference.canonical(a), CanonicalJson.string(a));
    }

    @Provide
    Arbitrary<JsonNode> values() {
        return value(3);
    }

    /** Text of every kind: plain ASCII runs, controls, quotes, non-ASCII, U+2028, non-BMP and lone surrogates. */
    private static Arbitrary<String> text() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(40),
                Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(6),
                Arbitraries.strings().all().ofMaxLength(6),
                Arbitraries.of("\"", "\\", "\u2028", "\u2029", "\u007f", "\ud83d\ude00", "\udbff\udfff", "\ud800", "\udfff",
                        "\ud83d\ud83d", "\ude00\ud83d"),
                Arbitraries.integers().between(0x10000, 0x10FFFF).map(Character::toString));
        return pieces.list().ofMaxSize(6).map(l -> String.join("", l));
    }

    private static Arbitrary<JsonNode> scalar() {
        return Arbitraries.oneOf(
                text().map(F::textNode),
                Arbitraries.longs().map(F::numberNode),
                Arbitraries.integers().map(F::numberNode),
                Arbitraries.bigIntegers().between(BigInteger.TWO.pow(70).negate(), BigInteger.TWO.pow(70)).map(F::numberNode),
                Arbitraries.doubles().filter(Double::isFinite).map(F::numberNode),
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
        Arbitrary<JsonNode> objects = Arbitraries.maps(text(), inner).ofMaxSize(5).map(m -> {
            ObjectNode o = F.objectNode();
            m.forEach(o::set);
            return o;
        });
        return Arbitraries.frequencyOf(Tuple.of(3, scalar()), Tuple.of(1, arrays), Tuple.of(1, objects));
    }

    /** The writers as they were: characters into a builder, one by one where escaped, sorted key lists. */
    static final class Reference {
        private Reference() {}

        static String dumps(JsonNode v, boolean ascii, int indent) {
            StringBuilder out = new StringBuilder();
            write(out, v, ascii, indent, 0);
            return out.toString();
        }

        private static void write(StringBuilder out, JsonNode v, boolean ascii, int indent, int level) {
            if (v.isObject()) {
                if (v.size() == 0) {
                    out.append("{}");
                    return;
                }
                List<String> keys = new ArrayList<>();
                v.fieldNames().forEachRemaining(keys::add);
                keys.sort(PyStr.CODE_POINT_ORDER);
                out.append('{');
                boolean first = true;
                for (String key : keys) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    newline(out, indent, level + 1);
                    pyString(out, key, ascii);
                    out.append(indent < 0 ? ":" : ": ");
                    write(out, v.get(key), ascii, indent, level + 1);
                }
                newline(out, indent, level);
                out.append('}');
            } else if (v.isArray()) {
                if (v.size() == 0) {
                    out.append("[]");
                    return;
                }
                out.append('[');
                for (int i = 0; i < v.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    newline(out, indent, level + 1);
                    write(out, v.get(i), ascii, indent, level + 1);
                }
                newline(out, indent, level);
                out.append(']');
            } else if (v.isTextual()) {
                pyString(out, v.textValue(), ascii);
            } else if (v.isBoolean()) {
                out.append(v.booleanValue() ? "true" : "false");
            } else if (v.isNull()) {
                out.append("null");
            } else if (v.isFloatingPointNumber()) {
                double d = v.doubleValue();
                out.append(Double.isNaN(d) ? "NaN" : Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity") : PythonFloat.repr(d));
            } else {
                out.append(v.bigIntegerValue().toString());
            }
        }

        private static void newline(StringBuilder out, int indent, int level) {
            if (indent >= 0) {
                out.append('\n').append(" ".repeat(indent * level));
            }
        }

        private static void pyString(StringBuilder out, String s, boolean ascii) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    case '\b' -> out.append("\\b");
                    case '\f' -> out.append("\\f");
                    default -> {
                        if (c < 0x20 || ascii && c >= 0x7f) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        static String canonical(JsonNode v) {
            StringBuilder out = new StringBuilder();
            canonical(out, v);
            return out.toString();
        }

        private static void canonical(StringBuilder out, JsonNode v) {
            if (v.isObject()) {
                List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
                v.fields().forEachRemaining(entries::add);
                entries.sort((a, b) -> CanonicalJson.compareCodePoints(a.getKey(), b.getKey()));
                out.append('{');
                for (int i = 0; i < entries.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    canonicalString(out, entries.get(i).getKey());
                    out.append(':');
                    canonical(out, entries.get(i).getValue());
                }
                out.append('}');
            } else if (v.isArray()) {
                out.append('[');
                for (int i = 0; i < v.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    canonical(out, v.get(i));
                }
                out.append(']');
            } else if (v.isTextual()) {
                canonicalString(out, v.textValue());
            } else if (v.isFloatingPointNumber()) {
                out.append(PythonFloat.repr(v.doubleValue()));
            } else if (v.isNumber()) {
                out.append(v.bigIntegerValue().toString());
            } else {
                out.append(v.isNull() ? "null" : v.booleanValue() ? "true" : "false");
            }
        }

        /** The canonical form escapes as {@code ensure_ascii=False} does, and has no way to write a lone surrogate. */
        private static void canonicalString(StringBuilder out, String s) {
            int lone = Utf8.firstLoneSurrogate(s);
            if (lone >= 0) {
                throw new IllegalArgumentException("string holds a lone surrogate at index " + lone);
            }
            pyString(out, s, false);
        }
    }
}
