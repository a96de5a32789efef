// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.text.SafeText;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class HtmlTest {
    /** What a reader must see for a code point: itself, or its visible escape. */
    private static String shown(int cp) {
        if (SafeText.mustEscape(cp) || Html.nonCharacter(cp)) {
            StringBuilder sb = new StringBuilder();
            SafeText.appendEscape(sb, cp);
            return sb.toString();
        }
        return new String(Character.toChars(cp));
    }

    @Test
    void everyCodePointIsTextAndNeverMarkup() {
        // Every code point, the surrogates alone as a Java string can hold them (a space after each keeps two from
        // pairing): parsed as a browser would, the paragraph holds that text and no element but the escapes' spans.
        StringBuilder input = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        for (int cp = 0; cp <= 0x10ffff; cp++) {
            input.appendCodePoint(cp).append(' ');
            expected.append(shown(cp)).append(' ');
        }
        Document d = Jsoup.parse("<!DOCTYPE html><html><body><p id=\"t\">" + Html.text(input.toString()) + "</p></body></html>");
        Element p = d.getElementById("t");
        assertEquals(1, d.body().children().size());
        for (Element child : p.children()) {
            assertEquals("span", child.tagName());
            assertEquals("esc", child.className());
            assertEquals(0, child.children().size());
        }
        assertEquals(expected.toString(), p.wholeText());
    }

    @Test
    void attributeTextStaysInItsAttribute() {
        String hostile = "\" onmouseover=\"alert(1)\" x='<b>\u202e\u0000";
        Document d = Jsoup.parse("<p title=\"" + Html.attr(hostile) + "\">x</p>");
        Element p = d.selectFirst("p");
        assertEquals(1, p.attributes().size());
        assertEquals("\" onmouseover=\"alert(1)\" x='<b>\\u{202E}\\x00", p.attr("title"));
    }

    @Test
    void markupAndTrojanSourceCharactersAreShownNotObeyed() {
        assertEquals("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;", Html.text("<script>alert(\"x\")</script>"));
        assertEquals("a<span class=\"esc\">\\u{202E}</span>b", Html.text("a\u202eb"));
        assertEquals("&amp;amp;", Html.text("&amp;"));
        assertEquals("&#39;", Html.text("'"));
        assertEquals("<span class=\"esc\">\\u{FFFE}</span>", Html.text("\ufffe"));
        assertEquals("<span class=\"esc\">\\u{D800}</span>", Html.text("\ud800"));
    }

    @Test
    void labelsAreCutOnCodePoints() {
        assertEquals("ab\u2026", Html.shorten("abcd", 3));
        assertEquals("abc", Html.shorten("abc", 3));
        String astral = "\ud83d\ude00\ud83d\ude00\ud83d\ude00";
        assertEquals("\ud83d\ude00\u2026", Html.shorten(astral, 2));
        assertTrue(Html.shorten(astral, 2).codePoints().noneMatch(c -> Character.getType(c) == Character.SURROGATE));
    }
}
