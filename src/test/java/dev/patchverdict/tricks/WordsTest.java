// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** One pass for all the rules' words finds exactly what a search for each word ({@code String.contains}) finds. */
class WordsTest {
    private static final List<String> CODE = words(Words.CODE);
    private static final List<String> BARE = words(Words.BARE);

    /** The words of a set, read back through its masks. */
    private static List<String> words(Words w) {
        List<String> out = new ArrayList<>();
        for (String candidate : List.of("assert", "expect", "__eq__", "__ne__", "equals", "Equal", "time", "date", "Date",
                "performance", "freeze", "PYTEST_CURRENT_TEST", "pytest", "unittest", "JEST_WORKER_ID", "VITEST", "Testing",
                "est", "EST", "xpected", "XPECTED", "olden", "OLDEN", "__name__", "def", "func", "void", "skip", "Skip", "xfail",
                "expectedFailure", "Disabled", "Ignore", "assume", ".only", ".todo", "it(", "describe(", "test(", "main",
                "run_from_argv", "execute", "handle", "exit", "Exit", "quit", "halt", "pytest_", "TestReport", "outcome",
                "force_", "session.", "wasSuccessful", "TestResult", "failures", "errors", "testResultsProcessor", "Assert",
                "require", "if", "ok(", "==", "is ", "case ", "->")) {
            try {
                w.mask(candidate);
                out.add(candidate);
            } catch (IllegalArgumentException e) {
                // not one of this set's words
            }
        }
        return out;
    }

    private static void sameAsContains(Words set, List<String> words, String text) {
        long found = set.scan(text);
        for (String w : words) {
            assertEquals(text.contains(w), (found & set.mask(w)) != 0, w + " in '" + text + "'");
        }
        assertEquals(words.stream().anyMatch(text::contains), set.in(text, set.mask(words.toArray(String[]::new))), text);
    }

    @Property(tries = 2000)
    void everyWordIsFoundExactlyWhereTheTextHoldsIt(@ForAll("texts") String text) {
        sameAsContains(Words.CODE, CODE, text);
        sameAsContains(Words.BARE, BARE, text);
    }

    @Provide
    Arbitrary<String> texts() {
        // pieces of the words, the words themselves and other characters (non-ASCII too), run together
        List<String> pieces = new ArrayList<>();
        for (String w : CODE.size() > BARE.size() ? CODE : BARE) {
            pieces.add(w);
        }
        pieces.addAll(CODE);
        pieces.addAll(BARE);
        for (String w : List.copyOf(pieces)) {
            pieces.add(w.substring(0, w.length() / 2));
            pieces.add(w.substring(w.length() / 2));
        }
        pieces.addAll(List.of(" ", "(", "é", "\u2028", "=", "-", ">", "_", "e", "s", "t"));
        return Arbitraries.of(pieces).list().ofMaxSize(12).map(l -> String.join("", l));
    }

    @Test
    void theSetsHoldTheWordsTheRulesName() {
        assertEquals(27, CODE.size());
        assertEquals(42, BARE.size());
        sameAsContains(Words.CODE, CODE, "");
        sameAsContains(Words.BARE, BARE, "    if x == y: sys.exit(0)  # pytest_ -> case is ok(");
    }

    @Test
    void aWordNoRuleNamedIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Words.CODE.mask("skip"));
        assertThrows(IllegalArgumentException.class, () -> new Words("a", "a"));
        assertThrows(IllegalArgumentException.class, () -> new Words(""));
    }
}
