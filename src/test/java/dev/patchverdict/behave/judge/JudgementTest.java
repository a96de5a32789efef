// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.behave.BehaviouralRunner;
import dev.patchverdict.behave.plan.CheckKind;
import dev.patchverdict.behave.plan.CheckSpec;
import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Equivalence;
import dev.patchverdict.behave.plan.OutputExpectation;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The verdict rules for one check, on recorded runs: exit status decides, output never does. */
class JudgementTest {
    private static final RunOutcome OK = new RunOutcome.Exited(0);
    private static final RunOutcome FAIL = new RunOutcome.Exited(1);

    private static CheckSpec spec(CheckKind kind, OptionalInt baseCode, Optional<OutputExpectation> expect,
            Equivalence eq) {
        return new CheckSpec("c", kind, Optional.empty(),
                new Command(List.of("prog"), ".", Map.of(), OptionalDouble.empty()), 0, baseCode, expect, eq,
                Optional.empty());
    }

    private static CheckSpec spec(CheckKind kind) {
        return spec(kind, OptionalInt.empty(), Optional.empty(), Equivalence.EXACT);
    }

    private static RunRecord run(RunOutcome o, String stdout) {
        byte[] b = stdout.getBytes(StandardCharsets.UTF_8);
        return new RunRecord(List.of("prog"), o, CapturedOutput.of(b, b.length), CapturedOutput.empty(),
                Duration.ofMillis(3));
    }

    private static RunRecord run(RunOutcome o) {
        return run(o, "");
    }

    private static CheckResult judge(CheckSpec s, RunRecord base, RunRecord patched) {
        return BehaviouralRunner.judge(s, Optional.ofNullable(base), patched);
    }

    @Test
    void reproductionMustFailOnTheBaseAndPassWithThePatch() {
        CheckSpec r = spec(CheckKind.REPRODUCTION);
        assertEquals(Verdict.PROVEN, judge(r, run(FAIL), run(OK)).verdict());
        assertEquals(Verdict.PROVEN, judge(r, run(new RunOutcome.Signalled(6)), run(OK)).verdict(),
                "an abort on the base is a failure");
        assertEquals(Verdict.REFUTED, judge(r, run(FAIL), run(FAIL)).verdict());
        assertEquals(Verdict.REFUTED, judge(r, run(FAIL), run(new RunOutcome.Signalled(11))).verdict());
        CheckResult green = judge(r, run(OK), run(OK));
        assertEquals(Verdict.UNVERIFIED, green.verdict(), "green on the base shows nothing about the defect");
        assertTrue(green.decidingReason().contains("does not reproduce the defect"), green.decidingReason());
    }

    @Test
    void aDeclaredBaseStatusMustBeTheOneObserved() {
        CheckSpec r = spec(CheckKind.REPRODUCTION, OptionalInt.of(1), Optional.empty(), Equivalence.EXACT);
        assertEquals(Verdict.PROVEN, judge(r, run(FAIL), run(OK)).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(r, run(new RunOutcome.Exited(2)), run(OK)).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(r, run(new RunOutcome.Signalled(11)), run(OK)).verdict());
    }

    @Test
    void outputNeverDecidesPassOrFail() {
        CheckSpec c = spec(CheckKind.CONTRACT);
        assertEquals(Verdict.REFUTED, judge(c, null, run(FAIL, "== 12 passed, 0 failed ==\nOK\n")).verdict());
        assertEquals(Verdict.PROVEN, judge(c, null, run(OK, "FAILED (errors=3)\n")).verdict());
    }

    @Test
    void timeoutsAndLimitKillsAreNoOutcome() {
        CheckSpec c = spec(CheckKind.CONTRACT);
        assertEquals(Verdict.UNVERIFIED, judge(c, null, run(new RunOutcome.TimedOut(Duration.ofSeconds(1)))).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(c, null, run(new RunOutcome.Signalled(9))).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(c, null, run(new RunOutcome.Signalled(24))).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(c, null, run(new RunOutcome.NotRun("no sandbox"))).verdict());
        // Not exit status 137: the record says what happened.
        assertTrue(new RunOutcome.Signalled(9).describe().contains("SIGKILL"));
    }

    @Test
    void preserveNeedsAPassingBaseAndEquivalentOutput() {
        CheckSpec p = spec(CheckKind.PRESERVE);
        assertEquals(Verdict.PROVEN, judge(p, run(OK, "12\n"), run(OK, "12\n")).verdict());
        CheckResult changed = judge(p, run(OK, "12\n-10\n"), run(OK, "12\n10\n"));
        assertEquals(Verdict.REFUTED, changed.verdict());
        Comparison.Different d = (Comparison.Different) changed.comparisons().get(0).comparison();
        assertEquals("line 2", d.firstDifference());
        assertEquals(Verdict.REFUTED, judge(p, run(OK, "12\n"), run(FAIL, "12\n")).verdict());
        assertEquals(Verdict.UNVERIFIED, judge(p, run(FAIL), run(OK)).verdict(), "nothing to preserve");
        CheckSpec set = spec(CheckKind.PRESERVE, OptionalInt.empty(), Optional.empty(), Equivalence.parse("set", null));
        assertEquals(Verdict.PROVEN, judge(set, run(OK, "a\nb\n"), run(OK, "b\na\n")).verdict());
    }

    @Test
    void truncatedOutputCannotBeCompared() {
        CheckSpec p = spec(CheckKind.PRESERVE);
        byte[] kept = "yyyy".getBytes(StandardCharsets.UTF_8);
        RunRecord flood = new RunRecord(List.of("prog"), OK, CapturedOutput.of(kept, 1L << 30), CapturedOutput.empty(),
                Duration.ofSeconds(1));
        CheckResult r = judge(p, flood, flood);
        assertEquals(Verdict.UNVERIFIED, r.verdict());
        assertTrue(r.decidingReason().contains("output cap"), r.decidingReason());
    }

    @Test
    void expectedStdoutFailingOnTheBaseIsThePlansProblem() {
        CheckSpec p = spec(CheckKind.PRESERVE, OptionalInt.empty(),
                Optional.of(new OutputExpectation(Equivalence.EXACT, "12\n")), Equivalence.EXACT);
        assertEquals(Verdict.UNVERIFIED, judge(p, run(OK, "13\n"), run(OK, "13\n")).verdict());
        assertEquals(Verdict.REFUTED, judge(p, run(OK, "12\n"), run(OK, "13\n")).verdict());
        assertEquals(Verdict.PROVEN, judge(p, run(OK, "12\n"), run(OK, "12\n")).verdict());
    }
}
