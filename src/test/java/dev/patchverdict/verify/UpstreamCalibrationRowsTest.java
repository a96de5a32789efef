// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static dev.patchverdict.verify.UpstreamRows.PATCH_GOOD;
import static dev.patchverdict.verify.UpstreamRows.canonical;
import static dev.patchverdict.verify.UpstreamRows.evidence;
import static dev.patchverdict.verify.UpstreamRows.fileDigest;
import static dev.patchverdict.verify.UpstreamRows.readRef;
import static dev.patchverdict.verify.UpstreamRows.ref;
import static dev.patchverdict.verify.UpstreamRows.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.verify.upstream.Inputs;
import dev.patchverdict.verify.upstream.Nodes;
import dev.patchverdict.verify.upstream.SubstringLayer;
import dev.patchverdict.verify.upstream.Timing;
import dev.patchverdict.verify.upstream.TransitionLayer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SPEC part 2 B138–B141, the Task 001 calibrations. Their WorkUnit is not in the reference folder,
 * so the binding checks cannot run and the verdict is taken from the v0.3 / v0.4 layers directly
 * (as {@link RealResultParityTest} does), with a stand-in WorkUnit whose scope allows the one
 * changed file and the digest the plan declares. The manifest is built as the harness built it
 * (candidate.patch, stdout {@code phase-b2-v03-calibration=<label>}, empty stderr); its own digest is
 * time-stamped upstream and not asserted. Everything the rows compute from the patch, the plan and
 * the logs is asserted: verdict, adapter, plan digest, and the observation digests.
 *
 * <p>Not covered: the harness's behavioural half (applying the patch, running its CLI); B140/B141's
 * {@code behavioral_correctness_claim} and {@code required removed-line} finding text, which only
 * the non-canonical transformation verifier emits (C126); B140/B141's regenerated candidates (the
 * B138/B139 patches stand in for them, as the row's computed values do).
 */
@Tag(TestGroups.REFERENCE)
class UpstreamCalibrationRowsTest {
    private static final String V03_PLAN = "verification/fixtures/phase-b2-task001-v03-calibration.evaluator-plan.json";
    private static final String V04_PLAN = "verification/fixtures/task001-real-transition-calibration-evaluator-plan-v0.4.json";
    private static final String WU_DIGEST = "sha256:5da7b3450b9d3e3750399912120d62169fc81217f0c05ad5488ecf53d11c5a3d";

    @TempDir
    Path tmp;

    /** B138 / B139: the v0.3 calibration plan on the straightforward and the decoy patch. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "straightforward, sha256:9248e19254bf46bf11ac254dca3302eccdcc2f498117e07f3c86ce0b9f3bb65a, passed, "
                + "sha256:84a42ae6ff8fccdf35195e1dff1c324d95342d27dfc26e3f4a6b45ca87b64283, "
                + "sha256:448870d8d602196854614a2e1d8c5e3d814036061db5b089b8e8b62037dc7a8c, "
                + "sha256:aeee0574e2792ac9cf19e36cc52de543273a757dca0bce2682b80ba3e88191ba",
        "decoy, sha256:f315def3f8d16b4eb3ec7ea3a56ab73d696d08a6cf58b60b06e9e297c3997c17, failed, "
                + "sha256:5b4380cb214144689f97d21889e296350169487d1ba8aa3e3d0d7a92aeeade16, "
                + "sha256:e629f65d6fda2051d68e056bec0063ea1935292a6aefd1d80fb001e70ad6fcea, "
                + "sha256:827b842143305d485032ddb8bb41ca00d3aa445df18ce5ff6dae52d9f39f1b63"
    })
    void b138b139V03Calibration(String label, String patchHash, String status, String added, String semantic, String logs)
            throws Exception {
        ObjectNode plan = readRef(V03_PLAN);
        assertEquals("sha256:73dac624e38d5224d72daf6cf052eac4fb000614e46819abc8cd2ba654d8f074", canonical(plan));
        JsonNode r = run(label, plan, "0.3");
        assertEquals(status, r.path("status").asText());
        assertEquals(status.equals("passed") ? "accept_candidate" : "reject_candidate",
                r.path("decision_support").path("recommendation").asText());
        assertEquals("0.2.0", r.path("verifier").path("adapter_version").asText());
        assertEquals(canonical(plan), r.path("provenance").path("verifier_config_digest").asText());
        assertEquals(patchHash, evidence(r, "candidate-patch-hash"));
        assertEquals(added, evidence(r, "added-substring-semantic-observation"));
        assertEquals(semantic, evidence(r, "patch-semantic-observation"));
        assertEquals(logs, evidence(r, "log-integrity-observation"));
    }

    /** B140 / B141 (computed half): the real-transition v0.4 plan on the same two patches. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "straightforward, passed, 1, sha256:ecdf8efd1590c1b8c64f7f2c077734b1638b56835d10a961bf5941d4ab9197dc, "
                + "sha256:448870d8d602196854614a2e1d8c5e3d814036061db5b089b8e8b62037dc7a8c, "
                + "sha256:c1192144994493105a74f5b6ae6b0f5122dac415eb1ea8e1f7702383c30918d8",
        "decoy, failed, 0, sha256:2d3c6882949246f3e268b58d8d2c58ce99705528fc4ad12326e4aa097118a428, "
                + "sha256:ff47424155304887270dbb3d285d7a89a65ff8c60ed60d96b6f30353191b80a9, "
                + "sha256:1c9c7ed6da62a47dd3a89ce57a4f0b8badda397b6785ec6795225c7caca9d529"
    })
    void b140b141V04RealTransitionCalibration(String label, String status, int matchedRemoved, String added, String semantic,
            String removed) throws Exception {
        ObjectNode plan = readRef(V04_PLAN);
        JsonNode r = run(label, plan, "0.4");
        assertEquals(status, r.path("status").asText());
        assertEquals("0.3.0", r.path("verifier").path("adapter_version").asText());
        assertEquals(canonical(plan), r.path("provenance").path("verifier_config_digest").asText());
        assertEquals(added, evidence(r, "added-substring-semantic-observation"));
        assertEquals(semantic, evidence(r, "patch-semantic-observation"));
        assertEquals(removed, evidence(r, "removed-substring-semantic-observation"));
        assertEquals(1, r.path("metrics").path("required_removed_substring_count").intValue());
        assertEquals(matchedRemoved, r.path("metrics").path("matched_removed_substring_count").intValue());
        JsonNode q = UpstreamRows.diagnostics(r).path("semantic_removed_substrings");
        assertEquals(matchedRemoved == 1 ? List.of() : List.of("(ROOT / args.cohort).resolve()"),
                UpstreamRows.strings(q.path("missing_substrings")));
        assertEquals(true, q.path("parse_error").isNull());
    }

    private JsonNode run(String label, ObjectNode plan, String version) throws Exception {
        byte[] patch = Files.readAllBytes(ref("verification/fixtures/phase-b2-task001-v03/" + label + "/candidate.patch"));
        String stdout = "phase-b2-v03-calibration=" + label + "\n";
        Path root = tmp.resolve("candidate");
        write(root.resolve("candidate.patch"), patch);
        write(root.resolve("stdout.txt"), stdout);
        write(root.resolve("stderr.txt"), new byte[0]);

        ObjectNode binding = (ObjectNode) plan.get("binding");
        ObjectNode workUnit = UpstreamRows.object();
        workUnit.put("id", binding.path("work_unit_id").asText());
        workUnit.putObject("constraints").set("allowed_paths", UpstreamRows.array("tools/benchmark_cohort.py"));
        ((ObjectNode) workUnit.get("constraints")).set("forbidden_paths", UpstreamRows.array());
        workUnit.putObject("permissions").set("filesystem_write", UpstreamRows.array("tools/benchmark_cohort.py"));

        ObjectNode manifest = readRef(PATCH_GOOD + "/result-manifest.json");
        manifest.put("id", "benchmark/phase-b2/001-cohort-path-boundary/" + label);
        manifest.put("work_unit_id", binding.path("work_unit_id").asText());
        ObjectNode artifact = (ObjectNode) manifest.path("produced_artifacts").get(0);
        artifact.put("locator", "candidate.patch");
        artifact.put("digest", fileDigest(patch));
        ((ObjectNode) manifest.path("logs").get(0)).put("digest", fileDigest(stdout));
        ((ObjectNode) manifest.path("logs").get(1)).put("digest", fileDigest(new byte[0]));
        ((ObjectNode) manifest.get("provenance")).put("work_unit_digest", WU_DIGEST);
        ((ObjectNode) manifest.get("provenance")).put("source_revision", binding.path("source_revision").asText());

        Path planPath = write(tmp.resolve("plan.json"), plan);
        Digest planDigest = Nodes.digest(plan);
        Inputs in = new Inputs(workUnit, Digest.parse(WU_DIGEST), manifest, Nodes.digest(manifest), plan, planDigest,
                root.toRealPath(), planPath);
        ObjectNode backend = (ObjectNode) plan.get("backend");
        Timing timing = new Timing(UpstreamResults.FIXED.clock());
        ObjectNode result = version.equals("0.3")
                ? SubstringLayer.run(in, backend, artifact, patch, timing).result
                : TransitionLayer.run(in, backend, artifact, patch, timing).result;
        Verifier.finish(result, plan, planDigest.toString(), version, UpstreamResults.FIXED);
        return result;
    }
}
