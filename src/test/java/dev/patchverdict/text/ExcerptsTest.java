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

}
