// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PyShlexTest {

    private static List<String> split(String s) throws PyShlex.QuoteError {
        return PyShlex.split(s);
    }

    @Test
    void piecesJoinAndQuotesProtectSpaces() throws Exception {
        assertEquals(List.of("ab cd"), split("a\"b c\"d"));
        assertEquals(List.of("diff", "--git", "a/my file", "b/my file"),
                split("diff --git \"a/my file\" \"b/my file\""));
        assertEquals(List.of("x"), split("x\"\""));
    }

    @Test
    void emptyQuotedTokens() throws Exception {
        assertEquals(List.of(""), split("\"\""));
        assertEquals(List.of(""), split("''"));
        assertEquals(List.of("", ""), split("\"\" \"\""));
        assertEquals(List.of(), split(""));
        assertEquals(List.of(), split(" \t "));
    }

    @Test
    void escapes() throws Exception {
        assertEquals(List.of("a b"), split("a\\ b"));
        assertEquals(List.of("a\"b"), split("\"a\\\"b\""));
        assertEquals(List.of("a\\b"), split("\"a\\\\b\""));
        assertEquals(List.of("a\\xb"), split("\"a\\xb\""), "other escapes in double quotes keep the backslash");
        assertEquals(List.of("a\\b"), split("'a\\b'"), "single quotes are literal");
        assertEquals(List.of("#"), split("\\#"));
    }

    @Test
    void onlyFourSeparatorsAndNoComments() throws Exception {
        assertEquals(List.of("x", "y", "z", "w"), split(" x\ty\rz\nw "));
        assertEquals(List.of("a\u00a0b"), split("a\u00a0b"));
        assertEquals(List.of("a\u000bb\u000cc"), split("a\u000bb\u000cc"));
        assertEquals(List.of("#x", "y"), split("#x y"));
    }

    @Test
    void quoteErrors() {
        assertThrows(PyShlex.QuoteError.class, () -> split("\"a"));
        assertThrows(PyShlex.QuoteError.class, () -> split("'a"));
        assertThrows(PyShlex.QuoteError.class, () -> split("a\\"));
        assertThrows(PyShlex.QuoteError.class, () -> split("\"a\\\""));
        assertThrows(PyShlex.QuoteError.class, () -> split("\\"));
    }
}
