// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PyStrTest {

    @Test
    void reprExamplesOfTheSpec() {
        assertEquals("'hello'", PyStr.repr("hello"));
        assertEquals("\"it's\"", PyStr.repr("it's"));
        assertEquals("'a\"b'", PyStr.repr("a\"b"));
        assertEquals("'\\'\"'", PyStr.repr("'\""));
        assertEquals("'\\x7f\\x85\\xa0\u00e9\\u200b\\ufeff'", PyStr.repr("\u007f\u0085\u00a0\u00e9\u200b\ufeff"));
    }

    @Test
    void reprEscapes() {
        assertEquals("'\\t\\n\\r\\\\'", PyStr.repr("\t\n\r\\"));
        assertEquals("'\\x00\\x1f'", PyStr.repr("\u0000\u001f"));
        assertEquals("\"a'\\\\\"", PyStr.repr("a'\\"));
        assertEquals("''", PyStr.repr(""));
        assertEquals("'\\u2028 \\u3000'", PyStr.repr("\u2028 \u3000"));
    }

    @Test
    void reprWorksOnCodePoints() {
        assertEquals("'\uD83D\uDE00'", PyStr.repr("\uD83D\uDE00"), "printable emoji stays raw");
        assertEquals("'\\U000e0001'", PyStr.repr(new String(Character.toChars(0xE0001))), "Cf beyond the BMP");
        assertEquals("'\\U0010ffff'", PyStr.repr(new String(Character.toChars(0x10FFFF))), "Cn");
        assertEquals("'\\ud800'", PyStr.repr("\ud800"), "lone surrogate is Cs");
        assertEquals("'\\udc00x'", PyStr.repr("\udc00x"));
    }

    @Test
    void listRepr() {
        assertEquals("[]", PyStr.listRepr(List.of()));
        assertEquals("['a', 'b']", PyStr.listRepr(List.of("a", "b")));
        assertEquals("[\"it's\", 'x']", PyStr.listRepr(List.of("it's", "x")));
    }

    @Test
    void splitlinesBoundaries() {
        assertEquals(List.of(), PyStr.splitlines(""));
        assertEquals(List.of(""), PyStr.splitlines("\n"));
        assertEquals(List.of("a"), PyStr.splitlines("a\n"));
        assertEquals(List.of("a", ""), PyStr.splitlines("a\n\n"));
        assertEquals(List.of("a", "b"), PyStr.splitlines("a\r\nb"));
        assertEquals(List.of("a", "", "b"), PyStr.splitlines("a\n\rb"));
        assertEquals(List.of("a", "b"), PyStr.splitlines("a\rb\r"));
        for (char c : new char[] {0x0b, 0x0c, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029}) {
            assertEquals(List.of("x", "y"), PyStr.splitlines("x" + c + "y"), Integer.toHexString(c));
        }
        assertEquals(List.of("x\u001fy\u00a0z"), PyStr.splitlines("x\u001fy\u00a0z"), "U+001F and NBSP do not split");
    }

    @ParameterizedTest
    @CsvSource({"9", "a", "b", "c", "d", "1c", "1d", "1e", "1f", "20", "85", "a0", "1680", "2000", "200a",
            "2028", "2029", "202f", "205f", "3000"})
    void pythonWhitespace(String hex) {
        assertTrue(PyStr.isSpace(Integer.parseInt(hex, 16)));
    }

    @ParameterizedTest
    @CsvSource({"8", "e", "1b", "21", "84", "180e", "200b", "feff", "2060", "1f600"})
    void notPythonWhitespace(String hex) {
        assertFalse(PyStr.isSpace(Integer.parseInt(hex, 16)));
    }

    @Test
    void stripUsesPythonWhitespace() {
        assertEquals("a b", PyStr.strip(" \t\u3000\u00a0a b\u2029\u001f\u0085"));
        assertEquals("", PyStr.strip(" \u000b\u000c "));
        assertEquals("\u200bx\u200b", PyStr.strip("\u200bx\u200b"), "ZWSP is not whitespace");
        assertEquals("x", PyStr.strip("x"));
    }

    @Test
    void codePointOrderPutsSupplementaryAfterPrivateUse() {
        assertTrue(PyStr.compareCodePoints("\uD83D\uDE00", "\ue000") > 0);
        assertTrue(PyStr.compareCodePoints("a", "ab") < 0);
        assertEquals(0, PyStr.compareCodePoints("ab", "ab"));
    }

    @Property(tries = 3000)
    void splitsAsciiBytesAsItSplitsTheirText(@ForAll("asciiLines") String text) {
        assertEquals(PyStr.splitlines(text), PyStr.splitlinesAscii(text.getBytes(StandardCharsets.US_ASCII)));
    }

    /** ASCII text dense in line boundaries, CR LF pairs and the characters next to them. */
    @Provide
    Arbitrary<String> asciiLines() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(30),
                Arbitraries.of("\n", "\r", "\r\n", "\n\r", "\u000b", "\u000c", "\u001c", "\u001d", "\u001e",
                        "\u001f", "\u007f", " ", "x"))
                .list().ofMaxSize(12).map(l -> String.join("", l));
    }
}
