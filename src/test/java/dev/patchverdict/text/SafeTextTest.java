// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import static dev.patchverdict.text.SafeText.Style.MESSAGE;
import static dev.patchverdict.text.SafeText.Style.REPORT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SafeTextTest {

    @Test
    void messageStyleIsTheReadersFormat() {
        assertEquals("a\\x1b[2Jb\\tc\\n\\u{202E}d\\u{009B}", SafeText.escape("a\u001b[2Jb\tc\n\u202ed\u009b"));
        assertEquals(SafeText.escape("x\u0007y"), SafeText.escape("x\u0007y", MESSAGE));
    }

    @Test
    void reportStyleReadsAsAShellWouldWriteIt() {
        assertEquals("\\e[2J\\e[H\\rverdict\\n\\x9b31m\\u202eok\\x7f",
                SafeText.escape("\u001b[2J\u001b[H\rverdict\n\u009b31m\u202eok\u007f", REPORT));
        assertEquals("\\U000e0001tag", SafeText.escape("\udb40\udc01tag", REPORT), "an astral format character");
        assertEquals("lone \\udc00", SafeText.escape("lone \udc00", REPORT));
    }

    @Test
    void keepingLinesLeavesOnlyLineFeedsAndTabs() {
        assertEquals("one\n\ttwo\\r\\e\n", SafeText.escapeKeepingLines("one\n\ttwo\r\u001b\n", REPORT));
        assertEquals("a\n\\u{2028}", SafeText.escapeKeepingLines("a\n\u2028", MESSAGE));
    }

    @Test
    void bothStylesEscapeTheSameCharacters() {
        // One definition of unsafe: the styles differ only in how an escape is written.
        for (int cp = 0; cp <= 0x10ffff; cp++) {
            String s = new String(Character.toChars(cp));
            boolean message = !SafeText.escape(s, MESSAGE).equals(s);
            boolean report = !SafeText.escape(s, REPORT).equals(s);
            assertEquals(SafeText.mustEscape(cp), message, Integer.toHexString(cp));
            assertEquals(message, report, Integer.toHexString(cp));
        }
    }

    @Test
    void separatorsBidiAndZeroWidthAreUnsafeAndPlainTextIsKept() {
        for (int cp : new int[] {0x00, 0x1f, 0x7f, 0x80, 0x9f, 0x061c, 0x200b, 0x200f, 0x202a, 0x202e, 0x2028,
                0x2029, 0x2066, 0x2069, 0xfeff, 0x00ad}) {
            assertTrue(SafeText.mustEscape(cp), Integer.toHexString(cp));
        }
        for (int cp : new int[] {' ', '~', 0xa0, 0xe9, 0x4e2d, 0x1f600}) {
            assertFalse(SafeText.mustEscape(cp), Integer.toHexString(cp));
        }
        String plain = "plain text, é and 中";
        assertSame(plain, SafeText.escape(plain, REPORT));
    }

    /** Markdown inside a line: what could start a link, HTML, code, emphasis, a cell or an autolink is escaped; names stay readable. */
    @org.junit.jupiter.api.Test
    void markdownEscapesWhatStartsMarkupAndKeepsNamesReadable() {
        org.junit.jupiter.api.Assertions.assertEquals("org/model-1.5 www\\.evil.example \\@user \\[a\\]\\(https\\://x\\) \\*b\\* \\\\x1b",
                SafeText.markdown("org/model-1.5 www.evil.example @user [a](https://x) *b* \u001b"));
    }
}
