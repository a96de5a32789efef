// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.plan.Equivalence;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Judges two outputs under a declared {@link Equivalence}. */
public final class Equivalences {
    private Equivalences() {}

    public static Comparison compare(Equivalence eq, byte[] expected, byte[] observed) {
        // Java 17 has no pattern switch; the sealed interface keeps this list complete.
        if (eq instanceof Equivalence.Exact) {
            return exact(eq.operator(), expected, observed);
        }
        if (eq instanceof Equivalence.LineMultiset) {
            return lineMultiset(eq.operator(), expected, observed);
        }
        if (eq instanceof Equivalence.CanonicalJson c) {
            return JsonEquivalence.compare(eq.operator(), expected, observed,
                    new JsonEquivalence.Rules(c.ignoreKeys(), c.stripWhitespace(), c.normaliseNumbers(), 0, 0));
        }
        if (eq instanceof Equivalence.Tolerant t) {
            return JsonEquivalence.compareTolerant(eq.operator(), expected, observed, t.absTol(), t.relTol());
        }
        if (eq instanceof Equivalence.Invalid i) {
            return new Comparison.Undecidable(i.operator(), i.reason());
        }
        throw new IllegalStateException("no judgement for equivalence " + eq.operator());
    }

    private static Comparison exact(String operator, byte[] expected, byte[] observed) {
        if (Arrays.equals(expected, observed)) {
            return new Comparison.Equivalent(operator);
        }
        List<String> a = TextDiff.lines(utf8(expected));
        List<String> b = TextDiff.lines(utf8(observed));
        return new Comparison.Different(operator, TextDiff.firstDifferingLine(a, b), TextDiff.unified(a, b));
    }

    private static Comparison lineMultiset(String operator, byte[] expected, byte[] observed) {
        // Lines that are not valid UTF-8 are compared as bytes, never as U+FFFD.
        boolean text = Bytes.validUtf8(expected) && Bytes.validUtf8(observed);
        List<String> a = new ArrayList<>(TextDiff.lines(Bytes.decode(expected, text)));
        List<String> b = new ArrayList<>(TextDiff.lines(Bytes.decode(observed, text)));
        List<String> inOrder = List.copyOf(a);
        a.sort(null);
        b.sort(null);
        if (a.equals(b)) {
            return new Comparison.Equivalent(operator);
        }
        return new Comparison.Different(operator, firstUnmatched(inOrder, a, b), TextDiff.unified(a, b));
    }

    /** Names the first expected line (in expected order) whose count differs, or an extra line. */
    private static String firstUnmatched(List<String> expectedInOrder, List<String> a, List<String> b) {
        Map<String, Long> ca = counts(a);
        Map<String, Long> cb = counts(b);
        for (String line : expectedInOrder) {
            long x = ca.getOrDefault(line, 0L);
            long y = cb.getOrDefault(line, 0L);
            if (x != y) {
                return "line \"" + SafeText.escape(shorten(line), REPORT) + "\" (expected " + x + " times, observed " + y + ")";
            }
        }
        for (String line : b) {
            if (!ca.containsKey(line)) {
                return "line \"" + SafeText.escape(shorten(line), REPORT) + "\" (not expected, observed " + cb.get(line)
                        + " times)";
            }
        }
        return "the line multiset";
    }

    private static Map<String, Long> counts(List<String> lines) {
        Map<String, Long> m = new HashMap<>();
        for (String l : lines) {
            m.merge(l, 1L, Long::sum);
        }
        return m;
    }

    private static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static String shorten(String s) {
        return Excerpts.fit(s, 80, "...");
    }
}
