// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.plan.Equivalence;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EquivalenceTest {

    private static Equivalence op(String operator, String options) {
        JsonNode o = options == null ? null : BehaveFixture.parse(options);
        return Equivalence.parse(operator, o);
    }

    private static Comparison cmp(Equivalence eq, String expected, String observed) {
        return Equivalences.compare(eq, expected.getBytes(StandardCharsets.UTF_8), observed.getBytes(StandardCharsets.UTF_8));
    }

    private static Comparison.Different different(Comparison c) {
        return assertInstanceOf(Comparison.Different.class, c);
    }

    @Test
    void exactIsBytesAndTheDefault() {
        Equivalence exact = op("exact", null);
        assertEquals(Equivalence.EXACT, exact);
        assertEquals(new Comparison.Equivalent("exact"), cmp(exact, "a\nb\n", "a\nb\n"));
        Comparison.Different d = different(cmp(exact, "a\nb\nc\n", "a\nB\nc\n"));
        assertEquals("exact", d.operator());
        assertEquals("line 2", d.firstDifference());
        assertTrue(d.unifiedDiff().contains("--- expected"), d.unifiedDiff());
        assertTrue(d.unifiedDiff().contains("+++ observed"), d.unifiedDiff());
        assertTrue(d.unifiedDiff().contains("-b\n+B\n"), d.unifiedDiff());
        // A missing final newline is a difference in bytes.
        assertInstanceOf(Comparison.Different.class, cmp(exact, "a\n", "a"));
    }

    @Test
    void setIsAMultisetOfLines() {
        Equivalence set = op("set", "{}");
        assertEquals("set", set.operator());
        assertEquals(new Comparison.Equivalent("set"), cmp(set, "a\nb\nb\n", "b\na\nb\n"));
        Comparison.Different d = different(cmp(set, "a\nb\nb\n", "b\na\na\n"));
        assertTrue(d.firstDifference().contains("\"a\" (expected 1 times, observed 2)"), d.firstDifference());
        Comparison.Different extra = different(cmp(set, "a\n", "a\nz\n"));
        assertTrue(extra.firstDifference().contains("\"z\""), extra.firstDifference());
    }

    @Test
    void aLongLineNamedInTheFirstDifferenceIsCutBetweenCharactersNotInsideOne() {
        // 76 ASCII chars, then a character outside the BMP across the cut at 77.
        String line = "x".repeat(76) + "\uD83D\uDE00".repeat(10);
        Comparison.Different d = different(cmp(op("set", "{}"), "a\n", "a\n" + line + "\n"));
        assertEquals("line \"" + "x".repeat(76) + "...\" (not expected, observed 1 times)", d.firstDifference());
        Comparison.Different fits = different(cmp(op("set", "{}"), "a\n", "a\n" + "y".repeat(80) + "\n"));
        assertTrue(fits.firstDifference().contains("\"" + "y".repeat(80) + "\""), fits.firstDifference());
    }

    @Test
    void canonicalComparesJsonAfterDeclaredNormalisation() {
        Equivalence plain = op("canonical", "{}");
        assertEquals(new Comparison.Equivalent("canonical"), cmp(plain, "{\"a\":1,\"b\":[1,2]}", "{ \"b\": [1, 2], \"a\": 1 }"));
        Comparison.Different d = different(cmp(plain, "{\"a\":{\"b\":[1,2,3]}}", "{\"a\":{\"b\":[1,2,4]}}"));
        assertTrue(d.firstDifference().startsWith("JSON path /a/b/2"), d.firstDifference());
        assertTrue(d.unifiedDiff().contains("-      3") && d.unifiedDiff().contains("+      4"), d.unifiedDiff());

        Equivalence ignoring = op("canonical", "{\"ignore_keys\":[\"time\"]}");
        assertEquals(new Comparison.Equivalent("canonical"),
                cmp(ignoring, "{\"v\":1,\"time\":\"10:00\"}", "{\"v\":1,\"time\":\"11:00\"}"));
        assertInstanceOf(Comparison.Different.class, cmp(plain, "{\"v\":1,\"time\":\"10:00\"}", "{\"v\":1,\"time\":\"11:00\"}"));

        Equivalence strip = op("canonical", "{\"strip_whitespace\":true}");
        assertEquals(new Comparison.Equivalent("canonical"), cmp(strip, "{\"s\":\"x\"}", "{\"s\":\"  x\\n\"}"));
        assertInstanceOf(Comparison.Different.class, cmp(plain, "{\"s\":\"x\"}", "{\"s\":\"  x\\n\"}"));

        Equivalence numbers = op("canonical", "{\"normalise_numbers\":true}");
        assertEquals(new Comparison.Equivalent("canonical"), cmp(numbers, "[1, 2.50]", "[1.0, 2.5e0]"));
        Comparison.Different kinds = different(cmp(plain, "[1]", "[1.0]"));
        assertTrue(kinds.firstDifference().startsWith("JSON path /0"), kinds.firstDifference());
    }

    @Test
    void canonicalNamesMissingAndExtraKeys() {
        Equivalence plain = op("canonical", null);
        assertTrue(different(cmp(plain, "{\"a\":1,\"b\":2}", "{\"a\":1}")).firstDifference()
                .equals("JSON path /b (expected, missing in observed)"));
        assertTrue(different(cmp(plain, "{\"a\":1}", "{\"a\":1,\"c\":2}")).firstDifference()
                .equals("JSON path /c (not expected, present in observed)"));
    }

    @Test
    void canonicalObservedNotJsonIsDifferentButExpectedNotJsonIsUndecidable() {
        Equivalence plain = op("canonical", null);
        Comparison.Different d = different(cmp(plain, "{\"a\":1}", "a = 1"));
        assertTrue(d.firstDifference().contains("observed is not JSON"), d.firstDifference());
        assertInstanceOf(Comparison.Undecidable.class, cmp(plain, "not json", "{\"a\":1}"));
    }

    @Test
    void tolerantAllowsDeclaredNumericSlackOnly() {
        Equivalence tol = op("tolerant", "{\"abs_tol\":0.01}");
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "{\"pi\":3.14159,\"ok\":true}", "{\"pi\":3.1416,\"ok\":true}"));
        Comparison.Different far = different(cmp(tol, "{\"pi\":3.14159}", "{\"pi\":3.2}"));
        assertTrue(far.firstDifference().startsWith("JSON path /pi"), far.firstDifference());
        // Booleans are never numbers.
        assertInstanceOf(Comparison.Different.class, cmp(tol, "{\"ok\":true}", "{\"ok\":false}"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "{\"ok\":true}", "{\"ok\":1}"));

        Equivalence rel = op("tolerant", "{\"rel_tol\":1e-3}");
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(rel, "1000000\n", "1000500\n"));
        assertInstanceOf(Comparison.Different.class, cmp(rel, "1000000\n", "1002000\n"));

        // Text that is not JSON: line by line, token by token.
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "mean 2.000 ok\nsd 0.5\n", "mean 2.004 ok\nsd 0.499\n"));
        Comparison.Different token = different(cmp(tol, "mean 2.000 ok\n", "mean 2.000 bad\n"));
        assertEquals("line 1, token 5 (expected \"ok\", observed \"bad\")", token.firstDifference());
        assertInstanceOf(Comparison.Different.class, cmp(tol, "mean 2.000\n", "mean 2.5\n"));
    }

    @Test
    void unknownOperatorsAndBadOptionsAreUndecidableNeverExact() {
        for (Equivalence bad : new Equivalence[] {
                op("fuzzy", null), op("exact", "{\"ignore_case\":true}"), op("set", "{\"x\":1}"),
                op("canonical", "{\"ignore_keys\":\"time\"}"), op("canonical", "{\"sort\":true}"),
                op("tolerant", "{}"), op("tolerant", "{\"abs_tol\":-1}"), op("tolerant", "{\"abs_tol\":\"0.1\"}"),
                op("exact", "[]")}) {
            assertInstanceOf(Equivalence.Invalid.class, bad, bad.toString());
            // Identical bytes still do not make an invalid comparison pass.
            Comparison c = cmp(bad, "same\n", "same\n");
            assertInstanceOf(Comparison.Undecidable.class, c);
            assertEquals(Verdict.UNVERIFIED, c.verdict());
            assertEquals(bad.operator(), c.operator());
        }
    }

    @Test
    void everyComparisonIsStampedWithItsOperatorAndOptions() {
        Equivalence canon = op("canonical", "{\"ignore_keys\":[\"t\"],\"normalise_numbers\":true}");
        JsonNode stamp = canon.toJson();
        assertEquals("canonical", stamp.get("operator").textValue());
        assertEquals("t", stamp.get("options").get("ignore_keys").get(0).textValue());
        assertTrue(stamp.get("options").get("normalise_numbers").booleanValue());
        assertEquals("tolerant", cmp(op("tolerant", "{\"rel_tol\":0.1}"), "1", "2").operator());
    }

    @Test
    void tolerantKeepsEverythingButNumbersExact() {
        Equivalence tol = op("tolerant", "{\"abs_tol\":0.01}");
        // Whitespace is text: docs/behave.md says everything but numbers is exact.
        assertInstanceOf(Comparison.Different.class, cmp(tol, "mean 2.000 ok\n", "mean  2.000 ok\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "a\tb\n", "a b\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "x\n", " x\n"));
    }

    @Test
    void tolerantComparesNumbersThatDoNotFitADoubleExactly() {
        Equivalence tol = op("tolerant", "{\"rel_tol\":1e-9}");
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1e400\n", "7e999\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "v 1e400\n", "v 7e999\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "1e400\n", "1.0e400\n"));
        String big = "1" + "0".repeat(400);
        String bigger = "3" + "0".repeat(401);
        assertInstanceOf(Comparison.Different.class, cmp(tol, "[" + big + "]", "[" + bigger + "]"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "[" + big + "]", "[" + big + "]"));
    }

    @Test
    void invalidUtf8IsComparedAsBytesNeverAsReplacementCharacters() {
        byte[] e9 = {'c', 'a', 'f', (byte) 0xe9, '\n'};
        byte[] e8 = {'c', 'a', 'f', (byte) 0xe8, '\n'};
        for (Equivalence eq : java.util.List.of(op("set", null), op("tolerant", "{\"abs_tol\":0.1}"))) {
            assertInstanceOf(Comparison.Different.class, Equivalences.compare(eq, e9, e8), eq.operator());
            assertEquals(new Comparison.Equivalent(eq.operator()), Equivalences.compare(eq, e9, e9.clone()), eq.operator());
        }
    }

    @Test
    void tolerantNumbersPastTheBoundsEqualOnlyTheirOwnText() {
        Equivalence tol = op("tolerant", "{\"rel_tol\":1e-9}");
        // Computed with, each would need a number of a billion digits, or overflow BigDecimal's exponent.
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1\n", "1e999999999\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1e999999999\n", "1\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1\n", "1e99999999999\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "x 0.5\n", "x 1e-999999999\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "1e999999999\n", "1e999999999\n"));
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1e999999999\n", "1.0e999999999\n"));
        // 40,000 digits are past the bound: the same text only, though the last digit is within rel_tol.
        String big = "1" + "0".repeat(40_000);
        assertInstanceOf(Comparison.Different.class, cmp(tol, big + "\n", big.substring(0, 40_000) + "1\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, big + "\n", big + "\n"));
        // Within the bounds numbers are still compared exactly in decimal.
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "1e400\n", "1.0000000000001e400\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "0\n", "0e99999999999\n"));
        // Past a double, a difference is exact to the edge of the tolerance: 1e299 is within abs_tol 1e299.
        String past = "1." + "0".repeat(100) + "1e400\n";
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(op("tolerant", "{\"abs_tol\":1e299}"), "1e400\n", past));
        assertInstanceOf(Comparison.Different.class, cmp(op("tolerant", "{\"abs_tol\":9.999999999999999e298}"), "1e400\n", past));
        // Exponents far apart: the smaller number folds into the difference's last digit.
        assertInstanceOf(Comparison.Different.class, cmp(tol, "1e9999\n", "1e-9999\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(op("tolerant", "{\"rel_tol\":1}"), "1e9999\n", "1e-9999\n"));
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "v 0.000" + "0".repeat(990) + "1\n",
                "v 1e-994\n"));
    }

    @Test
    void tolerantTokensAreReadInOnePass() {
        Equivalence tol = op("tolerant", "{\"abs_tol\":0.5}");
        // A backtracking number pattern takes n^2 steps on n digits followed by a letter.
        String digits = "1".repeat(40_000);
        Comparison.Different d = different(cmp(tol, digits + "x\n", digits + "y\n"));
        assertTrue(d.firstDifference().startsWith("line 1, token 1 (expected \"111"), d.firstDifference());
        String spaced = "1" + " ".repeat(40_000) + "2";
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, spaced + "\n", spaced.replace("2", "2.1") + "\n"));
        // Runs of whitespace (a vertical tab among them) are tokens of their own, compared exactly.
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "a \t1.5\u000bb\n", "a \t1.55\u000bb\n"));
        assertEquals("line 1, token 2 (expected \" \\t\", observed \"  \")",
                different(cmp(tol, "a \t1.5\u000bb\n", "a  1.5\u000bb\n")).firstDifference());
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, "", ""));
        // Two million tokens on one line are compared where they stand, never listed.
        String many = "1.0 ".repeat(1_000_000);
        assertEquals(new Comparison.Equivalent("tolerant"), cmp(tol, many + "\n", many.replace("1.0", "1.1") + "\n"));
    }

    @Test
    void judgingStopsAtItsDeadlineAndDecidesNothing() {
        Equivalence tol = op("tolerant", "{\"abs_tol\":0.01}");
        // Every look at the clock finds another second gone; the run left 30 s of its wall limit.
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        JudgeDeadline deadline = JudgeDeadline.after(java.time.Duration.ofSeconds(30),
                () -> now.getAndAdd(1_000_000_000L));
        byte[] lines = "1.000 2.000 3.000\n".repeat(100_000).getBytes(StandardCharsets.UTF_8);
        Comparison c = Equivalences.compare(tol, lines, lines.clone(), deadline);
        Comparison.Undecidable u = assertInstanceOf(Comparison.Undecidable.class, c);
        assertEquals("comparing the output took longer than the 30.000 s the wall limit left after the run", u.reason());
        assertEquals(Verdict.UNVERIFIED, c.verdict());
        // A small output is compared before the clock is looked at again.
        assertEquals(new Comparison.Equivalent("tolerant"), Equivalences.compare(tol, "1.000\n".getBytes(StandardCharsets.UTF_8),
                "1.001\n".getBytes(StandardCharsets.UTF_8), deadline));
        for (String operator : new String[] {"exact", "set", "canonical"}) {
            Equivalence eq = op(operator, null);
            byte[] json = ("[" + "1,".repeat(200_000) + "1]").getBytes(StandardCharsets.UTF_8);
            byte[] other = ("[" + "1,".repeat(200_000) + "2]").getBytes(StandardCharsets.UTF_8);
            byte[] many = "x\n".repeat(200_000).getBytes(StandardCharsets.UTF_8);
            byte[] more = "y\n".repeat(200_000).getBytes(StandardCharsets.UTF_8);
            Comparison r = operator.equals("canonical") ? Equivalences.compare(eq, json, other, deadline)
                    : Equivalences.compare(eq, many, more, deadline);
            assertTrue(r instanceof Comparison.Undecidable || r instanceof Comparison.Different d
                    && d.unifiedDiff().contains("judging ran out of time"), operator + ": " + r);
        }
    }
}
