// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BehaviouralPlansTest {
    static final String DIGEST = "sha256:" + "ab".repeat(32);

    static ObjectNode plan() {
        return (ObjectNode) BehaveFixture.parse("""
                {"schema_version":"0.1","kind":"behavioural_plan","execution_mode":"sandboxed_behavioural",
                 "id":"calc-fix.behave",
                 "binding":{"work_unit_id":"wu-calc-fix","work_unit_version":1,"work_unit_digest":"%s",
                            "source_revision":"%s","static_plan_digest":"%s"},
                 "runner":{"id":"patchverdict-behavioural-runner","adapter":"sandboxed-behavioural-runner",
                           "adapter_version":"0.1.0"},
                 "sandbox":{"wall_seconds":30,"cpu_seconds":10,"memory_mb":256,"output_bytes":65536,
                            "file_size_bytes":1048576},
                 "checks":[
                   {"id":"repro","kind":"reproduction","argv":["python3","-c","import calc"],
                    "base_expected_exit_code":1,"timeout_seconds":5,"env":{"PATH":"/usr/bin"},
                    "expect_stdout":{"operator":"canonical","options":{"ignore_keys":["t"]},"body":"{}"},
                    "witness":{"polarity":"positive"}},
                   {"id":"keep","kind":"preserve","argv":["sh","-c","echo hi"],"cwd":"src",
                    "equivalence":{"operator":"set"}},
                   {"id":"prop","kind":"contract","argv":["true"],"expected_exit_code":3}
                 ],
                 "mutation_adequacy":{"max_mutants":5,"min_score":0.8,"operators":["comparison_flip"],
                                      "build":{"argv":["python3","-m","py_compile","calc.py"]}}}
                """.formatted(DIGEST, "a".repeat(40), DIGEST));
    }

    static BehaviouralPlan parse(ObjectNode doc) throws BehaveException {
        return BehaviouralPlans.parse(doc, "plan.json");
    }

    static BehaveException refused(ObjectNode doc) {
        return assertThrows(BehaveException.class, () -> parse(doc));
    }

    @Test
    void readsAValidPlanIntoAnImmutableModel() throws Exception {
        BehaviouralPlan p = parse(plan());
        assertEquals("calc-fix.behave", p.id());
        assertEquals("a".repeat(40), p.binding().sourceRevision());
        assertEquals(RunnerIdentity.V0_1, p.runner());
        assertEquals(new SandboxLimits(30, 10, 256, 65536, 1048576), p.sandbox());
        CheckSpec repro = p.checks().get(0);
        assertEquals(CheckKind.REPRODUCTION, repro.kind());
        assertEquals(List.of("python3", "-c", "import calc"), repro.command().argv());
        assertEquals(Map.of("PATH", "/usr/bin"), repro.command().env());
        assertEquals(1, repro.baseExpectedExitCode().getAsInt());
        assertEquals(0, repro.expectedExitCode());
        assertEquals("canonical", repro.expectStdout().orElseThrow().equivalence().operator());
        assertEquals(WitnessPolarity.POSITIVE, repro.witness().orElseThrow());
        assertEquals(java.time.Duration.ofSeconds(5), repro.command().timeout(p.sandbox()));
        CheckSpec keep = p.checks().get(1);
        assertEquals("src", keep.command().cwd());
        assertInstanceOf(Equivalence.LineMultiset.class, keep.equivalence());
        assertEquals(java.time.Duration.ofSeconds(30), keep.command().timeout(p.sandbox()), "defaults to the wall limit");
        assertEquals(3, p.checks().get(2).expectedExitCode());
        MutationAdequacy m = p.mutationAdequacy().orElseThrow();
        assertEquals(java.util.Set.of(MutationOperator.COMPARISON_FLIP), m.operators());
        assertEquals(List.of("python3", "-m", "py_compile", "calc.py"), m.build().orElseThrow().argv());
        assertThrows(UnsupportedOperationException.class, () -> p.checks().add(keep));
    }

    @Test
    void aCheckTimeoutNeverExceedsTheWallLimit() throws Exception {
        ObjectNode doc = plan();
        ((ObjectNode) doc.get("checks").get(0)).put("timeout_seconds", 600);
        BehaviouralPlan p = parse(doc);
        assertEquals(java.time.Duration.ofSeconds(30), p.checks().get(0).command().timeout(p.sandbox()));
    }

    @Test
    void schemaViolationsAreRefusedWithTheirLocation() {
        ObjectNode extra = plan();
        extra.put("surprise", 1);
        assertTrue(refused(extra).getMessage().contains("surprise"), refused(extra).getMessage());

        ObjectNode shellString = plan();
        ((ObjectNode) shellString.get("checks").get(0)).put("argv", "python3 -c 'import calc'");
        assertTrue(refused(shellString).getMessage().contains("argv"), refused(shellString).getMessage());

        ObjectNode emptyArgv0 = plan();
        ((ArrayNode) emptyArgv0.get("checks").get(2).get("argv")).set(0, BehaveFixture.JSON.getNodeFactory().textNode(""));
        refused(emptyArgv0);

        ObjectNode climbing = plan();
        ((ObjectNode) climbing.get("checks").get(1)).put("cwd", "../outside");
        refused(climbing);
        ObjectNode absolute = plan();
        ((ObjectNode) absolute.get("checks").get(1)).put("cwd", "/etc");
        refused(absolute);

        ObjectNode shortRevision = plan();
        ((ObjectNode) shortRevision.get("binding")).put("source_revision", "main");
        refused(shortRevision);

        ObjectNode otherRunner = plan();
        ((ObjectNode) otherRunner.get("runner")).put("id", "agent-7");
        refused(otherRunner);

        ObjectNode badEnv = plan();
        ((ObjectNode) badEnv.get("checks").get(0).get("env")).put("LD PRELOAD", "x");
        refused(badEnv);

        ObjectNode noChecks = plan();
        noChecks.putArray("checks");
        refused(noChecks);
    }

    @Test
    void baseExpectationsBelongToReproductionsAndEquivalenceToPreserves() {
        ObjectNode base = plan();
        ((ObjectNode) base.get("checks").get(2)).put("base_expected_exit_code", 1);
        refused(base);
        ObjectNode eq = plan();
        ((ObjectNode) eq.get("checks").get(2)).putObject("equivalence").put("operator", "exact");
        refused(eq);
        ObjectNode same = plan();
        ((ObjectNode) same.get("checks").get(0)).put("base_expected_exit_code", 0);
        assertTrue(refused(same).getMessage().contains("could not fail"), refused(same).getMessage());
    }

    @Test
    void duplicateCheckIdsAreRefused() {
        ObjectNode dup = plan();
        ((ObjectNode) dup.get("checks").get(1)).put("id", "repro");
        assertTrue(refused(dup).getMessage().contains("declared twice"));
    }

    @Test
    void anUnknownOperatorIsKeptAndBecomesUnverifiedNotExact() throws Exception {
        ObjectNode doc = plan();
        ((ObjectNode) doc.get("checks").get(0).get("expect_stdout")).put("operator", "fuzzy");
        BehaviouralPlan p = parse(doc);
        Equivalence e = p.checks().get(0).expectStdout().orElseThrow().equivalence();
        assertInstanceOf(Equivalence.Invalid.class, e);
        assertEquals("fuzzy", e.operator());
    }

    @Test
    void selectedOnlyByExplicitKindAndVersion() {
        // Found by DocumentReadingFuzzTest: a plan without a version made the reader throw a NullPointerException.
        for (String missing : new String[] {"absent", "null", "a number"}) {
            ObjectNode v = plan();
            switch (missing) {
                case "absent" -> v.remove("schema_version");
                case "null" -> v.putNull("schema_version");
                default -> v.put("schema_version", 0.2);
            }
            assertTrue(refused(v).getMessage().contains("schema_version is missing; this runner reads \"0.1\" or \"0.2\""),
                    missing + ": " + refused(v).getMessage());
        }
        ObjectNode v3 = plan();
        v3.put("schema_version", "0.3");
        assertTrue(refused(v3).getMessage().contains("\"0.3\" is not supported; this runner reads \"0.1\" or \"0.2\""),
                refused(v3).getMessage());
        // A v0.1 plan relabelled is read against the v0.2 schema, never guessed back to v0.1.
        ObjectNode v2 = plan();
        v2.put("schema_version", "0.2");
        assertTrue(refused(v2).getMessage().contains("BehaviouralPlan v0.2 schema"), refused(v2).getMessage());
        assertTrue(refused(v2).getMessage().contains("relations"), refused(v2).getMessage());
        ObjectNode noKind = plan();
        noKind.remove("kind");
        noKind.remove("execution_mode");
        assertTrue(refused(noKind).getMessage().contains("not a behavioural plan"));
    }

    @Test
    void aMetadataOnlyPlanIsNeverRunAndNamesTheRightCommand() {
        ObjectNode evaluator = (ObjectNode) BehaveFixture.parse(
                "{\"schema_version\":\"0.4\",\"id\":\"x.static\",\"execution_mode\":\"metadata_only\"}");
        assertTrue(BehaviouralPlans.isMetadataOnlyPlan(evaluator));
        assertFalse(BehaviouralPlans.isBehaviouralPlan(evaluator));
        BehaveException e = refused(evaluator);
        assertTrue(e.getMessage().contains("patchverdict verify"), e.getMessage());
    }

    @Test
    void theVerifierCanRecogniseABehaviouralPlanOfAnyVersion() {
        assertTrue(BehaviouralPlans.isBehaviouralPlan(plan()));
        ObjectNode future = plan();
        future.put("schema_version", "9.9");
        assertTrue(BehaviouralPlans.isBehaviouralPlan(future));
        ObjectNode byMode = BehaveFixture.JSON.createObjectNode().put("execution_mode", "sandboxed_behavioural");
        assertTrue(BehaviouralPlans.isBehaviouralPlan(byMode));
        assertFalse(BehaviouralPlans.isBehaviouralPlan(BehaveFixture.JSON.createArrayNode()));
        assertFalse(BehaviouralPlans.isBehaviouralPlan(null));
    }
}
