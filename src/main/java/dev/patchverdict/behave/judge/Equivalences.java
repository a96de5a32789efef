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
        return compare(eq, expected, observed, JudgeDeadline.NONE);
    }

    /** As {@link #compare(Equivalence, byte[], byte[])}, not decided once {@code deadline} has passed. */
    public static Comparison compare(Equivalence eq, byte[] expected, byte[] observed, JudgeDeadline deadline) {
        JudgeDeadline.Work work = new JudgeDeadline.Work(deadline);
        try {
            return compare(eq, expected, observed, work);
        } catch (JudgeDeadline.OutOfTime e) {
            return new Comparison.Undecidable(eq.operator(), e.getMessage());
        }
    }

    private static Comparison compare(Equivalence eq, byte[] expected, byte[] observed, JudgeDeadline.Work work) {
        // Java 17 has no pattern switch; the sealed interface keeps this list complete.
        if (eq instanceof Equivalence.Exact) {
            return exact(eq.operator(), expected, observed, work);
        }
        if (eq instanceof Equivalence.LineMultiset) {
            return lineMultiset(eq.operator(), expected, observed, work);
        }
        if (eq instanceof Equivalence.CanonicalJson c) {
            return JsonEquivalence.compare(eq.operator(), expected, observed,
                    new JsonEquivalence.Rules(c.ignoreKeys(), c.stripWhitespace(), c.normaliseNumbers(), 0, 0), work);
        }
        if (eq instanceof Equivalence.Tolerant t) {
            return JsonEquivalence.compareTolerant(eq.operator(), expected, observed, t.absTol(), t.relTol(), work);
        }
        if (eq instanceof Equivalence.Invalid i) {
            return new Comparison.Undecidable(i.operator(), i.reason());
        }
        throw new IllegalStateException("no judgement for equivalence " + eq.operator());
    }

    private static Comparison exact(String operator, byte[] expected, byte[] observed, JudgeDeadline.Work work) {
        if (Arrays.equals(expected, observed)) {
            return new Comparison.Equivalent(operator);
        }
        String a = utf8(expected);
        String b = utf8(observed);
        return new Comparison.Different(operator, TextDiff.firstDifferingLine(a, b, work),
                TextDiff.unified(TextDiff.head(a), TextDiff.head(b), work));
    }

    private static Comparison lineMultiset(String operator, byte[] expected, byte[] observed, JudgeDeadline.Work work) {
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
        return new Comparison.Different(operator, firstUnmatched(inOrder, a, b, work), TextDiff.unified(a, b, work));
    }

    /** Names the first expected line (in expected order) whose count differs, or an extra line. */
    private static String firstUnmatched(List<String> expectedInOrder, List<String> a, List<String> b,
            JudgeDeadline.Work work) {
        Map<String, Long> ca = counts(a, work);
        Map<String, Long> cb = counts(b, work);
        for (String line : expectedInOrder) {
            work.step();
            long x = ca.getOrDefault(line, 0L);
            long y = cb.getOrDefault(line, 0L);
            if (x != y) {
                return "line \"" + SafeText.escape(shorten(line), REPORT) + "\" (expected " + x + " times, observed " + y + ")";
            }
        }
        for (String line : b) {
            work.step();
            if (!ca.containsKey(line)) {
                return "line \"" + SafeText.escape(shorten(line), REPORT) + "\" (not expected, observed " + cb.get(line)
                        + " times)";
            }
        }
        return "the line multiset";
    }

    private static Map<String, Long> counts(List<String> lines, JudgeDeadline.Work work) {
        Map<String, Long> m = new HashMap<>();
        for (String l : lines) {
            work.step();
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
