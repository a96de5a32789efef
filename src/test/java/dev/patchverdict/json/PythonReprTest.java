// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonReprTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static JsonNode json(String text) throws JsonInputException {
        return StrictJson.withDefaults().read(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void quotesLikePython() {
        assertEquals("'hello'", PythonRepr.string("hello"));
        assertEquals("\"it's\"", PythonRepr.string("it's"));
        assertEquals("'a\"b'", PythonRepr.string("a\"b"));
        assertEquals("'\\'\"'", PythonRepr.string("'\""));
        assertEquals("''", PythonRepr.string(""));
    }

    @Test
    void escapesNonPrintablesAndKeepsPrintableNonAscii() {
        assertEquals("'\\x7f\\x85\\xa0é\\u200b\\ufeff'", PythonRepr.string("\u007f\u0085\u00a0é\u200b\ufeff"));
        assertEquals("'a\\\\b\\tc\\nd\\re'", PythonRepr.string("a\\b\tc\nd\re"));
        assertEquals("'\\x00 \\u2028\\u2029\\u3000'", PythonRepr.string("\u0000 \u2028\u2029\u3000"));
        // astral: a printable emoji stays raw, private use and a lone surrogate are escaped
        assertEquals("'😀\\U000f0000\\ud800'", PythonRepr.string("😀\uDB80\uDC00\uD800"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "1|1", "-7|-7", "123456789012345678901234567890|123456789012345678901234567890",
        "5.0|5.0", "0.1|0.1", "1e16|1e+16", "-0.0|-0.0",
        "true|True", "false|False", "null|None", "[]|[]", "{}|{}",
        "`[\"a\", \"a\"]`|`['a', 'a']`",
        "`{\"k\": 1, \"a\": [true, null], \"z\": {\"x\": \"it's\"}}`|`{'k': 1, 'a': [True, None], 'z': {'x': \"it's\"}}`"
    })
    void reprsOfLoadedJson(String text, String expected) throws JsonInputException {
        assertEquals(expected, PythonRepr.of(json("[" + text + "]").get(0)));
    }

    @Test
    void nonFiniteFloats() {
        assertEquals("nan", PythonRepr.of(NODES.numberNode(Double.NaN)));
        assertEquals("inf", PythonRepr.of(NODES.numberNode(Double.POSITIVE_INFINITY)));
        assertEquals("-inf", PythonRepr.of(NODES.numberNode(Double.NEGATIVE_INFINITY)));
        // a decimal beyond double range loads in Python as a float that overflowed
        assertEquals("inf", PythonRepr.of(NODES.numberNode(new java.math.BigDecimal("1e400"))));
        assertEquals("2.5", PythonRepr.of(NODES.numberNode(new java.math.BigDecimal("2.50"))));
    }

    @Test
    void missingIsNone() {
        assertEquals("None", PythonRepr.of(NODES.missingNode()));
    }
}
