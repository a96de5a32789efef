// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.RelationOperator;
import dev.patchverdict.behave.plan.WitnessPolarity;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** One relation on one tree, judged from recorded runs: holds, breaks, or abstains saying why. */
class RelationJudgeTest {
    private static final RunOutcome OK = new RunOutcome.Exited(0);

    static Relation relation(String operator, String options, int exit, Optional<WitnessPolarity> witness) {
        Command c = new Command(List.of("prog", "x"), ".", Map.of(), OptionalDouble.empty());
        Command t = new Command(List.of("prog", "reversed x"), ".", Map.of(), OptionalDouble.empty());
        return new Relation("r", Optional.empty(), c, t,
                RelationOperator.parse(operator, options == null ? null : BehaveFixture.parse(options)), exit, witness);
    }

    static Relation relation(String operator, String options) {
        return relation(operator, options, 0, Optional.empty());
    }

    static RunRecord run(RunOutcome o, String stdout) {
        byte[] b = stdout.getBytes(StandardCharsets.UTF_8);
        return new RunRecord(List.of("prog"), o, CapturedOutput.of(b, b.length), CapturedOutput.empty(),
                Duration.ofMillis(3));
    }

    static RelationRun.State state(Relation r, String source, String followup) {
        return RelationJudge.judge(r, run(OK, source), run(OK, followup)).state();
    }

    static final RelationRun.State HELD = RelationRun.State.HELD;
    static final RelationRun.State BROKEN = RelationRun.State.BROKEN;
    static final RelationRun.State ABSTAINED = RelationRun.State.ABSTAINED;

    @Test
    void theChecksEquivalencesCompareTheFollowupWithTheSource() {
        assertEquals(HELD, state(relation("exact", null), "3\n", "3\n"));
        assertEquals(BROKEN, state(relation("exact", null), "3\n", "3"));
        assertEquals(HELD, state(relation("set", null), "a\nb\n", "b\na\n"));
        assertEquals(HELD, state(relation("canonical", "{\"normalise_numbers\": true}"), "{\"n\": 1}", "{\"n\": 1.0}"));
        assertEquals(BROKEN, state(relation("canonical", null), "{\"n\": 1}", "{\"n\": 2}"));
        assertEquals(ABSTAINED, state(relation("canonical", null), "not json", "{}"),
                "a source that is not JSON cannot be compared, as an expected side that is not JSON");
        assertEquals(HELD, state(relation("tolerant", "{\"abs_tol\": 0.01}"), "x 1.000\n", "x 1.004\n"));
        assertEquals(BROKEN, state(relation("tolerant", "{\"abs_tol\": 0.01}"), "x 1.000\n", "x 1.1\n"));
    }

    @Test
    void twoEmptyOutputsAreNoEvidence() {
        for (String op : new String[] {"exact", "set", "permutation_of", "subset_of"}) {
            assertEquals(ABSTAINED, state(relation(op, null), "", ""), op);
        }
        assertEquals(BROKEN, state(relation("exact", null), "2\n", ""), "one empty output still differs");
        assertEquals(ABSTAINED, state(relation("numeric", "{\"comparison\": \"=\"}"), "2", ""));
        Relation witnessed = relation("exact", null, 0, Optional.of(WitnessPolarity.ANY));
        String w = "WITNESS: {\"argument\": \"by hand\"}\n";
        assertEquals(ABSTAINED, state(witnessed, w, w), "nothing but the witness");
    }

    @Test
    void outputsOfNothingButWhiteSpaceAreNoEvidence() {
        // print() before os._exit(0) is as cheap an early end as os._exit(0) alone.
        for (Relation r : List.of(relation("exact", null), relation("set", null), relation("tolerant", "{\"abs_tol\": 1}"),
                relation("permutation_of", null), relation("subset_of", null))) {
            assertEquals(ABSTAINED, state(r, "\n", "\n"), r.relation().operator());
            assertEquals(ABSTAINED, state(r, " \t\r\n", "\n\n"), r.relation().operator());
        }
        RelationRun r = RelationJudge.judge(relation("exact", null), run(OK, "\n"), run(OK, "\n"));
        assertEquals("both runs printed nothing to compare (at most white space)", r.reason());
        assertEquals(BROKEN, state(relation("exact", null), "2\n", "\n"), "one blank output still differs");
    }

    @Test
    void aFollowupOfNoItemsIsASubsetOfAnythingSoNoEvidence() {
        Relation s = relation("subset_of", null);
        assertEquals(ABSTAINED, state(s, "a\nb\n", "\n"), "white space");
        assertEquals(ABSTAINED, state(s, "[1, 2]", "[]"), "an empty array");
        assertEquals(ABSTAINED, state(s, "[1, 2]", " [ ]\n"), "an empty array, spaced");
        assertEquals("the followup printed no item, which is a subset of anything",
                RelationJudge.judge(s, run(OK, "[1, 2]"), run(OK, "[]")).reason());
        assertEquals(HELD, state(s, "[[]]", "[[]]"), "an empty array as an item is an item");
        assertEquals(HELD, state(s, "[]\n[]\n", "[]\n"), "lines that are not one array are items");
    }

    @Test
    void permutationOfComparesLinesOrTheElementsOfTwoArrays() {
        Relation p = relation("permutation_of", null);
        assertEquals(HELD, state(p, "a\nb\nb\n", "b\na\nb\n"));
        assertEquals(BROKEN, state(p, "a\nb\nb\n", "b\na\na\n"));
        assertEquals(HELD, state(p, "[3, 1, 2]", "[1, 2, 3]\n"), "the same elements in another order");
        assertEquals(BROKEN, state(p, "[3, 1, 2]", "[1, 2, 2]"));
        assertEquals(BROKEN, state(p, "[1, 2]", "[1.0, 2]"), "an element is compared in its canonical form");
        assertEquals(HELD, state(p, "[{\"a\": 1, \"b\": 2}]", "[{\"b\": 2, \"a\": 1}]"));
        RelationRun r = RelationJudge.judge(p, run(OK, "[3, 1, 2]"), run(OK, "[1, 2, 2]"));
        Comparison.Different d = (Comparison.Different) r.comparison().orElseThrow();
        assertEquals("element \"2\" (2 times in the followup, 1 in the source)", d.firstDifference());
        assertTrue(r.reason().contains("the source printed \"[3, 1, 2]\", the followup \"[1, 2, 2]\""), r.reason());
    }

    @Test
    void subsetOfCountsEveryItem() {
        Relation s = relation("subset_of", null);
        assertEquals(HELD, state(s, "a\nb\nc\n", "c\na\n"));
        assertEquals(ABSTAINED, state(s, "a\nb\n", ""), "an empty followup is a subset of anything: no evidence");
        assertEquals(BROKEN, state(s, "a\nb\n", "a\na\n"), "a line twice where the source has it once");
        assertEquals(BROKEN, state(s, "a\nb\n", "a\nz\n"));
        assertEquals(HELD, state(s, "[1, 2, 3]", "[3, 1]"));
        assertEquals(BROKEN, state(s, "[1, 2, 3]", "[4]"));
        Comparison.Different d = (Comparison.Different) RelationJudge.judge(s, run(OK, "a\n"), run(OK, "a\nz\n"))
                .comparison().orElseThrow();
        assertEquals("line \"z\" (1 times in the followup, 0 in the source)", d.firstDifference());
    }

    @Test
    void numericComparesTheFollowupsNumberWithTheSourcesWithinTolerance() {
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"=\"}"), "2\n", "2.0\n"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \"=\"}"), "2\n", "3\n"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"=\", \"rel_tol\": 0.01}"), "100", "100.5"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \">\"}"), "2", "3"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \">\"}"), "2", "2"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \">\", \"abs_tol\": 1}"), "2", "3"),
                "within the tolerance the numbers are equal, so not greater");
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \">=\", \"abs_tol\": 1}"), "2", "1.5"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \">=\"}"), "2", "1.5"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"<\"}"), "-1e300", "-2e300"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"<=\"}"), "7", "7"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \"<\"}"), "123456789012345678901234567890",
                "123456789012345678901234567891"), "integers are exact at any length");
        RelationRun r = RelationJudge.judge(relation("numeric", "{\"comparison\": \"=\"}"), run(OK, "2\n"), run(OK, "3\n"));
        assertTrue(r.reason().contains("followup 3 = source 2 does not hold"), r.reason());
    }

    @Test
    void aNumericRelationOnWhatIsNotOneNumberAbstains() {
        Relation eq = relation("numeric", "{\"comparison\": \"=\"}");
        assertEquals(ABSTAINED, state(eq, "two", "2"));
        assertEquals(ABSTAINED, state(eq, "2", "2\n2\n"));
        assertEquals(ABSTAINED, state(eq, "2", "NaN"));
        assertEquals(ABSTAINED, state(eq, "2", "0x10"));
        assertEquals(HELD, state(eq, "  2\n", "+2.0e0\r\n"), "white space around the number aside");
        RelationRun r = RelationJudge.judge(eq, run(OK, "2"), run(OK, "garbage 2"));
        assertTrue(r.reason().contains("the followup's output is not one number"), r.reason());
    }

    @Test
    void numbersAreBoundedAsTolerantTokensAre() {
        String thousand = "9".repeat(1000);
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \"=\", \"rel_tol\": 1e-9}"), thousand,
                "1e-300"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"<\"}"), thousand, "1.7e308"),
                "a double's largest is still less than 10^1000");
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \">\"}"), thousand, "1.7e308"));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \">\"}"), "1e-9999", "1e9999"),
                "exponents far apart are ordered without computing the difference");
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"=\", \"abs_tol\": 1}"), "1e9999",
                "1.0e9999"));
        // Past 1000 digits or 10^9999 a number equals only its own text, and has no order.
        String past = "9".repeat(1001);
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"=\"}"), past, past));
        assertEquals(HELD, state(relation("numeric", "{\"comparison\": \"<=\"}"), "1e10000", "1e10000"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \"=\"}"), past, "1"));
        assertEquals(BROKEN, state(relation("numeric", "{\"comparison\": \">\"}"), "1e99999999999", "1e99999999999"));
        assertEquals(ABSTAINED, state(relation("numeric", "{\"comparison\": \"<\"}"), past, "1"));
        assertEquals(ABSTAINED, state(relation("numeric", "{\"comparison\": \">=\"}"), "1", "1e10000"));
    }

    @Test
    void judgingPastTheTimeTheRunsLeftDecidesNothing() {
        long[] clock = {0};
        JudgeDeadline spent = JudgeDeadline.after(Duration.ZERO, () -> ++clock[0]);
        String big = java.util.stream.IntStream.range(0, 5000).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(",", "[", "]"));
        for (String op : new String[] {"permutation_of", "subset_of"}) {
            RelationRun r = RelationJudge.judge(relation(op, null), run(OK, big), run(OK, big), spent);
            assertEquals(ABSTAINED, r.state(), op);
            assertTrue(r.reason().contains("took longer than"), r.reason());
        }
        assertEquals(HELD, RelationJudge.judge(relation("subset_of", null), run(OK, big), run(OK, big)).state());
    }

    @Test
    void aRunThatDidNotEndAsDeclaredMakesTheRelationAbstain() {
        Relation r = relation("exact", null);
        RunRecord ok = run(OK, "");
        assertAbstains(r, run(new RunOutcome.TimedOut(Duration.ofSeconds(5)), ""), ok, "the source run timed out");
        assertAbstains(r, ok, run(new RunOutcome.Exited(1), ""), "the followup run exited with status 1, not 0");
        assertAbstains(r, run(new RunOutcome.Signalled(11), ""), ok, "the source run killed by SIGSEGV");
        assertAbstains(r, ok, RunRecord.notRun(List.of("prog"), "no sandbox"), "did not run: no sandbox");
        assertAbstains(r, new RunRecord(List.of("prog"), OK, CapturedOutput.of(new byte[4], 100), CapturedOutput.empty(),
                Duration.ZERO), ok, "stdout was cut at the output cap (4 of 100 bytes kept)");
        // A declared status is the one both runs must exit with; 0 is then a failure like any other.
        Relation fails = relation("exact", null, 3, Optional.empty());
        assertEquals(HELD, RelationJudge.judge(fails, run(new RunOutcome.Exited(3), "x"),
                run(new RunOutcome.Exited(3), "x")).state());
        assertAbstains(fails, run(OK, "x"), run(new RunOutcome.Exited(3), "x"), "exited with status 0, not 3");
    }

    private static void assertAbstains(Relation r, RunRecord source, RunRecord followup, String why) {
        RelationRun run = RelationJudge.judge(r, source, followup);
        assertEquals(ABSTAINED, run.state());
        assertTrue(run.reason().contains(why), run.reason());
    }

    @Test
    void aRequiredWitnessIsReadFromEachRunAndLeftOutOfTheComparison() {
        Relation r = relation("numeric", "{\"comparison\": \"=\"}", 0, Optional.of(WitnessPolarity.NEGATIVE));
        String w1 = "WITNESS: {\"search_exhausted\": true, \"nodes_explored\": 4, \"method\": \"all\"}\n";
        String w2 = "WITNESS: {\"search_exhausted\": true, \"nodes_explored\": 9, \"method\": \"all\"}\n";
        assertEquals(HELD, state(r, "2\n" + w1, "2\n" + w2), "the witnesses differ, the numbers do not");
        assertEquals(BROKEN, state(r, "2\n" + w1, w2 + "3\n"));
        assertAbstains(r, run(OK, "2\n"), run(OK, "2\n" + w2), "the source run has no valid negative witness");
        assertAbstains(r, run(OK, "2\n" + w1), run(OK, "2\nWITNESS: {\"data\": {\"x\": 1}}\n"),
                "the followup run has no valid negative witness");
        // Only the witness that counts (the last) is left out: an earlier one is output like any other.
        assertEquals(ABSTAINED, state(r, "2\n" + w1, w2 + "2\n" + w1));
    }

    @Test
    void theWitnessLineThatCountsIsTheOneLeftOut() {
        byte[] out = "a\nWITNESS: 1\nb\nWITNESS: 2\nc".getBytes(StandardCharsets.UTF_8);
        assertEquals("a\nWITNESS: 1\nb\nc", new String(RelationJudge.withoutLastWitnessLine(out), StandardCharsets.UTF_8));
        assertEquals("x\n", new String(RelationJudge.withoutLastWitnessLine("x\nWITNESS: 2".getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8));
        assertEquals(" WITNESS: 2\n", new String(RelationJudge.withoutLastWitnessLine(
                " WITNESS: 2\n".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8), "only at a line's start");
    }
}
