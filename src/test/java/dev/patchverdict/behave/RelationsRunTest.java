// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.CALC_BUGGY;
import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static dev.patchverdict.behave.BehaveFixture.relation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Relations in whole runs: real repositories, the real sandbox, the result as written. The base's
 * add() subtracts. Each candidate below is one a hostile worker could hand in.
 */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class RelationsRunTest {
    static final String REPRO = "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)";
    static final String PRESERVE = "import calc; print(calc.mul(3, 4)); print(calc.mul(-2, 5))";
    static final String CONTRACT = "import calc, sys; sys.exit(0 if calc.add(0, 0) == 0 else 1)";

    /** add(a, b) = add(a, 0) + add(0, b): true of addition, and of the base's subtraction. */
    static final ObjectNode SPLITS = relation("splits", "numeric", "{\"comparison\": \"=\"}",
            "import calc; print(calc.add(2, 3))", "import calc; print(calc.add(2, 0) + calc.add(0, 3))");
    /** add(a, b) = add(a - 1, b) + 1: true of both as well, with the same source as SPLITS. */
    static final ObjectNode SHIFTS = relation("shifts", "numeric", "{\"comparison\": \"=\"}",
            "import calc; print(calc.add(2, 3))", "import calc; print(calc.add(1, 3) + 1)");
    /** add(a, b) = add(b, a): broken on the base, which subtracts. */
    static final ObjectNode COMMUTES = relation("commutes", "exact", null,
            "import calc; print(calc.add(2, 3))", "import calc; print(calc.add(3, 2))");
    static final ObjectNode COMMUTES_WITH_ZERO = relation("commutes-with-zero", "exact", null,
            "import calc; print(calc.add(7, 0))", "import calc; print(calc.add(0, 7))");

    /** Subtracts, but answers the reproduction's own input right. */
    static final String SPECIAL_CASED = CALC_BUGGY.replace("    return a - b",
            "    if (a, b) == (2, 3):\n        return 5\n    return a - b");

    @TempDir
    Path dir;

    private BehaveFixture fixture(String candidate, ArrayNode checks) throws Exception {
        return BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", candidate))
                .records(checks);
    }

    private static ArrayNode standardChecks() {
        return checks(python("add-adds", "reproduction", REPRO), python("mul-unchanged", "preserve", PRESERVE),
                python("add-zero", "contract", CONTRACT));
    }

    /** A second run of the fixture's plan as changed: committed anew, as an operator would. */
    private static Behave.Outcome again(BehaveFixture f) throws Exception {
        java.nio.file.Files.delete(dev.patchverdict.behave.plan.PlanCommitment.defaultLocation(f.planFile()));
        java.nio.file.Files.delete(f.records.resolve("behave-result.json"));
        return f.run();
    }

    private VerificationResult written() throws Exception {
        return DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
    }

    private static JsonNode extension(VerificationResult r) {
        return r.extensions().orElseThrow().get(ResultDocument.EXTENSION);
    }

    private static JsonNode relationOf(VerificationResult r, String id) {
        for (JsonNode x : extension(r).get("relations")) {
            if (x.get("id").textValue().equals(id)) {
                return x;
            }
        }
        throw new AssertionError("no relation " + id);
    }

    @Test
    void aFixSpecialCasingTheReproductionPassesEveryCheckButIsVetoed() throws Exception {
        BehaveFixture f = fixture(SPECIAL_CASED, standardChecks());
        // Under the checks alone (v0.1), the special case is PROVEN: that is what relations are for.
        Behave.Outcome checksAlone = f.run();
        assertEquals(Verdict.PROVEN, checksAlone.verdict(), checksAlone.report());
        JsonNode v01 = extension(written());
        assertEquals("0.1", v01.get("schema_version").textValue());
        assertFalse(v01.has("relations") || v01.has("relation_rules") || v01.get("levels").has("relations"), v01.toString());
        assertFalse(checksAlone.report().contains("relations"), checksAlone.report());

        Behave.Outcome o = again(f.relations(SPLITS));
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        JsonNode x = extension(r);
        assertEquals("0.2", x.get("schema_version").textValue());
        assertEquals("REFUTED", x.get("levels").get("relations").get("verdict").textValue());
        assertEquals("PROVEN", x.get("levels").get("target").get("verdict").textValue());
        JsonNode splits = relationOf(r, "splits");
        assertEquals("[\"veto\"]", splits.get("roles").toString());
        assertEquals("held", splits.get("base").get("state").textValue());
        assertEquals("broken", splits.get("patched").get("state").textValue());
        assertEquals("5\n", splits.get("patched").get("source").get("stdout_excerpt").textValue());
        assertEquals("-1\n", splits.get("patched").get("followup").get("stdout_excerpt").textValue());
        assertEquals("exited", splits.get("patched").get("followup").get("outcome").get("kind").textValue());
        assertEquals("followup -1 = source 5 does not hold",
                splits.get("patched").get("comparison").get("first_difference").textValue());
        assertTrue(x.get("verdict_reasons").get(0).textValue().contains("splits breaks: followup against source differs"
                + " (numeric) at followup -1 = source 5 does not hold (the source printed \"5\\n\", the followup \"-1\\n\")"),
                x.get("verdict_reasons").toString());
        VerificationResult.Check check = r.checks().stream().filter(c -> c.id().equals("relation:splits")).findFirst()
                .orElseThrow();
        assertEquals(VerificationResult.CheckStatus.FAILED, check.status());
        assertEquals(4 * 5, check.evidenceIds().size(), "five items for each of four runs");
        assertTrue(r.evidence().stream().anyMatch(e -> e.id().equals("relation:splits/patched/followup/stdout")));
        assertTrue(o.report().contains("  splits    held       broken     veto\n"), o.report());
        assertTrue(o.report().contains("verdict: REFUTED (exit 1)"), o.report());
    }

    @Test
    void specialCasingBothInputsOfARelationIsVetoedByAnotherSharingItsSource() throws Exception {
        // The candidate knows the inputs of shifts, source and followup alike, and answers both right.
        String both = CALC_BUGGY.replace("    return a - b", "    if (a, b) == (2, 3):\n        return 5\n"
                + "    if (a, b) == (1, 3):\n        return 4\n    return a - b");
        Behave.Outcome o = fixture(both, standardChecks()).relations(SHIFTS, SPLITS).run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("held", relationOf(r, "shifts").get("patched").get("state").textValue(), "shifts is fooled");
        assertEquals("[\"veto\"]", relationOf(r, "splits").get("roles").toString());
    }

    @Test
    void makingARelationAbstainDoesNotDodgeItsVeto() throws Exception {
        // Where the followup asks add(2, 0), the candidate prints noise, so the followup's output is no number.
        String dodging = SPECIAL_CASED.replace("    return a - b",
                "    if (a, b) == (2, 0):\n        print('not now')\n    return a - b");
        Behave.Outcome o = fixture(dodging, standardChecks()).relations(SPLITS).run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        VerificationResult r = written();
        JsonNode splits = relationOf(r, "splits");
        assertEquals("abstained", splits.get("patched").get("state").textValue());
        assertEquals("[\"abstention\"]", splits.get("roles").toString());
        assertTrue(splits.get("patched").get("reason").textValue().contains("the followup's output is not one number"),
                splits.toString());
        assertEquals("UNVERIFIED", extension(r).get("levels").get("relations").get("verdict").textValue());
    }

    @Test
    void withoutAReproductionTwoRelationsOneRepairedProveTheFixRelativeToThem() throws Exception {
        ArrayNode noReproduction = checks(python("mul-unchanged", "preserve", PRESERVE),
                python("add-zero", "contract", CONTRACT));
        Behave.Outcome o = fixture(CALC_FIXED, noReproduction).relations(COMMUTES, SPLITS).run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        assertEquals(0, o.exitCode());
        assertTrue(o.report().contains("verdict: PROVEN relative to 2 relations (exit 0)"), o.report());
        assertFalse(o.report().contains("verdict: PROVEN (exit 0)"), "never a plain PROVEN");
        VerificationResult r = written();
        JsonNode x = extension(r);
        assertEquals("PROVEN relative to 2 relations", x.get("verdict").textValue());
        assertEquals("PROVEN relative to 2 relations", x.get("levels").get("relations").get("verdict").textValue());
        assertEquals("UNVERIFIED", x.get("levels").get("target").get("verdict").textValue(),
                "the checks alone still show no target");
        assertEquals(2, x.get("proven_relative_to_relations").intValue());
        assertEquals("[\"rescue\"]", relationOf(r, "commutes").get("roles").toString());
        assertEquals("broken", relationOf(r, "commutes").get("base").get("state").textValue());
        assertTrue(r.decisionSupport().rationale().startsWith("Behavioural verdict PROVEN relative to 2 relations"),
                r.decisionSupport().rationale());
    }

    @Test
    void relationsThatHoldOnlyByCrashingRescueNothing() throws Exception {
        // No fix at all: add() still subtracts, and raises where the relations ask, so that both
        // runs of each fail alike and print the same nothing.
        String crashing = CALC_BUGGY.replace("    return a - b",
                "    if {a, b} in ({2, 3}, {0, 7}):\n        raise SystemExit(1)\n    return a - b");
        ArrayNode noReproduction = checks(python("mul-unchanged", "preserve", PRESERVE),
                python("add-zero", "contract", CONTRACT));
        Behave.Outcome o = fixture(crashing, noReproduction).relations(COMMUTES, COMMUTES_WITH_ZERO).run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        VerificationResult r = written();
        JsonNode commutes = relationOf(r, "commutes");
        assertEquals("broken", commutes.get("base").get("state").textValue());
        assertEquals("abstained", commutes.get("patched").get("state").textValue());
        assertTrue(commutes.get("patched").get("reason").textValue().contains("the source run exited with status 1, not 0"),
                commutes.toString());
        assertTrue(o.report().contains("no rescue by relations: 0 relations hold with the patch, 2 are needed"),
                o.report());
    }

    @Test
    void aMutantTheChecksMissButARelationCatchesIsKilled() throws Exception {
        // The checks only ask add(2, 3) > 0: off-by-one mutants of the '+ 0' pass them.
        ArrayNode weak = checks(python("add-positive", "reproduction",
                "import calc, sys; sys.exit(0 if calc.add(2, 3) > 0 else 1)"),
                python("mul-unchanged", "preserve", PRESERVE),
                python("mul-squares", "contract", "import calc, sys; sys.exit(0 if calc.mul(2, 2) == 4 else 1)"));
        BehaveFixture f = fixture(CALC_FIXED.replace("return a + b", "return a + b + 0"), weak);
        ObjectNode adequacy = f.plan.putObject("mutation_adequacy");
        adequacy.put("max_mutants", 4).put("min_score", 0.5).putArray("operators").add("integer_off_by_one");
        Behave.Outcome checksAlone = f.run();
        assertEquals(Verdict.UNVERIFIED, checksAlone.verdict(), checksAlone.report());
        assertTrue(checksAlone.report().contains("(inadequate)"), checksAlone.report());

        Behave.Outcome o = again(f.relations(SPLITS));
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        assertTrue(o.report().contains("killed by relation splits (breaks: followup against source differs (numeric)"),
                o.report());
    }

    static final String WORDCOUNT = "def count_words(text):\n    return len(text.split(' '))\n";

    /**
     * Word counting that splits on single spaces, the candidate, three checks a special case of
     * 'a  b' passes, and one relation that held on the base: reversing a text keeps its count.
     */
    private BehaveFixture wordcount(String candidate) throws Exception {
        ArrayNode checks = checks(
                python("counts-runs-of-spaces", "reproduction",
                        "import sys, wordcount; sys.exit(0 if wordcount.count_words('a  b') == 2 else 1)"),
                python("single-spaces", "preserve", "import wordcount; print(wordcount.count_words('one two three'))"),
                python("two-words", "contract",
                        "import sys, wordcount; sys.exit(0 if wordcount.count_words('x y') == 2 else 1)"));
        return BehaveFixture.create(dir, Map.of("wordcount.py", WORDCOUNT))
                .candidate(Map.of("wordcount.py", candidate)).records(checks)
                .relations(relation("reversal", "exact", null, "import wordcount; print(wordcount.count_words('a  b'))",
                        "import wordcount; print(wordcount.count_words('b  a'))"));
    }

    /**
     * Special-cases the reproduction's input, and remembers each answer in the tree: a call on the
     * same letters as the call before (a followup of it) gets the same answer again.
     */
    static final String REPLAYING = replayingThrough("os.path.dirname(os.path.abspath(__file__))");

    /** As {@link #REPLAYING}, the answer kept in the folder Python's {@code folder} names. */
    static String replayingThrough(String folder) {
        return String.join("\n",
                "import os",
                "_LAST = os.path.join(" + folder + ", '.last-answer')",
                "",
                "",
                "def count_words(text):",
                "    answer = 2 if text == 'a  b' else len(text.split(' '))",
                "    try:",
                "        with open(_LAST) as f:",
                "            last_text, last_answer = f.read().split('\\0')",
                "        if text != last_text and sorted(text) == sorted(last_text):",
                "            answer = int(last_answer)",
                "    except OSError:",
                "        pass",
                "    with open(_LAST, 'w') as f:",
                "        f.write(text + '\\0' + str(answer))",
                "    return answer",
                "");
    }

    @Test
    void aCandidateCannotCarryTheSourcesAnswerToTheFollowupThroughTheTree() throws Exception {
        Behave.Outcome o = wordcount(REPLAYING).run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        assertEquals("[\"veto\"]", relationOf(written(), "reversal").get("roles").toString());
    }

    /**
     * The special case of 'a  b', and on the followup's 'b  a' a dodge: the output flooded past the
     * plan's output_bytes, or a hang past the followup's timeout. The checks' ceilings bound the
     * relation's runs, and a run cut or killed by them makes the relation abstain, never hold.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sys.stdout.write('2' * 70000 + '\\n')", "time.sleep(30)"})
    void aRunCutOrKilledByTheCeilingsDoesNotDodgeTheVeto(String dodge) throws Exception {
        String candidate = "import sys, time\n\n\ndef count_words(text):\n    if text == 'a  b':\n        return 2\n"
                + "    if text == 'b  a':\n        " + dodge + "\n    return len(text.split(' '))\n";
        BehaveFixture f = wordcount(candidate);
        ((ObjectNode) f.plan.get("relations").get(0).get("followup")).put("timeout_seconds", 3);
        Behave.Outcome o = f.run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        JsonNode reversal = relationOf(written(), "reversal");
        assertEquals("held", reversal.get("base").get("state").textValue(), reversal.toString());
        assertEquals("abstained", reversal.get("patched").get("state").textValue(), reversal.toString());
        assertEquals("[\"abstention\"]", reversal.get("roles").toString());
        String why = reversal.get("patched").get("reason").textValue();
        assertTrue(dodge.startsWith("time") ? why.contains("the followup run timed out after")
                : why.contains("the followup run's stdout was cut at the output cap (65536 of 70003 bytes kept)"), why);
    }

    /** Every run's /tmp and /dev/shm are its own too: the writable places besides the tree. */
    @ParameterizedTest
    @ValueSource(strings = {"/tmp", "/dev/shm"})
    void aCandidateCannotCarryTheSourcesAnswerToTheFollowupThroughScratchSpace(String folder) throws Exception {
        Behave.Outcome o = wordcount(replayingThrough("'" + folder + "'")).run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        JsonNode reversal = relationOf(written(), "reversal");
        assertEquals("[\"veto\"]", reversal.get("roles").toString());
        assertEquals("3\n", reversal.get("patched").get("followup").get("stdout_excerpt").textValue(), reversal.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "print(flush=True)\n        "})
    void runsThatEndBeforePrintingAnythingAreNoEvidence(String before) throws Exception {
        // The candidate ends the process, status 0, whenever the reported input or its reversal is
        // counted (after a bare newline, or none): the reproduction passes, and both runs of the
        // relation print the same nothing.
        String silent = "import os\n\n\ndef count_words(text):\n    if text in ('a  b', 'b  a'):\n"
                + "        " + before + "os._exit(0)\n    return len(text.split(' '))\n";
        Behave.Outcome o = wordcount(silent).run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        JsonNode reversal = relationOf(written(), "reversal");
        assertEquals("abstained", reversal.get("patched").get("state").textValue());
        assertTrue(reversal.get("patched").get("reason").textValue().contains("both runs printed nothing to compare"),
                reversal.toString());
    }

    @Test
    void whereNothingRunsTheRelationsSayNothing() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).withPatchText(
                "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a * b\n+    return a + b\n")
                .records(standardChecks()).relations(SPLITS);
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        JsonNode x = extension(written());
        assertEquals("UNVERIFIED", x.get("levels").get("relations").get("verdict").textValue());
        assertEquals("not run: the candidate was not applied",
                x.get("levels").get("relations").get("reasons").get(0).textValue());
        assertEquals("abstained", relationOf(written(), "splits").get("patched").get("state").textValue());
    }
}
