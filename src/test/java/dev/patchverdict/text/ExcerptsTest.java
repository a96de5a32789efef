// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** Every shape of cut keeps text that fits, says where it cut, and never splits a surrogate pair. */
class ExcerptsTest {
    private static final String GRIN = "\uD83D\uDE00";

    @Test
    void textThatFitsIsKeptAsItIs() {
        String s = "a".repeat(10);
        assertSame(s, Excerpts.clip(s, 10));
        assertSame(s, Excerpts.clip(s, 10, "|cut"));
        assertSame(s, Excerpts.fit(s, 10, "..."));
    }

    @Test
    void eachShapeSaysWhereItCut() {
        String s = "abcdefghij";
        assertEquals("abcd... (6 more chars)", Excerpts.clip(s, 4));
        assertEquals("abcd|cut", Excerpts.clip(s, 4, "|cut"));
        assertEquals("abcdef...", Excerpts.fit(s, 9, "..."));
    }

    @Test
    void aPairAcrossTheCutIsLeftOutWhole() {
        // The pair takes chars 3 and 4; every cut falls after char 4, between its halves.
        String s = "abc" + GRIN + "defgh";
        assertEquals("abc... (7 more chars)", Excerpts.clip(s, 4));
        assertEquals("abc|cut", Excerpts.clip(s, 4, "|cut"));
        assertEquals("abc...", Excerpts.fit(s, 7, "..."));
        // A pair that ends at the cut is kept.
        assertEquals("abc" + GRIN + "|cut", Excerpts.clip(s, 5, "|cut"));
        assertEquals("abc" + GRIN + "...", Excerpts.fit(s, 8, "..."));
    }

    @Test
    void aMarkerLongerThanTheFieldIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Excerpts.fit("abcdef", 2, "..."));
    }

    @Property
    void noCutLeavesALoneSurrogate(@ForAll @IntRange(max = 40) int ascii, @ForAll @IntRange(min = 1, max = 60) int grins,
            @ForAll @IntRange(min = 3, max = 100) int max) {
        String s = "x".repeat(ascii) + GRIN.repeat(grins);
        for (String cut : new String[] {Excerpts.clip(s, max), Excerpts.clip(s, max, "~"), Excerpts.fit(s, max, "...")}) {
            assertEquals(-1, Utf8.firstLoneSurrogate(cut), cut);
        }
        assertTrue(Excerpts.fit(s, max, "...").length() <= max);
        assertTrue(Excerpts.clip(s, max, "~").length() <= max + 1);
    }

    @Property
    void aCutKeepsTheStartOfTheText(@ForAll @StringLength(max = 200) String s, @ForAll @IntRange(min = 3, max = 150) int max) {
        String kept = Excerpts.fit(s, max, "...");
        if (s.length() <= max) {
            assertSame(s, kept);
        } else {
            String head = kept.substring(0, kept.length() - 3);
            assertTrue(s.startsWith(head) && head.length() >= max - 4, kept);
        }
    }

    @Test
    void aByteCutLeavesAWideCharacterOutWhole() {
        byte[] b = ("ab" + "\u20ac" + GRIN).getBytes(java.nio.charset.StandardCharsets.UTF_8); // 2 + 3 + 4 bytes
        assertEquals("ab", Excerpts.utf8Head(b, 2));
        assertEquals("ab", Excerpts.utf8Head(b, 3));
        assertEquals("ab", Excerpts.utf8Head(b, 4));
        assertEquals("ab\u20ac", Excerpts.utf8Head(b, 5));
        assertEquals("ab\u20ac", Excerpts.utf8Head(b, 8));
        assertEquals("ab\u20ac" + GRIN, Excerpts.utf8Head(b, 9));
        assertEquals("ab\u20ac" + GRIN, Excerpts.utf8Head(b, 100));
    }

    @Test
    void aByteCutAmongIllFormedBytesKeepsWhatItCan() {
        // Stray continuation bytes start no character: the cut stays where it was asked to be.
        byte[] b = {'a', (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 'b'};
        assertEquals("a\ufffd\ufffd", Excerpts.utf8Head(b, 3));
    }

    @Property
    void aByteCutIsAWholeCharacterPrefix(@ForAll @StringLength(max = 80) String s, @ForAll @IntRange(max = 200) int max) {
        String whole = new String(s.getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.UTF_8);
        byte[] b = whole.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String kept = Excerpts.utf8Head(b, max);
        int keptBytes = kept.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(whole.startsWith(kept), kept);
        assertTrue(keptBytes <= max && keptBytes >= Math.min(b.length, max) - 3, kept);
        assertEquals(-1, Utf8.firstLoneSurrogate(kept), kept);
    }
}
