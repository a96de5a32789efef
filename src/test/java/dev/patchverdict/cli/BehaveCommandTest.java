// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.digest.Digests;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code patchverdict behave} and {@code behave commit} through the command line: exit codes and messages. */
@Tag(TestGroups.GIT)
class BehaveCommandTest {
    @TempDir
    Path dir;

    BehaveFixture f;

    record Run(int rc, String out, String err) {}

    @BeforeEach
    void setUp() throws Exception {
        f = BehaveFixture.create(dir, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED))
                .records(BehaveFixture.checks(
                        BehaveFixture.python("add-adds", "reproduction",
                                "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)"),
                        BehaveFixture.python("mul-unchanged", "preserve", "import calc; print(calc.mul(3, 4))"),
                        BehaveFixture.python("add-identity", "contract", "import calc; assert calc.add(-1, 1) == 0")));
    }

    Run run(Clock clock, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String path = System.getenv("PATH");
        CliContext ctx = new CliContext(new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                clock, path == null ? Map.of() : Map.of("PATH", path), dir, false);
        int rc = Main.run(ctx, args);
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    Run run(String... args) {
        return run(Clock.systemUTC(), args);
    }

    String[] behave(String... extra) {
        List<String> a = new ArrayList<>(List.of("behave", "--plan", "records/behave-plan.json",
                "--work-unit", "records/work-unit.json", "--result-manifest", "records/result-manifest.json",
                "--candidate-root", "candidate", "--static-result", "records/static-result.json", "--repo", "repo"));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    Run commit() {
        return run("behave", "commit", "--plan", "records/behave-plan.json");
    }

    /** Exit 2 with one line naming what and why. */
    void assertRefused(Run r, String why) {
        assertEquals(2, r.rc(), r.err() + r.out());
        assertTrue(r.err().startsWith("patchverdict: "), r.err());
        assertTrue(r.err().contains(why), "expected '" + why + "' in: " + r.err());
        assertEquals("", r.out(), "nothing is run or reported when refused");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void commitThenBehaveProvesTheFixAndWritesTheResult() throws Exception {
        f.write();
        Run c = commit();
        assertEquals(0, c.rc(), c.err());
        assertTrue(c.out().startsWith("committed calc-fix.behave sha256:"), c.out());
        JsonNode commitment = BehaveFixture.JSON.readTree(dir.resolve("records/behave-plan.json.commitment.json").toFile());
        assertEquals(Digests.canonical(f.plan).toString(), commitment.get("plan_digest").textValue());
        Run r = run(behave("--output", "records/result.json"));
        assertEquals(0, r.rc(), r.err() + r.out());
        assertTrue(r.out().contains("verdict: PROVEN (exit 0)"), r.out());
        assertEquals("passed", BehaveFixture.JSON.readTree(dir.resolve("records/result.json").toFile())
                .get("status").textValue());
        Run json = run(behave("--format", "json"));
        assertEquals(0, json.rc(), json.err());
        assertEquals("passed", BehaveFixture.JSON.readTree(json.out()).get("status").textValue());
    }

    @Test
    void theOutputIsNeverOneOfTheInputs() throws Exception {
        f.write();
        assertEquals(0, commit().rc());
        for (String[] input : new String[][] {{"--static-result", "records/static-result.json"},
                {"--plan", "records/behave-plan.json"}, {"--work-unit", "records/work-unit.json"},
                {"--result-manifest", "records/result-manifest.json"},
                {"--commitment", "records/behave-plan.json.commitment.json"}}) {
            byte[] before = Files.readAllBytes(dir.resolve(input[1]));
            Run r = run(behave("--output", "./" + input[1]));
            assertRefused(r, "./" + input[1] + ": is also the command's input (" + input[0] + "); write elsewhere");
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(dir.resolve(input[1]))), input[0]);
        }
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void anExistingOutputIsReplacedOnlyWithForce() throws Exception {
        f.write();
        assertEquals(0, commit().rc());
        Files.writeString(dir.resolve("records/result.json"), "old");
        assertRefused(run(behave("--output", "records/result.json")), "records/result.json: exists; use --force to replace it");
        assertEquals("old", Files.readString(dir.resolve("records/result.json")));
        Run r = run(behave("--output", "records/result.json", "--force"));
        assertEquals(0, r.rc(), r.err());
        assertEquals("passed", BehaveFixture.JSON.readTree(dir.resolve("records/result.json").toFile()).get("status")
                .textValue());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aRefutedCandidateExitsOne() throws Exception {
        f.candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED.replace("return a * b", "return a * b + 1")));
        f.records(f.plan.withArray("checks"));
        f.write();
        commit();
        Run r = run(behave());
        assertEquals(1, r.rc(), r.out());
        assertTrue(r.out().contains("verdict: REFUTED (exit 1)"), r.out());
    }

    @Test
    void anUncommittedPlanIsRefused() throws Exception {
        f.write();
        assertRefused(run(behave()), "was not committed before this run");
    }

    @Test
    void aPlanChangedAfterItsCommitmentIsRefused() throws Exception {
        f.write();
        commit();
        ((ObjectNode) f.plan.get("sandbox")).put("wall_seconds", 21);
        f.write();
        assertRefused(run(behave()), "the plan changed after it was committed");
    }

    @Test
    void aCommitmentDatedAfterTheRunStartedIsRefused() throws Exception {
        f.write();
        Instant future = Instant.now().plusSeconds(3600);
        assertEquals(0, run(Clock.fixed(future, ZoneOffset.UTC), "behave", "commit", "--plan",
                "records/behave-plan.json").rc());
        assertRefused(run(behave()), "a commitment must come before the run");
    }

    @Test
    void aCommitmentIsNeverReplacedByAnotherPlan() throws Exception {
        f.write();
        Run first = commit();
        assertEquals(0, first.rc());
        assertEquals(0, commit().rc(), "committing the same plan again keeps the first commitment");
        String kept = Files.readString(dir.resolve("records/behave-plan.json.commitment.json"));
        ((ObjectNode) f.plan.get("sandbox")).put("wall_seconds", 21);
        f.write();
        Run again = commit();
        assertEquals(2, again.rc());
        assertTrue(again.err().contains("a commitment is never replaced"), again.err());
        assertEquals(kept, Files.readString(dir.resolve("records/behave-plan.json.commitment.json")));
    }

    @Test
    void aMissingStaticResultIsRefused() throws Exception {
        f.write();
        commit();
        Files.delete(dir.resolve("records/static-result.json"));
        assertRefused(run(behave()), "no such file");
    }

    @Test
    void aFailedStaticResultIsRefused() throws Exception {
        f.staticResult = f.staticResultFor(f.manifest, "failed");
        f.write();
        commit();
        assertRefused(run(behave()), "behaviour runs only after the metadata-only verifier passed the candidate");
    }

    @Test
    void aStaticResultForAnotherCandidateIsRefused() throws Exception {
        ((ObjectNode) f.staticResult.get("provenance")).put("result_manifest_digest", "sha256:" + "0".repeat(64));
        f.write();
        commit();
        assertRefused(run(behave()), "a different candidate");
    }

    @Test
    void aStaticResultUnderAnotherPlanIsRefused() throws Exception {
        ((ObjectNode) f.staticResult.get("provenance")).put("verifier_config_digest", "sha256:" + "1".repeat(64));
        f.write();
        commit();
        assertRefused(run(behave()), "passed under a different plan");
    }

    @Test
    void aRunnerThatIsTheWorkerIsRefused() throws Exception {
        ((ObjectNode) f.manifest.get("worker")).put("id", "patchverdict-behavioural-runner");
        f.staticResult = f.staticResultFor(f.manifest, "passed");
        f.write();
        commit();
        assertRefused(run(behave()), "the runner must be independent of the worker");
    }

    @Test
    void aRunnerThatIsTheStaticVerifierIsRefused() throws Exception {
        ((ObjectNode) f.staticResult.get("verifier")).put("id", "patchverdict-behavioural-runner");
        f.write();
        commit();
        assertRefused(run(behave()), "must be a separate evaluator");
    }

    @Test
    void aTamperedCandidateIsRefused() throws Exception {
        f.write();
        commit();
        Files.writeString(dir.resolve("candidate/changes.patch"), f.patchText.replace("a + b", "a + b + 0"));
        assertRefused(run(behave()), "does not match the digest the result manifest declares");
    }

    @Test
    void aCandidateLinkedFromOutsideTheCandidateRootIsRefused() throws Exception {
        f.write();
        commit();
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.move(dir.resolve("candidate/changes.patch"), outside.resolve("changes.patch"));
        Files.createSymbolicLink(dir.resolve("candidate/changes.patch"), Path.of("../outside/changes.patch"));
        assertRefused(run(behave()), "the candidate is not a regular file inside the candidate root");
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void aCandidateReachedThroughLinksThatStayInsideTheCandidateRootIsRun() throws Exception {
        f.write();
        commit();
        Files.move(dir.resolve("candidate/changes.patch"), dir.resolve("candidate/real.patch"));
        Files.createSymbolicLink(dir.resolve("candidate/changes.patch"), Path.of("real.patch"));
        Files.createSymbolicLink(dir.resolve("candidate-link"), Path.of("candidate"));
        String[] args = behave();
        args[8] = "candidate-link";
        Run r = run(args);
        assertEquals(0, r.rc(), r.err() + r.out());
    }

    @Test
    void aPlanInsideTheCandidateRootIsRefused() throws Exception {
        f.write();
        commit();
        Files.copy(f.planFile(), dir.resolve("candidate/plan.json"));
        Files.copy(dir.resolve("records/behave-plan.json.commitment.json"), dir.resolve("candidate/plan.json.commitment.json"));
        String[] args = behave();
        args[2] = "candidate/plan.json";
        assertRefused(run(args), "must be outside the candidate root");
        assertRefused(run(behave("--commitment", "candidate/plan.json.commitment.json")),
                "the plan's commitment must be outside the candidate root");
        assertRefused(run(behave("--output", "candidate/result.json")), "the output must be outside the candidate root");
    }

    @Test
    void aRepositoryWithoutTheBoundCommitIsRefused() throws Exception {
        f.write();
        commit();
        Path other = Files.createDirectories(dir.resolve("other"));
        BehaveFixture.git(other, "init", "-q");
        String[] args = behave();
        args[args.length - 1] = "other";
        assertRefused(run(args), "does not hold commit " + f.commit);
    }

    @Test
    void aMetadataOnlyPlanIsRefusedNamingVerify() throws Exception {
        f.write();
        String[] args = behave();
        args[2] = "records/static-plan.json";
        assertRefused(run(args), "Use 'patchverdict verify' for it");
    }

    @Test
    void missingOptionsAreUsageErrors() throws Exception {
        Run r = run("behave", "--plan", "records/behave-plan.json");
        assertEquals(64, r.rc(), r.err());
        assertTrue(r.err().contains("--work-unit"), r.err());
        assertFalse(Files.exists(dir.resolve("records/result.json")));
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void theConfiguredRunnerIdIsComparedWithTheWorkerAndTheStaticVerifier() throws Exception {
        f.write();
        commit();
        // Neither record names the default id; the configured one is what counts.
        assertRefused(run(behave("--runner-id", BehaveFixture.WORKER)),
                "is this runner's id (--runner-id); the runner must be independent of the worker");
        assertRefused(run(behave("--runner-id", BehaveFixture.STATIC_VERIFIER)),
                "must be a separate evaluator");
        Run ok = run(behave("--runner-id", "ci-runner-3", "--format", "json"));
        assertEquals(0, ok.rc(), ok.err());
        JsonNode result = BehaveFixture.JSON.readTree(ok.out());
        assertEquals("ci-runner-3", result.get("verifier").get("id").textValue(), "recorded as the verifier");
        assertEquals("ci-runner-3", result.get("extensions").elements().next().get("runner_id").textValue());
        assertTrue(run(behave("--runner-id", "ci-runner-3")).out().contains("  runner     ci-runner-3\n"));
        Run blank = run(behave("--runner-id", " "));
        assertEquals(64, blank.rc(), blank.err());
        assertTrue(blank.err().contains("--runner-id: the runner id must not be empty"), blank.err());
    }

    @Test
    void aPlanAskingForMoreThanTheRunnerAllowsIsRefusedNamingTheLimitAndTheFlag() throws Exception {
        ObjectNode sandbox = (ObjectNode) f.plan.get("sandbox");
        sandbox.put("wall_seconds", 3600).put("memory_mb", 65536);
        f.plan.set("mutation_adequacy", BehaveFixture.parse("{\"max_mutants\":500,\"min_score\":0.5}"));
        f.write();
        commit();
        Run r = run(behave());
        assertRefused(r, "sandbox.wall_seconds is 3600, over the runner's limit of 600 (--max-wall-seconds)");
        assertTrue(r.err().contains("sandbox.memory_mb is 65536, over the runner's limit of 4096 (--max-memory-mb)"),
                r.err());
        assertTrue(r.err().contains("mutation_adequacy.max_mutants is 500, over the runner's limit of 50 (--max-mutants)"),
                r.err());
        assertRefused(run(behave("--max-wall-seconds", "3600", "--max-memory-mb", "65536", "--max-mutants", "499")),
                "max_mutants is 500, over the runner's limit of 499");
        assertRefused(run(behave("--max-checks", "2")), "the number of checks is 3, over the runner's limit of 2"
                + " (--max-checks)");
    }

    @Test
    void aPlanWithMoreRelationsThanTheRunnerAllowsIsRefused() throws Exception {
        f.relations(BehaveFixture.relation("r1", "exact", null, "print(1)", "print(1.0)"),
                BehaveFixture.relation("r2", "exact", null, "print(2)", "print(2.0)"));
        f.write();
        commit();
        assertRefused(run(behave("--max-relations", "1")), "the number of relations is 2, over the runner's limit of 1"
                + " (--max-relations)");
        assertEquals(64, run(behave("--max-relations", "-1")).rc());
    }

    @Test
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void theSandboxUserIsAnUnprivilegedUidAndGid() throws Exception {
        for (String bad : List.of("0:0", "0:65534", "65534:0", "nobody:nogroup", "65534", "-1:5", "99999999999:1",
                "Auto", "auto:1", "")) {
            Run r = run(behave("--sandbox-user", bad));
            assertEquals(64, r.rc(), bad + ": " + r.err());
            assertTrue(r.err().contains("sandbox user"), r.err());
        }
        f.write();
        commit();
        Run ok = run(behave("--sandbox-user", "4242:4243", "--format", "json"));
        assertEquals(0, ok.rc(), ok.err());
        String sandbox = BehaveFixture.JSON.readTree(ok.out()).get("extensions").elements().next().get("sandbox")
                .textValue();
        boolean root = dev.patchverdict.behave.sandbox.BubblewrapSandbox.effectiveUid().orElseThrow() == 0;
        assertTrue(sandbox.contains(root ? "host uid:gid 4242:4243, dropped to from root" : "the runner's own"),
                sandbox);
        assertFalse(ok.err().contains("warning"), ok.err());
        Run nobody = run(behave("--sandbox-user", "65534:65534", "--format", "json"));
        assertEquals(0, nobody.rc(), nobody.err());
        assertTrue(nobody.err().contains("warning: --sandbox-user 65534:65534 is (or shares an id with) the host's"
                + " nobody"), nobody.err());
        Run fresh = run(behave("--format", "json"));
        assertFalse(fresh.err().contains("warning"), fresh.err());
        assertEquals(0, fresh.rc(), fresh.err());
        String described = BehaveFixture.JSON.readTree(fresh.out()).get("extensions").elements().next()
                .get("sandbox").textValue();
        assertTrue(root ? described.matches(".*host uid:gid (2147[0-9]{6}):\\1, this runner's alone, dropped to"
                + " from root.*") : described.contains("the runner's own"), described);
    }
}
