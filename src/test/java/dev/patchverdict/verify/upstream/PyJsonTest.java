// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PyJsonTest {

    private static JsonNode load(String text) throws PyJson.DecodeError {
        return PyJson.loads(text);
    }

    /** Every message below is what CPython 3.11's json.loads raises for the input. */
    static Stream<Arguments> decodeErrors() {
        return Stream.of(
                Arguments.of("", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("{\"a\":", "Expecting value: line 1 column 6 (char 5)"),
                Arguments.of("{} {}", "Extra data: line 1 column 4 (char 3)"),
                Arguments.of("\ufeff{}", "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"),
                Arguments.of("{\"a\":\"\\x\"}", "Invalid \\escape: line 1 column 7 (char 6)"),
                Arguments.of("{\"a\":\"\\u12\"}", "Invalid \\uXXXX escape: line 1 column 8 (char 7)"),
                Arguments.of("{\"a\": \"\n\"}", "Invalid control character at: line 1 column 8 (char 7)"),
                Arguments.of("{\"a\":\"\nb\"}", "Invalid control character at: line 1 column 7 (char 6)"),
                Arguments.of("{\"a\" 1}", "Expecting ':' delimiter: line 1 column 6 (char 5)"),
                Arguments.of("[1 2]", "Expecting ',' delimiter: line 1 column 4 (char 3)"),
                Arguments.of("{\"a\":1,}", "Expecting property name enclosed in double quotes: line 1 column 8 (char 7)"),
                Arguments.of("\"abc", "Unterminated string starting at: line 1 column 1 (char 0)"),
                Arguments.of("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
                Arguments.of("[", "Expecting value: line 1 column 2 (char 1)"),
                Arguments.of("[1,]", "Expecting value: line 1 column 4 (char 3)"),
                Arguments.of("{\"a\":1 \"b\":2}", "Expecting ',' delimiter: line 1 column 8 (char 7)"),
                Arguments.of("01", "Extra data: line 1 column 2 (char 1)"),
                Arguments.of("-", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("1.", "Extra data: line 1 column 2 (char 1)"),
                Arguments.of(".5", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("[1e]", "Expecting ',' delimiter: line 1 column 3 (char 2)"),
                Arguments.of("1E+", "Extra data: line 1 column 2 (char 1)"),
                Arguments.of("\"\\u12x4\"", "Invalid \\uXXXX escape: line 1 column 3 (char 2)"),
                Arguments.of("\"\\ud83d\\uzzzz\"", "Invalid \\uXXXX escape: line 1 column 9 (char 8)"),
                Arguments.of("\"\\u1234", "Invalid \\uXXXX escape: line 1 column 3 (char 2)"),
                Arguments.of("\"\\", "Unterminated string starting at: line 1 column 1 (char 0)"),
                Arguments.of("nul", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("tru", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("-Inf", "Expecting value: line 1 column 1 (char 0)"),
                Arguments.of("[-]", "Expecting value: line 1 column 2 (char 1)"),
                Arguments.of("\n\n  x", "Expecting value: line 3 column 3 (char 4)"),
                Arguments.of("{\"a\":1}\n x", "Extra data: line 2 column 2 (char 9)"),
                // positions count code points, not UTF-16 units
                Arguments.of("\"\uD83D\uDE00\\q\"", "Invalid \\escape: line 1 column 3 (char 2)"),
                Arguments.of("{\"\u00e9\" : [1,\n 2,]}", "Expecting value: line 2 column 4 (char 14)"),
                Arguments.of("[\"\uD83D\uDE00\", \uD83D\uDE00]", "Expecting value: line 1 column 7 (char 6)"));
    }

    @ParameterizedTest
    @MethodSource("decodeErrors")
    void decodeErrorsAsPython(String input, String message) {
        PyJson.DecodeError e = assertThrows(PyJson.DecodeError.class, () -> load(input));
        assertEquals(message, e.getMessage());
    }

    @Test
    void integersUseTheSmallestNode() throws Exception {
        assertInstanceOf(IntNode.class, load("2147483647"));
        assertInstanceOf(LongNode.class, load("2147483648"));
        assertInstanceOf(LongNode.class, load("-9223372036854775808"));
        assertInstanceOf(BigIntegerNode.class, load("9223372036854775808"));
        assertEquals(new BigInteger("123456789012345678901234567890"),
                load("123456789012345678901234567890").bigIntegerValue());
        assertEquals(0, load("-0").intValue());
    }

    @Test
    void pythonIntegerDigitLimit() throws Exception {
        assertEquals(4300, load("-" + "1".repeat(4300)).bigIntegerValue().toString().length() - 1);
        PyJson.DecodeError e = assertThrows(PyJson.DecodeError.class, () -> load("1".repeat(4301)));
        assertEquals("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; "
                + "use sys.set_int_max_str_digits() to increase the limit", e.getMessage());
        assertInstanceOf(DoubleNode.class, load("1".repeat(5000) + ".0"), "floats have no digit limit");
    }

    @Test
    void deepNestingIsADecodeErrorNotAStackOverflow() {
        PyJson.DecodeError e = assertThrows(PyJson.DecodeError.class, () -> load("[".repeat(100_000)));
        assertEquals("maximum recursion depth exceeded while decoding a JSON array from a unicode string",
                e.getMessage());
        assertThrows(PyJson.DecodeError.class, () -> load("{\"a\":".repeat(100_000)));
    }

    @Test
    void floatsAndConstants() throws Exception {
        assertInstanceOf(DoubleNode.class, load("1.0"));
        assertInstanceOf(DoubleNode.class, load("1e2"));
        assertInstanceOf(DoubleNode.class, load("1E2"));
        assertEquals(Double.POSITIVE_INFINITY, load("1e400").doubleValue());
        assertEquals(Double.NEGATIVE_INFINITY, load(" -Infinity ").doubleValue());
        assertTrue(Double.isNaN(load("NaN").doubleValue()));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(load("-0.0").doubleValue()));
        assertEquals(1500.0, load("1.5e3").doubleValue());
    }

    @Test
    void whitespaceAndEmptyContainers() throws Exception {
        assertEquals(0, load(" \t\r\n[ ] \n").size());
        assertEquals(0, load("{\n}").size());
        assertThrows(PyJson.DecodeError.class, () -> load("\u00a0[]"), "only JSON whitespace");
    }

    @Test
    void duplicateKeysKeepFirstPositionAndLastValue() throws Exception {
        JsonNode v = load("{\"a\":1,\"b\":2,\"a\":3}");
        assertEquals(List.of("a", "b"), iterableToList(v.fieldNames()));
        assertEquals(3, v.get("a").intValue());
    }

    @Test
    void stringEscapes() throws Exception {
        assertEquals("\"\\/\b\f\n\r\t", load("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"").textValue());
        assertEquals("\uD83D\uDE00", load("\"\\ud83d\\ude00\"").textValue());
        assertEquals("\ud800x", load("\"\\ud800x\"").textValue(), "lone high surrogate kept");
        assertEquals("\udc00", load("\"\\udc00\"").textValue(), "lone low surrogate kept");
        assertEquals("\ud800\ud800", load("\"\\ud800\\ud800\"").textValue(), "high then high: both kept");
        assertEquals("\u007f\u00e9", load("\"\u007f\u00e9\"").textValue());
    }

    @Test
    void pyEqualsNumbers() throws Exception {
        assertTrue(PyJson.pyEquals(load("42"), load("42.0")));
        assertTrue(PyJson.pyEquals(load("true"), load("1")));
        assertTrue(PyJson.pyEquals(load("true"), load("1.0")));
        assertTrue(PyJson.pyEquals(load("false"), load("0")));
        assertTrue(PyJson.pyEquals(load("false"), load("-0.0")));
        assertFalse(PyJson.pyEquals(load("true"), load("2")));
        assertFalse(PyJson.pyEquals(load("0.1"), load("1")));
        assertTrue(PyJson.pyEquals(load("Infinity"), load("1e400")));
        assertFalse(PyJson.pyEquals(load("Infinity"), load("-Infinity")));
        // 2**64 and 2**64+1 both round to the same double; only the first equals it exactly
        assertTrue(PyJson.pyEquals(load("18446744073709551616"), load("1.8446744073709552e19")));
        assertFalse(PyJson.pyEquals(load("18446744073709551617"), load("1.8446744073709552e19")));
        assertFalse(PyJson.pyEquals(load("18446744073709551617"), load("18446744073709551616")));
        assertTrue(PyJson.pyEquals(load("18446744073709551617"), load("18446744073709551617")));
    }

    @Test
    void pyEqualsNaN() throws Exception {
        assertFalse(PyJson.pyEquals(load("NaN"), load("NaN")), "float == float");
        assertFalse(PyJson.pyEquals(load("NaN"), load("1")));
        // inside containers Python compares identity first, and every NaN literal loads as one object
        assertTrue(PyJson.pyEquals(load("[NaN]"), load("[NaN]")));
        assertTrue(PyJson.pyEquals(load("{\"a\":{\"b\":[1,NaN]}}"), load("{\"a\":{\"b\":[1.0,NaN]}}")));
        assertFalse(PyJson.pyEquals(load("[NaN]"), load("[1]")));
    }

    @Test
    void pyEqualsContainersAndTypes() throws Exception {
        assertTrue(PyJson.pyEquals(load("{\"a\":1,\"b\":[1,2]}"), load("{\"b\":[1.0,2],\"a\":true}")));
        assertFalse(PyJson.pyEquals(load("[1,2]"), load("[2,1]")));
        assertFalse(PyJson.pyEquals(load("{\"a\":1}"), load("{\"a\":1,\"b\":1}")));
        assertFalse(PyJson.pyEquals(load("{\"a\":1}"), load("{\"b\":1}")));
        assertTrue(PyJson.pyEquals(load("null"), load("null")));
        assertFalse(PyJson.pyEquals(load("null"), load("0")));
        assertFalse(PyJson.pyEquals(load("\"1\""), load("1")));
        assertFalse(PyJson.pyEquals(load("[]"), load("{}")));
        assertTrue(PyJson.pyEquals(load("\"a\""), load("\"\\u0061\"")));
    }

    @Test
    void dumpsCompact() throws Exception {
        assertEquals("{\"\\u00e9\":1}", PyJson.dumps(load("{\"\u00e9\":1}"), true));
        assertEquals("{\"\u00e9\":1}", PyJson.dumps(load("{\"\u00e9\":1}"), false));
        assertEquals("\"\\ud83d\\ude00\"", PyJson.dumps(load("\"\uD83D\uDE00\""), true));
        assertEquals("\"\uD83D\uDE00\"", PyJson.dumps(load("\"\\ud83d\\ude00\""), false));
        assertEquals("1e-05", PyJson.dumps(load("0.00001"), true));
        assertEquals("1.0", PyJson.dumps(load("1.0"), true));
        assertEquals("[Infinity,-Infinity,NaN,1e+16,123456789012345678901234567890,0.1,-0.0,5e-324]",
                PyJson.dumps(load("[1e400, -1e400, NaN, 1e16, 123456789012345678901234567890, 0.1, -0.0, 5e-324]"), true));
        assertEquals("\"\\ud800x\"", PyJson.dumps(load("\"\\ud800x\""), true));
    }

    @Test
    void dumpsSortsByCodePointAndEscapes() throws Exception {
        JsonNode v = load("{\"b\":1,\"a\":[true,false,null],\"\\ue000\":1,\"\\ud83d\\ude00\":2,"
                + "\"A\":\"\\u0000\\u001f\\u007f\\b\\f\\n\\r\\t\\\"\\\\/\"}");
        assertEquals("{\"A\":\"\\u0000\\u001f\\u007f\\b\\f\\n\\r\\t\\\"\\\\/\",\"a\":[true,false,null],\"b\":1,"
                + "\"\\ue000\":1,\"\\ud83d\\ude00\":2}", PyJson.dumps(v, true));
        assertEquals("{\"A\":\"\\u0000\\u001f\u007f\\b\\f\\n\\r\\t\\\"\\\\/\",\"a\":[true,false,null],\"b\":1,"
                + "\"\ue000\":1,\"\uD83D\uDE00\":2}", PyJson.dumps(v, false));
    }

    @Test
    void dumpsTreatsOtherNumberNodesAsPythonWould() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        assertEquals("0.5", PyJson.dumps(f.numberNode(new java.math.BigDecimal("0.5")), true));
        assertEquals("7", PyJson.dumps(f.numberNode((short) 7), true));
    }

    @Test
    void dumpsIndented() throws Exception {
        JsonNode v = load("{\"z\":{\"y\":[],\"x\":{}},\"a\":[1,{\"k\":\"\u00e9\"},[]],\"m\":{\"n\":null}}");
        String expected = String.join("\n",
                "{",
                "  \"a\": [",
                "    1,",
                "    {",
                "      \"k\": \"\\u00e9\"",
                "    },",
                "    []",
                "  ],",
                "  \"m\": {",
                "    \"n\": null",
                "  },",
                "  \"z\": {",
                "    \"x\": {},",
                "    \"y\": []",
                "  }",
                "}");
        assertEquals(expected, PyJson.dumpsIndented(v));
        assertEquals("[]", PyJson.dumpsIndented(load("[]")));
        assertEquals("\"x\"", PyJson.dumpsIndented(load("\"x\"")));
    }

    @Test
    void roundTripThroughDumps() throws Exception {
        String text = "{\"a\":[1,2.5,\"\\u00e9\\ud83d\\ude00\"],\"b\":{\"c\":null,\"d\":true}}";
        assertEquals(text, PyJson.dumps(load(text), true));
    }

    private static List<String> iterableToList(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
