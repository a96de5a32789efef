// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The linear matchers against the plain definitions: {@link LineText#in} is {@code String.contains}, and a masked
 * removed text is held exactly when some occurrence lies inside no allowed occurrence, as {@link GitOracle#holds}
 * checks it by brute force. Small alphabets, so texts overlap and repeat.
 */
class LineTextTest {
    @Provide
    Arbitrary<String> line() {
        return Arbitraries.strings().withChars("ab(").ofMaxLength(40);
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.strings().withChars("ab(").ofMinLength(1).ofMaxLength(4);
    }

    @Property(tries = 2000)
    void findsWhatContainsFinds(@ForAll("line") String line, @ForAll("text") String text) {
        assertEquals(line.contains(text), new LineText(text).in(line.getBytes(StandardCharsets.UTF_8)), line + " / " + text);
    }

    @Property(tries = 3000)
    void aMaskedTextIsHeldWhereSomeOccurrenceIsBare(@ForAll("line") String line, @ForAll("text") String text,
            @ForAll("text") String prefix, @ForAll("text") String suffix, @ForAll("text") String other) {
        // Allowed texts that hold the removed one (longer), and one that may not hold it at all.
        List<String> allowed = List.of(prefix + text, text + suffix, other);
        List<String> holding = allowed.stream().filter(a -> a.contains(text) && a.length() > text.length()).toList();
        LineText.Masked masked = new LineText.Masked(new LineText(text), allowed.stream().map(LineText::new).toList());
        assertEquals(GitOracle.holds(line, text, holding), masked.in(line.getBytes(StandardCharsets.UTF_8)),
                line + " / " + text + " / " + holding);
    }
}
