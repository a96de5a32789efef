// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static dev.patchverdict.verify.UpstreamRows.JSON_BAD;
import static dev.patchverdict.verify.UpstreamRows.JSON_GOOD;
import static dev.patchverdict.verify.UpstreamRows.JSON_PLAN;
import static dev.patchverdict.verify.UpstreamRows.JSON_WU;
import static dev.patchverdict.verify.UpstreamRows.ZERO_DIGEST;
import static dev.patchverdict.verify.UpstreamRows.canonical;
import static dev.patchverdict.verify.UpstreamRows.check;
import static dev.patchverdict.verify.UpstreamRows.checkStatuses;
import static dev.patchverdict.verify.UpstreamRows.copyDir;
import static dev.patchverdict.verify.UpstreamRows.evidence;
import static dev.patchverdict.verify.UpstreamRows.failure;
import static dev.patchverdict.verify.UpstreamRows.fileDigest;
import static dev.patchverdict.verify.UpstreamRows.findings;
import static dev.patchverdict.verify.UpstreamRows.high;
import static dev.patchverdict.verify.UpstreamRows.parse;
import static dev.patchverdict.verify.UpstreamRows.readRef;
import static dev.patchverdict.verify.UpstreamRows.ref;
import static dev.patchverdict.verify.UpstreamRows.refDir;
import static dev.patchverdict.verify.UpstreamRows.verify;
import static dev.patchverdict.verify.UpstreamRows.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC part 1 §B rows about the EvaluatorPlan v0.1 JSON backend (B1, B4, B20, B21, B24, B25) and the
 * digests §A1.4 and §A8.2 quote for its fixtures, each run through {@link Verifier#verify}.
 *
 * <p>Parts of these rows not turned into assertions:
 * <ul>
 *   <li>B1 {@code resolve_output_path("README.md")} fails / {@code results/…} accepted: the
 *       {@code results/} rule does not exist here (SPEC decision 10).</li>
 *   <li>B1, B4 OK lines printed by the self-test sub-commands: we have no self-test commands.</li>
 *   <li>B4 runs {@code local_verifier.py} with the operational policy file; here through the plan
 *       (as the brief asks), so its {@code verifier_config_digest} is the plan's, not the policy's.</li>
 *   <li>B20 stdout summary line and exit code: the CLI's, and the line embeds a ROOT-dependent path
 *       (C35, decision 10); this class tests the verifier.</li>
 * </ul>
 */
@Tag(TestGroups.REFERENCE)
class UpstreamJsonRowsTest {
    private static final String PLAN_DIGEST = "sha256:574346faa14f5a7e409ab131402fcc3aee60b6d7f50222a403c216639b0f54fc";
    private static final String JSON_WU_DIGEST = "sha256:2fe402867536782e405643eb6fbff50173befc05ed501b3f9e316bc33456d5ca";

    @TempDir
    Path tmp;

    private Verification good() throws Exception {
        return verify(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), refDir(JSON_GOOD + "/candidate-root"), ref(JSON_PLAN));
    }

    private Verification bad() throws Exception {
        return verify(ref(JSON_WU), ref(JSON_BAD + "/result-manifest.json"), refDir(JSON_BAD + "/candidate-root"), ref(JSON_PLAN));
    }

    /** §A1.4: the JSON fixtures' canonical digests. */
    @Test
    void a14FixtureDigests() throws Exception {
        assertEquals(JSON_WU_DIGEST, canonical(readRef(JSON_WU)));
        assertEquals(PLAN_DIGEST, canonical(readRef(JSON_PLAN)));
    }

    /** B1: good passes, bad fails, and the good result binds the whole plan's digest. */
    @Test
    void b1GoodPassesBadFailsAndThePlanDigestIsBound() throws Exception {
        JsonNode g = good().result();
        assertEquals("passed", g.path("status").asText());
        assertEquals(PLAN_DIGEST, g.path("provenance").path("verifier_config_digest").asText());
        assertEquals(PLAN_DIGEST, g.path("extensions").path("org.idkmesh.evaluator_plan.digest").asText());
        JsonNode b = bad().result();
        assertEquals("failed", b.path("status").asText());
        assertEquals(PLAN_DIGEST, b.path("provenance").path("verifier_config_digest").asText());
    }

    /** B1 G6: a plan bound to a digest of 64 zeros. */
    @Test
    void b1WrongWorkUnitDigestFailsClosed() throws Exception {
        ObjectNode plan = readRef(JSON_PLAN);
        ((ObjectNode) plan.get("binding")).put("work_unit_digest", ZERO_DIGEST);
        assertEquals("EvaluatorPlan WorkUnit digest binding does not match canonical WorkUnit content",
                goodWith(write(tmp.resolve("plan.json"), plan)));
    }

    /** B1 G7: the WorkUnit declares {@code fixture-verifier-smoke-v1}. */
    @Test
    void b1WrongSourceRevisionFailsClosed() throws Exception {
        ObjectNode plan = readRef(JSON_PLAN);
        ((ObjectNode) plan.get("binding")).put("source_revision", "wrong-revision");
        assertEquals("EvaluatorPlan source revision differs from WorkUnit provenance",
                goodWith(write(tmp.resolve("plan.json"), plan)));
    }

    /** B1 G9: the plan loses its last validator. */
    @Test
    void b1IncompleteValidatorCoverageFailsClosed() throws Exception {
        ObjectNode plan = readRef(JSON_PLAN);
        ArrayNode ids = (ArrayNode) plan.get("required_validator_ids");
        ids.remove(ids.size() - 1);
        assertEquals("EvaluatorPlan validator coverage must exactly match required WorkUnit validators; "
                + "missing=['independent-acceptance'], extra=[]", goodWith(write(tmp.resolve("plan.json"), plan)));
    }

    /** B1 G12: the worker claims the verifier's id. */
    @Test
    void b1WorkerVerifierIdentityCollisionFailsClosed() throws Exception {
        ObjectNode manifest = readRef(JSON_GOOD + "/result-manifest.json");
        ((ObjectNode) manifest.get("worker")).put("id", "idkmesh-local-verifier");
        assertEquals("EvaluatorPlan verifier id collides with worker id",
                failure(ref(JSON_WU), write(tmp.resolve("manifest.json"), manifest), refDir(JSON_GOOD + "/candidate-root"),
                        ref(JSON_PLAN)));
    }

    /** B1 G13: the plan copied into a copy of the candidate root. */
    @Test
    void b1CandidateOwnedPlanFailsClosed() throws Exception {
        Path root = copyDir(JSON_GOOD + "/candidate-root", tmp.resolve("candidate"));
        Path plan = write(root.resolve("evaluator-plan.json"), Files.readAllBytes(ref(JSON_PLAN)));
        assertEquals("EvaluatorPlan must remain outside the candidate workspace",
                failure(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), root, plan));
    }

    /** B1 R4: an output path inside the temporary candidate (decision 10: checked on the write targets). */
    @Test
    void b1OutputInsideTheCandidateFailsClosed() throws Exception {
        Path root = copyDir(JSON_GOOD + "/candidate-root", tmp.resolve("candidate"));
        assertEquals("VerificationResult output must remain outside the candidate workspace",
                failure(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), root, ref(JSON_PLAN),
                        List.of(root.resolve("verification-result.json"))));
    }

    private String goodWith(Path plan) throws Exception {
        return failure(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), refDir(JSON_GOOD + "/candidate-root"), plan);
    }

    /** B4 through the runner: good twice gives the same semantic outcome; bad fails acceptance only. */
    @Test
    void b4GoodIsReproducibleAndBadFailsOnlyAcceptance() throws Exception {
        JsonNode first = good().result();
        JsonNode second = good().result();
        assertEquals("passed", first.path("status").asText());
        assertEquals("accept_candidate", first.path("decision_support").path("recommendation").asText());
        assertEquals(semanticOutcome(first), semanticOutcome(second));

        JsonNode b = bad().result();
        assertEquals("failed", b.path("status").asText());
        assertEquals("reject_candidate", b.path("decision_support").path("recommendation").asText());
        assertEquals(List.of("artifact-digest=passed", "candidate-scope=passed", "independent-acceptance=failed"), checkStatuses(b));
    }

    /** What B4 compares between two runs: status, checks (id, status, evidence ids), evidence (id, digest), recommendation. */
    private static List<String> semanticOutcome(JsonNode r) {
        List<String> out = new ArrayList<>();
        out.add(r.path("status").asText());
        r.path("checks").forEach(c -> out.add(c.path("id").asText() + "|" + c.path("status").asText() + "|" + c.path("evidence_ids")));
        r.path("evidence").forEach(e -> out.add(e.path("id").asText() + "|" + e.path("digest").asText()));
        out.add(r.path("decision_support").path("recommendation").asText());
        return out;
    }

    /** B20 with §A8.2: the good JSON fixture, every evidence digest and the metrics. */
    @Test
    void b20GoodJsonFixture() throws Exception {
        JsonNode r = good().result();
        assertEquals(List.of("artifact-digest=passed", "candidate-scope=passed", "independent-acceptance=passed"), checkStatuses(r));
        assertEquals(List.of(), findings(r));
        assertEquals(parse("{\"candidate_bytes\":67,\"required_checks_failed\":0,\"required_checks_passed\":3}"), r.path("metrics"));
        assertEquals("sha256:6bebd00531fca5d346ceea7ef5c1a7f645fd16100d6f0cce55b0e950d95235db", evidence(r, "candidate-artifact-hash"));
        assertEquals("sha256:9443ec305e49275f7a325bb3a93a166181236d08bbe28eb59eb860bae2b3f5d5", evidence(r, "candidate-scope-observation"));
        assertEquals("sha256:50b570ba296ab39b38fd4fbcc22e95932405e105768e7c9fe5baddb61058225d", evidence(r, "acceptance-observation"));
        assertEquals("sha256:8fb7a759ab591b2e91410ca01da640f84c2aa17844a25541a208821061a65c8b",
                r.path("provenance").path("result_manifest_digest").asText());
        assertEquals(JSON_WU_DIGEST, r.path("provenance").path("work_unit_digest").asText());
        // §A8.2 names the payloads behind the two observation digests
        assertEquals("sha256:9443ec305e49275f7a325bb3a93a166181236d08bbe28eb59eb860bae2b3f5d5",
                canonical(parse("{\"allowed_files\":[\"candidate.json\"],\"observed_files\":[\"candidate.json\"]}")));
        // the acceptance check carries an empty diagnostics string even when it passes (C45)
        assertEquals("", check(r, "independent-acceptance").path("diagnostics").asText());
        assertFalse(check(r, "artifact-digest").has("diagnostics"));
    }

    /** B21 with §A8.2: the bad JSON fixture (answer 41). */
    @Test
    void b21BadJsonFixture() throws Exception {
        JsonNode r = bad().result();
        JsonNode acceptance = check(r, "independent-acceptance");
        assertEquals("failed", acceptance.path("status").asText());
        assertEquals("", acceptance.path("diagnostics").textValue());
        assertEquals(List.of(high("correctness", "Candidate failed verifier-owned deterministic acceptance expectations.", "candidate.json")),
                findings(r));
        assertEquals(2, r.path("metrics").path("required_checks_passed").intValue());
        assertEquals(1, r.path("metrics").path("required_checks_failed").intValue());
        assertEquals("sha256:239df802276ceb9f47e355b128cfc9c99830915a8b16dc391c5d1042e02f391d", evidence(r, "acceptance-observation"));
    }

    /** B24: a candidate answering {@code 42.0} passes (Python numeric equality), and is observed as the float it is. */
    @Test
    void b24FloatAnswerPasses() throws Exception {
        String candidate = "{\"schema_version\":\"0.1\",\"answer\":42.0,\"status\":\"ready\"}";
        byte[] bytes = candidate.getBytes(StandardCharsets.UTF_8);
        Path root = tmp.resolve("candidate");
        write(root.resolve("candidate.json"), bytes);
        ObjectNode manifest = readRef(JSON_GOOD + "/result-manifest.json");
        UpstreamRows.sealArtifact(manifest, bytes);
        JsonNode r = verify(ref(JSON_WU), write(tmp.resolve("manifest.json"), manifest), root, ref(JSON_PLAN)).result();
        assertEquals("passed", r.path("status").asText());
        assertEquals(List.of(), findings(r));
        assertEquals(bytes.length, r.path("metrics").path("candidate_bytes").intValue());
        ObjectNode observation = UpstreamRows.object();
        observation.set("expected", readRef(JSON_PLAN).get("required_json"));
        observation.set("observed", parse(candidate));
        observation.putNull("parse_error");
        assertEquals(canonical(observation), evidence(r, "acceptance-observation"));
        assertEquals(fileDigest(bytes), evidence(r, "candidate-artifact-hash"));
    }

    /** B25 (C6): {@code a/x} and {@code a-b/x} sort differently component-wise and as strings, so scope fails. */
    @Test
    void b25OrderingQuirkFailsScope() throws Exception {
        Path root = copyDir(JSON_GOOD + "/candidate-root", tmp.resolve("candidate"));
        write(root.resolve("a/x"), "x\n");
        write(root.resolve("a-b/x"), "x\n");
        ObjectNode plan = readRef(JSON_PLAN);
        plan.set("allowed_files", UpstreamRows.array("candidate.json", "a/x", "a-b/x"));
        JsonNode r = verify(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), root, write(tmp.resolve("plan.json"), plan)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(List.of("artifact-digest=passed", "candidate-scope=failed", "independent-acceptance=passed"), checkStatuses(r));
        assertEquals(List.of(high("scope", "Candidate file set violates verifier-owned scope policy.", null)), findings(r));
        // observed in Path order, allowed in string order
        assertEquals(canonical(parse("{\"allowed_files\":[\"a-b/x\",\"a/x\",\"candidate.json\"],"
                + "\"observed_files\":[\"a/x\",\"a-b/x\",\"candidate.json\"]}")), evidence(r, "candidate-scope-observation"));
    }
}
