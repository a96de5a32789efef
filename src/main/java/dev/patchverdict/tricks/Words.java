// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The words the rules look for in a line before running a pattern over it (most lines hold none of a rule's words),
 * found for every rule in one pass over the line: per position only the words starting with its character are
 * compared, so a pass is linear in the line whatever it holds. {@link #CODE} is what the rules look for in a line's
 * code, {@link #BARE} in its code with string literals blanked; {@link PatchView.Line} scans each once, when a rule
 * first asks.
 */
final class Words {
    static final Words CODE = new Words(
            "assert", "expect", // assertion-trivial
            "__eq__", "__ne__", "equals", "Equal", // always-true-equality
            "time", "date", "Date", "performance", "freeze", // clock-patched
            "PYTEST_CURRENT_TEST", "pytest", "unittest", "JEST_WORKER_ID", "VITEST", "Testing", // test-runner-sniffed
            "est", "EST", "xpected", "XPECTED", "olden", "OLDEN", // test-data-read
            "__name__", "def", "func", "void"); // an entry point (early-exit): one of these is in each of its patterns
    static final Words BARE = new Words(
            "skip", "Skip", "xfail", "expectedFailure", "Disabled", "Ignore", "assume", ".only", ".todo", // skip-added
            "it(", "describe(", "test(",
            "main", "__name__", "run_from_argv", "execute", "handle", // early-exit
            "exit", "Exit", "quit", "halt",
            "pytest_", "TestReport", "outcome", "force_", "session.", "wasSuccessful", "TestResult", // test-report-hook
            "failures", "errors", "testResultsProcessor",
            "assert", "Assert", "expect", "require", "if", "ok(", // assertion-vacuous
            "==", "equals", "is ", "case ", "->"); // test-input-special-cased

    private final String[] words;
    private final char[][] chars;
    /** For each ASCII character, the indexes of the words that start with it (null: none). */
    private final int[][] byFirst = new int[128][];

    Words(String... words) {
        if (words.length > Long.SIZE) {
            throw new IllegalArgumentException("more than " + Long.SIZE + " words: " + words.length);
        }
        this.words = words.clone();
        this.chars = new char[words.length][];
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (w.isEmpty() || w.charAt(0) >= 128 || seen.contains(w)) {
                throw new IllegalArgumentException("an empty, non-ASCII or repeated word: '" + w + "'");
            }
            seen.add(w);
            chars[i] = w.toCharArray();
            int[] at = byFirst[w.charAt(0)];
            at = at == null ? new int[1] : Arrays.copyOf(at, at.length + 1);
            at[at.length - 1] = i;
            byFirst[w.charAt(0)] = at;
        }
    }

    /** The bits of these words, for {@link #in}; a word not in the set is an error of the rule that names it. */
    long mask(String... ws) {
        long m = 0;
        for (String w : ws) {
            int i = Arrays.asList(words).indexOf(w);
            if (i < 0) {
                throw new IllegalArgumentException("'" + w + "' is not one of the words");
            }
            m |= 1L << i;
        }
        return m;
    }

    /** The bits of the words the text holds. */
    long scan(String text) {
        // Over a copy of the characters: per character an array read, not a String call (what C1 code runs best).
        char[] t = text.toCharArray();
        long found = 0;
        for (int i = 0; i < t.length; i++) {
            char c = t[i];
            int[] at = c < 128 ? byFirst[c] : null;
            if (at == null) {
                continue;
            }
            for (int w : at) {
                if ((found & 1L << w) == 0 && startsWith(t, i, chars[w])) {
                    found |= 1L << w;
                }
            }
        }
        return found;
    }

    private static boolean startsWith(char[] t, int at, char[] w) {
        if (t.length - at < w.length) {
            return false;
        }
        for (int j = 1; j < w.length; j++) { // the first character is the one dispatched on
            if (t[at + j] != w[j]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the text holds any of the words of {@code mask}: a pass of its own, for a text no line holds. */
    boolean in(String text, long mask) {
        return (scan(text) & mask) != 0;
    }
}
