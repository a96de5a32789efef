// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.judge.Level;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.behave.sandbox.BubblewrapSandbox;
import dev.patchverdict.behave.sandbox.Processes;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.Sandbox;
import dev.patchverdict.behave.sandbox.TestSandbox;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole runs: real repositories, real git apply, real sandbox, the VerificationResult as written. */
@Tag(TestGroups.GIT)
class BehaveRunTest {
    static final String REPRO = "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)";
    static final String PRESERVE = "import calc; print(calc.mul(3, 4)); print(calc.mul(-2, 5))";
    static final String CONTRACT = "import calc; assert calc.add(-1, 1) == 0; assert calc.add(0, 0) == 0";

    @TempDir
    Path dir;

    static ArrayNode standardChecks() {
        return checks(python("add-adds", "reproduction", REPRO), python("mul-unchanged", "preserve", PRESERVE),
                python("add-identity", "contract", CONTRACT));
    }

    private BehaveFixture fixture(String candidate, ArrayNode checks) throws Exception {
        return BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", candidate))
                .records(checks);
    }

    private VerificationResult written() throws Exception {
        return DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
    }

    private static JsonNode extension(VerificationResult r) {
        return r.extensions().orElseThrow().get(ResultDocument.EXTENSION);
    }

    private static JsonNode check(VerificationResult r, String id) {
        for (JsonNode c : extension(r).get("checks")) {
            if (c.get("id").textValue().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no check " + id);
    }

    private static String level(VerificationResult r, Level l) {
        return extension(r).get("levels").get(l.key()).get("verdict").textValue();
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void redToGreenFixIsProven() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        assertEquals(0, o.exitCode());
        VerificationResult r = written();
        assertEquals(VerificationResult.Status.PASSED, r.status());
        assertEquals(VerificationResult.Recommendation.ACCEPT_CANDIDATE, r.decisionSupport().recommendation());
        assertEquals(f.commit, r.provenance().sourceRevision());
        assertEquals(dev.patchverdict.digest.Digests.canonical(f.plan), r.provenance().verifierConfigDigest().orElseThrow());
        assertEquals("patchverdict-behavioural-runner", r.verifier().id());
        for (Level l : Level.values()) {
            assertEquals("PROVEN", level(r, l), l.key());
        }
        // Five evidence items per run (2 + 2 + 1 runs) and three for the inputs.
        assertEquals(3 + 5 * 5, r.evidence().size());
        JsonNode base = check(r, "add-adds").get("base");
        assertEquals("exited", base.get("outcome").get("kind").textValue());
        assertEquals(1, base.get("outcome").get("code").intValue());
        assertTrue(o.report().contains("verdict: PROVEN (exit 0)"), o.report());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aFixThatBreaksAPreserveCheckIsRefutedWithTheDiff() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED.replace("return a * b", "return a * b if a > 0 else -a * b"),
                standardChecks());
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        assertEquals(1, o.exitCode());
        VerificationResult r = written();
        assertEquals(VerificationResult.Status.FAILED, r.status());
        assertEquals("PROVEN", level(r, Level.TARGET));
        assertEquals("REFUTED", level(r, Level.PRESERVE));
        JsonNode cmp = check(r, "mul-unchanged").get("comparisons").get(0);
        assertEquals("exact", cmp.get("operator").textValue());
        assertEquals("line 2", cmp.get("first_difference").textValue());
        assertTrue(cmp.get("unified_diff").textValue().contains("--10\n+10"), cmp.toString());
        assertTrue(r.findings().stream().anyMatch(x -> x.category() == VerificationResult.Category.REGRESSION));
        assertTrue(o.report().contains("first difference at line 2"), o.report());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aSpecialCasedFixIsCaughtByASecondReproductionInput() throws Exception {
        ArrayNode checks = standardChecks();
        checks.add(python("add-adds-other-input", "reproduction",
                "import calc, sys; sys.exit(0 if calc.add(10, 7) == 17 else 1)"));
        BehaveFixture f = fixture(BehaveFixture.CALC_BUGGY.replace("    return a - b",
                "    if (a, b) == (2, 3):\n        return 5\n    return a - b"), checks);
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("REFUTED", level(r, Level.TARGET));
        assertEquals("PROVEN", check(r, "add-adds").get("verdict").textValue(), "the special case passes");
        assertEquals("REFUTED", check(r, "add-adds-other-input").get("verdict").textValue());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void forgedPassedOutputWithExitOneHasFailed() throws Exception {
        ArrayNode checks = standardChecks();
        checks.add(python("claims-success", "contract",
                "print('===== 5 passed in 0.01s ====='); print('OK'); raise SystemExit(1)"));
        Behave.Outcome o = fixture(CALC_FIXED, checks).run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        JsonNode c = check(r, "claims-success");
        assertEquals("REFUTED", c.get("verdict").textValue());
        assertEquals(1, c.get("patched").get("outcome").get("code").intValue());
        assertEquals("REFUTED", level(r, Level.CONTRACT));
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aPatchThatDoesNotApplyIsRefutedAtTheAppliesLevel() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        f.withPatchText(f.patchText.replace(" def mul(a, b):", " def mull(a, b):"));
        f.records(standardChecks());
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("REFUTED", level(r, Level.APPLIES));
        assertEquals("UNVERIFIED", level(r, Level.EXECUTES));
        assertTrue(extension(r).get("levels").get("applies").get("reasons").get(0).textValue().contains("git apply"));
        assertEquals(0, r.metrics().stream().filter(m -> m.name().equals("runs")).findFirst().orElseThrow().value()
                .orElseThrow().doubleValue());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aTimeoutWithADoubleForkedChildIsUnverifiedAndLeavesNothingBehind() throws Exception {
        String marker = "pv-timeout-" + UUID.randomUUID();
        ArrayNode checks = standardChecks();
        ObjectNode sleeper = python("sleeps", "contract", String.join("\n",
                "import os, sys, time",
                "if os.fork() == 0:",
                "    os.setsid()",
                "    if os.fork() == 0:",
                "        time.sleep(300)",
                "    os._exit(0)",
                "time.sleep(300)"));
        ((ArrayNode) sleeper.get("argv")).add(marker);
        sleeper.put("timeout_seconds", 1.5);
        checks.add(sleeper);
        Behave.Outcome o = fixture(CALC_FIXED, checks).run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        assertEquals(2, o.exitCode());
        VerificationResult r = written();
        assertEquals(VerificationResult.Status.INCONCLUSIVE, r.status());
        assertEquals("UNVERIFIED", level(r, Level.EXECUTES));
        JsonNode outcome = check(r, "sleeps").get("patched").get("outcome");
        assertEquals("timed_out", outcome.get("kind").textValue(), "recorded as a timeout, not as exit 137");
        assertEquals(Optional.empty(), Processes.withMarker(marker), "no process of the check is left");
    }

    @Test
    void noSandboxMeansUnverifiedAndNothingRuns() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        Path flag = dir.resolve("ran-" + UUID.randomUUID());
        f.plan.withArray("checks").add(BehaveFixture.check("touch", "contract", "touch", flag.toString()));
        Behave.Settings none = new Behave.Settings(Clock.systemUTC(), TestSandbox.hostEnv(), "test", dir.resolve("tmp"),
                site -> new BubblewrapSandbox(Optional.empty(), Path.of("/bin/sh"), Optional.empty(), Optional.empty(),
                        site.scratch()));
        Behave.Outcome o = Behave.run(f.writeAndCommit(), none);
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("UNVERIFIED", level(r, Level.APPLIES), "the candidate is applied only inside the sandbox");
        assertEquals("UNVERIFIED", level(r, Level.EXECUTES));
        assertTrue(extension(r).get("levels").get("executes").get("reasons").get(0).textValue().contains("bubblewrap"));
        assertFalse(Files.exists(flag), "never an unsandboxed run");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void witnessPresentAbsentAndMalformed() throws Exception {
        ArrayNode checks = standardChecks();
        ObjectNode present = python("w-present", "contract",
                "import calc, json; print('WITNESS: ' + json.dumps({'data': {'add': [2, 3, calc.add(2, 3)]}}))");
        present.putObject("witness").put("polarity", "positive");
        ObjectNode negative = python("w-negative", "contract", String.join("\n",
                "import calc, json",
                "n = 0",
                "for a in range(-8, 8):",
                "    for b in range(-8, 8):",
                "        n += 1",
                "        assert calc.add(a, b) == calc.add(b, a)",
                "print('WITNESS: ' + json.dumps({'search_exhausted': True, 'nodes_explored': n,"
                        + " 'method': 'all pairs in [-8, 8)'}))"));
        negative.putObject("witness").put("polarity", "negative");
        ObjectNode absent = python("w-absent", "contract", "print('checked everything, trust me')");
        absent.putObject("witness").put("polarity", "any");
        ObjectNode malformed = python("w-malformed", "contract", "print('WITNESS: {\"data\": {}}')");
        malformed.putObject("witness").put("polarity", "positive");
        ObjectNode stray = python("w-stray", "contract", "print('WITNESS: oops')");
        checks.add(present).add(negative).add(absent).add(malformed).add(stray);
        Behave.Outcome o = fixture(CALC_FIXED, checks).run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("PROVEN", check(r, "w-present").get("verdict").textValue());
        assertEquals("present", check(r, "w-present").get("witness").get("state").textValue());
        assertEquals("PROVEN", check(r, "w-negative").get("verdict").textValue());
        assertEquals("UNVERIFIED", check(r, "w-absent").get("verdict").textValue());
        assertEquals("absent", check(r, "w-absent").get("witness").get("state").textValue());
        assertEquals("UNVERIFIED", check(r, "w-malformed").get("verdict").textValue());
        assertEquals("malformed", check(r, "w-malformed").get("witness").get("state").textValue());
        assertEquals("UNVERIFIED", check(r, "w-stray").get("verdict").textValue(), "malformed even if not required");
        assertEquals("UNVERIFIED", level(r, Level.CONTRACT));
        assertEquals("PROVEN", level(r, Level.TARGET));
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void expectedStdoutIsJudgedByItsDeclaredOperator() throws Exception {
        ArrayNode checks = standardChecks();
        ObjectNode canonical = python("json-report", "contract",
                "import calc, json, time; print(json.dumps({'time': time.time(), 'sum': calc.add(2, 3), 'ok': True}))");
        canonical.putObject("expect_stdout").put("operator", "canonical").put("body", "{\"ok\": true, \"sum\": 5}")
                .putObject("options").putArray("ignore_keys").add("time");
        ObjectNode set = python("lines", "contract", "import calc; print(calc.add(1, 1)); print(calc.add(0, 1))");
        set.putObject("expect_stdout").put("operator", "set").put("body", "1\n2\n");
        ObjectNode tolerant = python("ratio", "contract", "import calc; print(calc.add(1, 0.1) / 3)");
        tolerant.putObject("expect_stdout").put("operator", "tolerant").put("body", "0.4\n")
                .putObject("options").put("abs_tol", 0.001);
        ObjectNode unknown = python("fuzzy", "contract", "print('same')");
        unknown.putObject("expect_stdout").put("operator", "fuzzy").put("body", "same\n");
        checks.add(canonical).add(set).add(tolerant).add(unknown);
        Behave.Outcome o = fixture(CALC_FIXED, checks).run();
        VerificationResult r = written();
        assertEquals("PROVEN", check(r, "json-report").get("verdict").textValue(), o.report());
        assertEquals("canonical", check(r, "json-report").get("comparisons").get(0).get("operator").textValue());
        assertEquals("PROVEN", check(r, "lines").get("verdict").textValue(), o.report());
        JsonNode ratio = check(r, "ratio");
        assertEquals("REFUTED", ratio.get("verdict").textValue(), o.report());
        assertEquals("tolerant", ratio.get("comparisons").get(0).get("operator").textValue());
        assertTrue(ratio.get("comparisons").get(0).get("unified_diff").textValue().contains("-0.4"), ratio.toString());
        JsonNode fuzzy = check(r, "fuzzy");
        assertEquals("UNVERIFIED", fuzzy.get("verdict").textValue(), "never a silent exact");
        assertEquals("fuzzy", fuzzy.get("comparisons").get(0).get("operator").textValue());
        assertEquals(Verdict.REFUTED, o.verdict());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void weakChecksAreInadequateAndHoldTheVerdictAtUnverified() throws Exception {
        ArrayNode weak = checks(
                python("add-not-minus-one", "reproduction",
                        "import calc, sys; sys.exit(0 if calc.add(2, 3) != -1 else 1)"),
                python("mul-unchanged", "preserve", PRESERVE),
                python("imports", "contract", "import calc"));
        BehaveFixture f = fixture(CALC_FIXED, weak);
        f.plan.set("mutation_adequacy", BehaveFixture.parse(
                "{\"max_mutants\":10,\"min_score\":0.9,\"build\":{\"argv\":[\"python3\",\"-m\",\"py_compile\",\"calc.py\"],"
                        + "\"env\":{\"PATH\":\"/usr/bin:/bin\"}}}"));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        VerificationResult r = written();
        for (Level l : Level.values()) {
            assertEquals("PROVEN", level(r, l), "every level passes; only adequacy holds the verdict down");
        }
        JsonNode a = extension(r).get("mutation_adequacy");
        assertFalse(a.get("adequate").booleanValue(), a.toString());
        assertEquals(0.5, a.get("score").doubleValue(), 1e-9, a.toString());
        assertTrue(a.get("summary").textValue().contains("1 killed, 1 survived, 1 not viable"), a.toString());
        assertTrue(o.report().contains("(inadequate)"), o.report());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void strongChecksKillTheMutantsAndTheVerdictStands() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        f.plan.set("mutation_adequacy", BehaveFixture.parse(
                "{\"max_mutants\":10,\"min_score\":0.9,\"build\":{\"argv\":[\"python3\",\"-m\",\"py_compile\",\"calc.py\"],"
                        + "\"env\":{\"PATH\":\"/usr/bin:/bin\"}}}"));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        JsonNode a = extension(written()).get("mutation_adequacy");
        assertTrue(a.get("adequate").booleanValue(), a.toString());
        assertEquals(1.0, a.get("score").doubleValue(), 1e-9);
        for (JsonNode m : a.get("mutants")) {
            assertFalse(m.get("result").textValue().equals("survived"), m.toString());
        }
        assertTrue(a.get("mutants").toString().contains("does not compile"), "line deletion leaves an empty body");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void theResultIsWrittenOnlyWhereAsked() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        BehaveRequest withOutput = f.writeAndCommit();
        BehaveRequest noOutput = new BehaveRequest(withOutput.plan(), withOutput.workUnit(), withOutput.resultManifest(),
                withOutput.candidateRoot(), withOutput.staticResult(), withOutput.repo(), Optional.empty(),
                Optional.empty());
        Behave.Outcome o = Behave.run(noOutput, f.settings());
        assertEquals(Verdict.PROVEN, o.verdict());
        assertFalse(Files.exists(dir.resolve("records/behave-result.json")));
        String json = o.result().toJson().toString();
        assertTrue(json.getBytes(StandardCharsets.UTF_8).length > 0);
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aCandidateWithANonUtf8ByteIsMutatedWithoutAborting() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", CALC_FIXED));
        // A second section adding a Latin-1 line: the byte 0xE9 is not UTF-8.
        Files.write(f.candidateRoot.resolve("changes.patch"), ("diff --git a/notes.txt b/notes.txt\nnew file mode 100644\n"
                + "--- /dev/null\n+++ b/notes.txt\n@@ -0,0 +1 @@\n+caf\u00e9 = 1\n").getBytes(StandardCharsets.ISO_8859_1),
                java.nio.file.StandardOpenOption.APPEND);
        f.records(standardChecks());
        f.plan.set("mutation_adequacy", BehaveFixture.parse("{\"max_mutants\":20,\"min_score\":0.1}"));
        Behave.Outcome o = f.run();
        JsonNode a = extension(written()).get("mutation_adequacy");
        assertTrue(a.get("score").isNumber(), a.toString());
        assertTrue(a.get("mutants").toString().contains("notes.txt"), "the non-UTF-8 line is mutated too: " + a);
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
    }

    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    @Test
    void garbageGitSkipsAfterACorrectFixIsMutatedWithoutAnInternalError() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", CALC_FIXED));
        // git skips a hunk header without a final newline as garbage; the candidate still applies.
        f.withPatchText(f.patchText + "x\n@@ -1 +1,99999999999 @@").records(standardChecks());
        f.plan.set("mutation_adequacy", BehaveFixture.parse("{\"max_mutants\":10,\"min_score\":0.5}"));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        JsonNode a = extension(written()).get("mutation_adequacy");
        assertTrue(a.get("score").isNumber(), a.toString());
        assertTrue(a.get("mutants").size() > 0, a.toString());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aWrongFixAddingAPathLongerThanTheHostsPathLimitIsStillRefuted() throws Exception {
        // About 4,060 bytes: git applies it relative to the tree, but the tree's absolute path is longer than PATH_MAX.
        String deep = ("d".repeat(250) + "/").repeat(16) + "f".repeat(44);
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", CALC_FIXED.replace("a + b", "a * b")));
        f.withPatchText(f.patchText + BehaveFixture.newFile(deep, "x = 1\n")).records(standardChecks());
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        VerificationResult r = written();
        assertEquals("PROVEN", level(r, Level.APPLIES), o.report());
        assertEquals("REFUTED", level(r, Level.TARGET), o.report());
        try (var left = Files.list(dir.resolve("tmp"))) {
            assertEquals(java.util.List.of(), left.toList(), "the deep file is removed with the trees");
        }
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void anOutputNumberPastEveryBoundFailsItsCheckAndTheRunEndsWithAResult() throws Exception {
        ArrayNode checks = standardChecks();
        ObjectNode huge = python("prints-huge", "contract", "import calc; print('1e999999999' if calc.add(2, 3) == 5 else 0)");
        huge.putObject("expect_stdout").put("operator", "tolerant").put("body", "1\n")
                .putObject("options").put("rel_tol", 1e-9);
        checks.add(huge);
        Behave.Outcome o = fixture(CALC_FIXED, checks).run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        assertEquals("REFUTED", check(written(), "prints-huge").get("verdict").textValue());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aHugeOutputTokenLeavesASmallResultThatValidates() throws Exception {
        ArrayNode checks = standardChecks();
        ObjectNode big = python("big-token", "contract", "print('1' * 1200000)");
        big.putObject("expect_stdout").put("operator", "tolerant").put("body", "2\n");
        ObjectNode bigExact = python("big-line", "contract", "print('x' * 1200000)");
        bigExact.putObject("expect_stdout").put("operator", "exact").put("body", "y\n");
        ObjectNode witness = python("big-witness", "contract",
                "print('WITNESS: {\"data\": {\"v\": \"' + 'w' * 1200000 + '\"}}')");
        checks.add(big).add(bigExact).add(witness);
        BehaveFixture f = fixture(CALC_FIXED, checks);
        ((ObjectNode) f.plan.get("sandbox")).put("output_bytes", 2 << 20);
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), "the token differs");
        long size = Files.size(dir.resolve("records/behave-result.json"));
        assertTrue(size < 200_000, "1.2 MB of output is kept as digests and excerpts, not copied: " + size);
        VerificationResult r = written(); // the strict reader validates it against the schema
        JsonNode patched = check(r, "big-token").get("patched");
        assertEquals(1_200_001, patched.get("stdout_bytes").longValue());
        assertTrue(patched.get("stdout_excerpt").textValue().length() < 1100, "a bounded excerpt");
        assertEquals("malformed", check(r, "big-witness").get("witness").get("state").textValue());
        assertTrue(o.report().length() < 200_000, "the text report is bounded too: " + o.report().length());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void anOutputFolderTurnedIntoALinkToTheCandidateRootDuringTheRunIsRefusedAtWriteTime() throws Exception {
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        Path sub = Files.createDirectories(dir.resolve("out/sub"));
        BehaveRequest asked = f.writeAndCommit();
        BehaveRequest request = new BehaveRequest(asked.plan(), asked.workUnit(), asked.resultManifest(),
                asked.candidateRoot(), asked.staticResult(), asked.repo(), Optional.empty(),
                Optional.of(sub.resolve("result.json")));
        // The worker, who can write next to the output, swaps the folder for a link while the checks run.
        java.util.concurrent.atomic.AtomicBoolean swapped = new java.util.concurrent.atomic.AtomicBoolean();
        Behave.Settings settings = new Behave.Settings(Clock.systemUTC(), TestSandbox.hostEnv(), "test",
                dir.resolve("tmp"), site -> {
                    Sandbox real = BubblewrapSandbox.locate(site.tools(), site.scratch(), site.host());
                    return new ForwardingSandbox() {
                        @Override
                        public Sandbox real() {
                            return real;
                        }

                        @Override
                        public RunRecord run(RunRequest r) throws java.io.IOException {
                            if (swapped.compareAndSet(false, true)) {
                                Files.delete(sub);
                                Files.createSymbolicLink(sub, f.candidateRoot);
                            }
                            return real.run(r);
                        }
                    };
                });
        BehaveException e = org.junit.jupiter.api.Assertions.assertThrows(BehaveException.class,
                () -> Behave.run(request, settings));
        assertTrue(swapped.get());
        assertTrue(e.getMessage().contains("must be outside the candidate root"), e.getMessage());
        assertFalse(Files.exists(f.candidateRoot.resolve("result.json")), "nothing is planted in the candidate root");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void foldersAChecksMadeUnreadableLeaveNoTreeBehind() throws Exception {
        ArrayNode checks = standardChecks();
        checks.add(python("locks-folders", "contract", "import os; os.makedirs('d/e'); open('d/e/f', 'w').write('x');"
                + " os.chmod('d/e', 0); os.chmod('d', 0)"));
        BehaveFixture f = fixture(CALC_FIXED, checks);
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        try (var left = Files.list(dir.resolve("tmp"))) {
            assertEquals(java.util.List.of(), left.toList(), "the scratch space is empty after the run");
        }
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aRootRunnerWhoseSandboxUserCannotReachTheScratchSpaceRunsNothing() throws Exception {
        // Only a root runner hands the trees to another user; one that is not runs as itself, as every other run here.
        Assumptions.assumeTrue(BubblewrapSandbox.effectiveUid().orElseThrow() == 0, "the runner is not root here");
        BehaveFixture f = fixture(CALC_FIXED, standardChecks());
        Path closed = Files.createDirectories(dir.resolve("closed"));
        Files.setAttribute(closed, "unix:mode", 0700);
        Behave.Settings s = f.settings();
        Behave.Settings shut = new Behave.Settings(s.clock(), s.env(), s.toolVersion(), closed.resolve("tmp"),
                s.sandbox());
        Behave.Outcome o = Behave.run(f.writeAndCommit(), shut);
        assertEquals(Verdict.UNVERIFIED, o.verdict(), o.report());
        assertEquals(2, o.exitCode());
        assertTrue(o.report().matches("(?s).*the sandbox user [0-9]+:[0-9]+ cannot pass through " + java.util.regex.Pattern.quote(closed.toString()) + ".*"), o.report());
        assertEquals("UNVERIFIED", level(written(), Level.EXECUTES), "nothing ran, least of all as root");
    }
}
