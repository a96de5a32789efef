// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static dev.patchverdict.verify.UpstreamRows.DIGEST_FINDING;
import static dev.patchverdict.verify.UpstreamRows.FRAGMENT_V02;
import static dev.patchverdict.verify.UpstreamRows.FRAGMENT_V03;
import static dev.patchverdict.verify.UpstreamRows.LOG_FINDING;
import static dev.patchverdict.verify.UpstreamRows.PATCH_FORBIDDEN;
import static dev.patchverdict.verify.UpstreamRows.PATCH_GOOD;
import static dev.patchverdict.verify.UpstreamRows.PATCH_PLAN;
import static dev.patchverdict.verify.UpstreamRows.PATCH_WRONG;
import static dev.patchverdict.verify.UpstreamRows.PATCH_WU;
import static dev.patchverdict.verify.UpstreamRows.SEMANTIC_FINDING;
import static dev.patchverdict.verify.UpstreamRows.SIZE_FINDING;
import static dev.patchverdict.verify.UpstreamRows.STRUCTURE_FINDING;
import static dev.patchverdict.verify.UpstreamRows.TRANSITION_V04;
import static dev.patchverdict.verify.UpstreamRows.ZERO_DIGEST;
import static dev.patchverdict.verify.UpstreamRows.canonical;
import static dev.patchverdict.verify.UpstreamRows.check;
import static dev.patchverdict.verify.UpstreamRows.checkStatuses;
import static dev.patchverdict.verify.UpstreamRows.copyDir;
import static dev.patchverdict.verify.UpstreamRows.diagnostics;
import static dev.patchverdict.verify.UpstreamRows.evidence;
import static dev.patchverdict.verify.UpstreamRows.evidenceIds;
import static dev.patchverdict.verify.UpstreamRows.failure;
import static dev.patchverdict.verify.UpstreamRows.fileDigest;
import static dev.patchverdict.verify.UpstreamRows.finding;
import static dev.patchverdict.verify.UpstreamRows.findings;
import static dev.patchverdict.verify.UpstreamRows.high;
import static dev.patchverdict.verify.UpstreamRows.parse;
import static dev.patchverdict.verify.UpstreamRows.readRef;
import static dev.patchverdict.verify.UpstreamRows.ref;
import static dev.patchverdict.verify.UpstreamRows.refDir;
import static dev.patchverdict.verify.UpstreamRows.strings;
import static dev.patchverdict.verify.UpstreamRows.verify;
import static dev.patchverdict.verify.UpstreamRows.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC part 1 §B rows about the patch backends (B2, B3, B5, B8–B12, B14, B22, B23), part 2 B128,
 * B130–B133 (their path-independent half, through the canonical path A) and the quirks C121 and
 * C124, with every evidence digest §A1.4, §A8.3 and B128 quote.
 *
 * <p>Parts of these rows not turned into assertions:
 * <ul>
 *   <li>B2, B3 OK lines of the self-test sub-commands: we have no self-test commands.</li>
 *   <li>B6, B7, B13 (and part 2 B136): parser-only rows, no verifier inputs; the 0.1.1 parser's
 *       messages are covered by {@code upstream.Parser011Test}.</li>
 *   <li>B14 passes the v0.4 fixture file as {@code plan_path} while verifying a derived plan
 *       object (library entry, §A2.4); our verifier reads the plan from its path, so the derived
 *       plan is written to a file outside the candidate root instead (only G13 uses the path).</li>
 *   <li>C121 uses the row's {@code q.sql} patch, which the smoke WorkUnit's scope does not allow,
 *       so the result also carries the two scope findings for {@code q.sql}.</li>
 * </ul>
 */
@Tag(TestGroups.REFERENCE)
class UpstreamPatchRowsTest {
    private static final String SMOKE_PLAN_DIGEST = "sha256:e73b61280f1d52cd119da2f3b56ca4749859c823863e82d88eb84a7c63533f2a";
    private static final String FRAGMENT_V02_DIGEST = "sha256:30affe47535e8709c3e7196f28ccad6f27070d4d53e578fe8fca040e7e0b2bd2";
    private static final String FRAGMENT_V03_DIGEST = "sha256:6aa8a603d50b71059737afb4345beda6a216e80e1b8ebea5bd75f6ac872ac591";
    private static final String PATCH_WU_DIGEST = "sha256:3f8b78df3f43329fe72223018ab42300fcb19523a82769e47ba31098861c24fd";
    private static final String GOOD_PATCH_HASH = "sha256:58d51f936f4043b1ec49b84587df932098ec57bdce2dd5727e67b7e9024b82a5";
    private static final String GOOD_MANIFEST = "sha256:bad853c0d3d41d79f4596315fdaf402ed3c3a073a3b76af38ce62e73fc9ce67b";
    private static final String LOG_INTEGRITY = "sha256:bb9d92ebb0850d59376583396672944f36fc1c13e8f7a6dd321cadb8b6ef5854";
    private static final String GOOD_SCOPE = "sha256:426e21293023a522c43b32c61544238225575bf7f0226ad6c5a91980224a0e81";
    private static final String GOOD_SEMANTIC = "sha256:8470aee4b952050bc8e965e8a09a56d0459f20d936526f34bfa4c96e5a2d8044";
    private static final String SUCCEEDED = "sha256:557d907fbdaf9ce5bb0ad618c35c2709b08665790555d991c6c93eda39897452";
    private static final String SMOKE_V03 = "verification/fixtures/patch-smoke-evaluator-plan-v0.3.json";
    private static final Set<String> PATCH_CHECKS = Set.of("result-manifest-schema", "independent-review");

    /** §A5.4: the good fixture's independent-review diagnostics, byte for byte. */
    private static final String GOOD_DIAGNOSTICS = "{\"artifact\":{\"artifact_locator\":\"changes.patch\",\"bytes\":157,"
            + "\"declared_digest\":\"sha256:58d51f936f4043b1ec49b84587df932098ec57bdce2dd5727e67b7e9024b82a5\",\"decode_error\":null,"
            + "\"observed_digest\":\"sha256:58d51f936f4043b1ec49b84587df932098ec57bdce2dd5727e67b7e9024b82a5\",\"within_limit\":true},"
            + "\"logs\":{\"coverage_violations\":[],\"logs\":[{\"bytes\":15,"
            + "\"declared_digest\":\"sha256:615ae2cf629d666c76776c73159a291fb431cb71b44a61bedfb60a08da46bbf8\",\"index\":1,"
            + "\"locator\":\"stdout.txt\",\"matches\":true,"
            + "\"observed_digest\":\"sha256:615ae2cf629d666c76776c73159a291fb431cb71b44a61bedfb60a08da46bbf8\",\"type\":\"stdout\","
            + "\"within_limit\":true},{\"bytes\":15,"
            + "\"declared_digest\":\"sha256:998113782533259e61f5ee3ba673430f83c943cda57a7c9a8ae86ef60d8d644f\",\"index\":2,"
            + "\"locator\":\"stderr.txt\",\"matches\":true,"
            + "\"observed_digest\":\"sha256:998113782533259e61f5ee3ba673430f83c943cda57a7c9a8ae86ef60d8d644f\",\"type\":\"stderr\","
            + "\"within_limit\":true}],\"observed_type_counts\":{\"stderr\":1,\"stdout\":1},\"required_log_types\":[\"stdout\",\"stderr\"]},"
            + "\"scope\":{\"allowed_paths\":[\"README.md\"],\"changed_paths\":[\"README.md\"],\"filesystem_write\":[\"README.md\"],"
            + "\"forbidden_paths\":[\".github/**\",\"SECURITY.md\"],\"violations\":[]},"
            + "\"semantic\":{\"missing_added_text\":[],\"observed_added_lines\":[\"<!-- patch-evaluator expected -->\"],"
            + "\"required_added_text\":[\"<!-- patch-evaluator expected -->\"]},\"worker_status\":\"succeeded\"}";

    @TempDir
    Path tmp;

    private static Verification fixture(String root, Path plan) throws Exception {
        return verify(ref(PATCH_WU), ref(root + "/result-manifest.json"), refDir(root), plan);
    }

    /** A writable copy of the good patch root, and its manifest as an editable object. */
    private Path goodCopy() throws Exception {
        return copyDir(PATCH_GOOD, tmp.resolve("candidate"));
    }

    private static ObjectNode goodManifest() throws Exception {
        return readRef(PATCH_GOOD + "/result-manifest.json");
    }

    private Path manifest(ObjectNode manifest) throws Exception {
        return write(tmp.resolve("manifest.json"), manifest);
    }

    private Path plan(ObjectNode plan) throws Exception {
        return write(tmp.resolve("plan.json"), plan);
    }

    /** §A1.4: the patch fixtures' canonical digests. */
    @Test
    void a14FixtureDigests() throws Exception {
        assertEquals(PATCH_WU_DIGEST, canonical(readRef(PATCH_WU)));
        assertEquals(SMOKE_PLAN_DIGEST, canonical(readRef(PATCH_PLAN)));
        assertEquals(FRAGMENT_V02_DIGEST, canonical(readRef(FRAGMENT_V02)));
    }

    /** B2, B5, B11 with §A8.3: the good patch passes under the v0.2 smoke plan. */
    @Test
    void b2b5b11GoodPatchPasses() throws Exception {
        JsonNode r = fixture(PATCH_GOOD, ref(PATCH_PLAN)).result();
        assertEquals("passed", r.path("status").asText());
        assertEquals("accept_candidate", r.path("decision_support").path("recommendation").asText());
        assertEquals("0.1.1", r.path("verifier").path("adapter_version").asText());
        Set<String> required = new TreeSet<>();
        r.path("checks").forEach(c -> {
            if (c.path("required").asBoolean()) {
                required.add(c.path("id").asText());
            }
        });
        assertEquals(PATCH_CHECKS, required);
        assertEquals(List.of(), findings(r));
        assertEquals(List.of("<!-- patch-evaluator expected -->"), strings(diagnostics(r).path("semantic").path("required_added_text")));
        assertEquals(GOOD_DIAGNOSTICS, check(r, "independent-review").path("diagnostics").asText());
        assertEquals(SMOKE_PLAN_DIGEST, r.path("provenance").path("verifier_config_digest").asText());
        assertEquals(PATCH_WU_DIGEST, r.path("provenance").path("work_unit_digest").asText());
        assertEquals(GOOD_MANIFEST, r.path("provenance").path("result_manifest_digest").asText());
        assertEvidence(r, GOOD_MANIFEST, GOOD_PATCH_HASH, GOOD_SCOPE, GOOD_SEMANTIC);
    }

    /** B2 with §A8.3: scope-valid, semantically wrong; one correctness finding, no scope finding. */
    @Test
    void b2WrongSemanticFailsOnSemanticsOnly() throws Exception {
        JsonNode r = fixture(PATCH_WRONG, ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals("reject_candidate", r.path("decision_support").path("recommendation").asText());
        assertEquals(List.of(high("correctness", SEMANTIC_FINDING, "changes.patch")), findings(r));
        assertEvidence(r, "sha256:505aaffee492a969c8ea6ff01b759d18937c4636a50136deac1b9e491cd2583b",
                "sha256:4371ac81e2d04ca729abaffa5de206e25a5c9fe0c4641a180ebaec6eaf5676f8", GOOD_SCOPE,
                "sha256:001bd11b13347b13888fb4fc6ef7d1006f7a26d8f17de9de91f0356651417913");
    }

    /** B2 with §A8.3: SECURITY.md is forbidden and outside both allow lists; three scope findings in order. */
    @Test
    void b2ForbiddenPathFailsOnScope() throws Exception {
        JsonNode r = fixture(PATCH_FORBIDDEN, ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(List.of(
                high("scope", "forbidden path changed: SECURITY.md", null),
                high("scope", "path outside constraints.allowed_paths: SECURITY.md", null),
                high("scope", "path outside permissions.filesystem_write: SECURITY.md", null)), findings(r));
        assertEvidence(r, "sha256:1e861dcdda392f7525b0229e6be801ef4793f20c83a6799e870611176e93aab2",
                "sha256:07e3990ff2ed93d3008fa3f9a6b819b14d3c4e3818e88ba31a9ea199e6466a60",
                "sha256:9f83e2d82749c9039d41a5acf5e7bbd11a381294aacbbd8191159becee3fb74b", GOOD_SEMANTIC);
    }

    /** B2: the good manifest with a forged artifact digest; only the provenance finding, metrics 1/1. */
    @Test
    void b2ForgedDigestFailsOnProvenance() throws Exception {
        ObjectNode m = goodManifest();
        ((ObjectNode) m.path("produced_artifacts").get(0)).put("digest", ZERO_DIGEST);
        JsonNode r = verify(ref(PATCH_WU), manifest(m), goodCopy(), ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(List.of(high("provenance", DIGEST_FINDING, "changes.patch")), findings(r));
        assertEquals(1, r.path("metrics").path("required_checks_passed").intValue());
        assertEquals(1, r.path("metrics").path("required_checks_failed").intValue());
        assertEquals(GOOD_PATCH_HASH, evidence(r, "candidate-patch-hash"));
    }

    /** B2: a patch plan bound to the wrong WorkUnit digest fails closed. */
    @Test
    void b2PlanBindingDriftFailsClosed() throws Exception {
        ObjectNode p = readRef(PATCH_PLAN);
        ((ObjectNode) p.get("binding")).put("work_unit_digest", ZERO_DIGEST);
        assertEquals("EvaluatorPlan WorkUnit digest binding does not match canonical WorkUnit content",
                failure(ref(PATCH_WU), ref(PATCH_GOOD + "/result-manifest.json"), refDir(PATCH_GOOD), plan(p)));
    }

    private static void assertEvidence(JsonNode r, String manifest, String patch, String scope, String semantic) {
        assertEquals(List.of("result-manifest-canonical", "candidate-patch-hash", "log-integrity-observation",
                "patch-scope-observation", "patch-semantic-observation", "worker-status-observation"), evidenceIds(r));
        assertEquals(manifest, evidence(r, "result-manifest-canonical"));
        assertEquals(patch, evidence(r, "candidate-patch-hash"));
        assertEquals(LOG_INTEGRITY, evidence(r, "log-integrity-observation"));
        assertEquals(scope, evidence(r, "patch-scope-observation"));
        assertEquals(semantic, evidence(r, "patch-semantic-observation"));
        assertEquals(SUCCEEDED, evidence(r, "worker-status-observation"));
    }

    /** B3 / B128: the same fragment fails under v0.2 exact lines and passes under v0.3 substrings. */
    @Test
    void b3b128SemanticVersionContrast() throws Exception {
        assertEquals(FRAGMENT_V03_DIGEST, canonical(readRef(FRAGMENT_V03)));
        JsonNode legacy = fixture(PATCH_GOOD, ref(FRAGMENT_V02)).result();
        assertEquals("failed", legacy.path("status").asText());
        assertEquals("reject_candidate", legacy.path("decision_support").path("recommendation").asText());
        assertEquals(List.of(high("correctness", SEMANTIC_FINDING, "changes.patch")), findings(legacy));
        assertEquals("0.1.1", legacy.path("verifier").path("adapter_version").asText());
        assertEquals(FRAGMENT_V02_DIGEST, legacy.path("provenance").path("verifier_config_digest").asText());
        assertEquals(List.of("patch-evaluator expected"), strings(diagnostics(legacy).path("semantic").path("missing_added_text")));
        assertEvidence(legacy, GOOD_MANIFEST, GOOD_PATCH_HASH, GOOD_SCOPE,
                "sha256:3cbbd23246c41f2fe565b8219dca7891a177493d6b7d9cf57ebff56e87c7b3f3");

        JsonNode substring = fixture(PATCH_GOOD, ref(FRAGMENT_V03)).result();
        assertEquals("passed", substring.path("status").asText());
        assertEquals("accept_candidate", substring.path("decision_support").path("recommendation").asText());
        assertEquals("0.2.0", substring.path("verifier").path("adapter_version").asText());
        assertEquals("added_line_substring_all",
                substring.path("extensions").path("org.idkmesh.local_verifier.semantic_match_mode").asText());
        assertEquals(FRAGMENT_V03_DIGEST, substring.path("provenance").path("verifier_config_digest").asText());
        assertEquals(GOOD_MANIFEST, evidence(substring, "result-manifest-canonical"));
        assertEquals(GOOD_PATCH_HASH, evidence(substring, "candidate-patch-hash"));
        assertEquals(LOG_INTEGRITY, evidence(substring, "log-integrity-observation"));
        assertEquals(GOOD_SEMANTIC, evidence(substring, "patch-semantic-observation"));
        assertEquals("sha256:79353352884562fe49aed2728017d5d8a994a6276838663941ef460746e88425",
                evidence(substring, "added-substring-semantic-observation"));
        assertEquals(List.of("<!-- patch-evaluator expected -->"),
                strings(diagnostics(substring).path("semantic").path("required_added_text")));
    }

    /**
     * Part 2 B131(b), B133 through path A (decision 2): the smoke v0.3 plan passes the good patch,
     * binds its own digest, and gives the path-A digests part 2 quotes for this plan. The path-B-only
     * assertions (diagnostics {@code semantic.semantic_mode}, extension
     * {@code org.idkmesh.local_verifier.semantic_match}) do not apply to the canonical verifier.
     */
    @Test
    void b131b133SmokeV03PlanThroughPathA() throws Exception {
        String digest = "sha256:484817dad1c949b8f83885b60127670b9aaa0413b6eddcd04e6801c3fa60f15e";
        assertEquals(digest, canonical(readRef(SMOKE_V03)));
        JsonNode r = fixture(PATCH_GOOD, ref(SMOKE_V03)).result();
        assertEquals("passed", r.path("status").asText());
        assertEquals("0.2.0", r.path("verifier").path("adapter_version").asText());
        assertEquals(digest, r.path("provenance").path("verifier_config_digest").asText());
        assertEquals(digest, r.path("extensions").path("org.idkmesh.evaluator_plan.digest").asText());
        assertEquals("0.2.0", r.path("provenance").path("environment").path("tool_versions").path("deterministic-patch-verifier").asText());
        assertEquals(GOOD_SEMANTIC, evidence(r, "patch-semantic-observation"));
        assertEquals("sha256:79353352884562fe49aed2728017d5d8a994a6276838663941ef460746e88425",
                evidence(r, "added-substring-semantic-observation"));
        assertEquals(List.of(), strings(diagnostics(r).path("semantic_substrings").path("missing_substrings")));
    }

    /** Part 2 B132 through path A: a substring that is nowhere in the patch rejects it. */
    @Test
    void b132MissingSubstringRejects() throws Exception {
        ObjectNode p = readRef(SMOKE_V03);
        ((ObjectNode) p.get("backend")).set("required_added_substrings", UpstreamRows.array("definitely-not-present"));
        JsonNode r = verify(ref(PATCH_WU), ref(PATCH_GOOD + "/result-manifest.json"), refDir(PATCH_GOOD), plan(p)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals("reject_candidate", r.path("decision_support").path("recommendation").asText());
        assertEquals(List.of("definitely-not-present"), strings(diagnostics(r).path("semantic_substrings").path("missing_substrings")));
        assertEquals(List.of(high("correctness", "Candidate patch does not contain all verifier-owned required added substrings "
                + "within individual validated-hunk added lines.", "changes.patch")), findings(r));
    }

    /** B8: no logs at all; both required types reported missing. */
    @Test
    void b8MissingLogsFailClosed() throws Exception {
        ObjectNode m = goodManifest();
        m.putArray("logs");
        JsonNode r = verify(ref(PATCH_WU), manifest(m), goodCopy(), ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertTrue(r.path("findings").findValuesAsText("category").contains("provenance"));
        assertTrue(findings(r).stream().anyMatch(f -> f.startsWith("high/provenance:") && f.toLowerCase(Locale.ROOT).contains("logs")));
        assertEquals(List.of(high("provenance", LOG_FINDING, null)), findings(r));
        assertEquals(List.of("required log type missing: stdout", "required log type missing: stderr"),
                strings(diagnostics(r).path("logs").path("coverage_violations")));
        assertEquals(0, r.path("metrics").path("log_count").intValue());
    }

    /** B9: a log without a digest is a rejection, recorded in its observation entry. */
    @Test
    void b9MissingLogDigestIsARejection() throws Exception {
        ObjectNode m = goodManifest();
        ((ObjectNode) m.path("logs").get(0)).remove("digest");
        JsonNode r = verify(ref(PATCH_WU), manifest(m), goodCopy(), ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(parse("{\"declared_digest\":null,\"error\":\"log digest is required by evaluator policy\",\"index\":1,"
                + "\"locator\":\"stdout.txt\",\"matches\":false,\"type\":\"stdout\"}"), diagnostics(r).path("logs").path("logs").get(0));
        assertEquals(List.of(high("provenance", LOG_FINDING, null)), findings(r));
    }

    /** B10: two stdout logs (the second pointing at stderr.txt); counted twice, stderr missing. */
    @Test
    void b10DuplicateRequiredLogTypeFailsClosed() throws Exception {
        ObjectNode m = goodManifest();
        ArrayNode logs = (ArrayNode) m.get("logs");
        ObjectNode copy = logs.get(0).deepCopy();
        copy.put("locator", "stderr.txt");
        logs.set(1, copy);
        JsonNode r = verify(ref(PATCH_WU), manifest(m), goodCopy(), ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        JsonNode logsDiag = diagnostics(r).path("logs");
        assertEquals(List.of("required log type must appear exactly once: stdout (observed 2)", "required log type missing: stderr"),
                strings(logsDiag.path("coverage_violations")));
        JsonNode second = logsDiag.path("logs").get(1);
        assertFalse(second.path("matches").booleanValue());
        assertEquals(fileDigest("fixture stderr\n"), second.path("observed_digest").asText());
        assertEquals(List.of(high("provenance", LOG_FINDING, null)), findings(r));
    }

    /** B12: the smoke plan asking for a fragment of the added line fails under exact-line semantics. */
    @Test
    void b12FragmentFailsUnderExactLines() throws Exception {
        ObjectNode p = readRef(PATCH_PLAN);
        ((ObjectNode) p.get("backend")).set("required_added_text", UpstreamRows.array("patch-evaluator expected"));
        JsonNode r = verify(ref(PATCH_WU), ref(PATCH_GOOD + "/result-manifest.json"), refDir(PATCH_GOOD), plan(p)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals("0.1.1", r.path("verifier").path("adapter_version").asText());
    }

    /** B14 (B-setup of part 2): the correct transition patch fails under v0.2 and all versions hash it alike. */
    @Test
    void b14CorrectTransitionPatchAcrossVersions() throws Exception {
        ObjectNode v04 = readRef(TRANSITION_V04);
        ObjectNode v03 = v04.deepCopy();
        v03.put("schema_version", "0.3");
        v03.put("id", "verification/patch-transition-plan-v03-calibration");
        ((ObjectNode) v03.get("verifier")).put("adapter_version", "0.2.0");
        ((ObjectNode) v03.get("backend")).remove("required_removed_substrings");
        ObjectNode v02 = v03.deepCopy();
        v02.put("schema_version", "0.2");
        v02.put("id", "verification/patch-transition-plan-v02-calibration");
        ((ObjectNode) v02.get("verifier")).put("adapter_version", "0.1.1");
        ObjectNode backend = (ObjectNode) v02.get("backend");
        backend.set("required_added_text", backend.remove("required_added_substrings"));
        assertEquals("sha256:783a5da1883bacdfc581192ff232a027af6e4c2f926ad1b17b981081fad09994", canonical(v03));
        assertEquals("sha256:64d9f0927cb5b2735cea97aef7b57d9bcde162ed29624872d20500df8795e2f8", canonical(v02));

        String correctHash = "sha256:066255afaa767b35843d9d182e5bd81ba41866095fcb0b301bcb642127b242f6";
        JsonNode r02 = transitionRun("correct-v02", v02);
        assertEquals("failed", r02.path("status").asText());
        assertEquals("reject_candidate", r02.path("decision_support").path("recommendation").asText());
        assertEquals("0.1.1", r02.path("verifier").path("adapter_version").asText());
        // the manifest is built as upstream built it: B120's manifest digest
        assertEquals("sha256:033d6dd3930ff001f9f407e16b1f3aa4be727b3e4a927938a8bfdcdf7dc4ea0a", evidence(r02, "result-manifest-canonical"));
        assertEquals(correctHash, evidence(r02, "candidate-patch-hash"));
        assertEquals(correctHash, evidence(transitionRun("correct-v03", v03), "candidate-patch-hash"));
        assertEquals(correctHash, evidence(transitionRun("correct-v04", v04), "candidate-patch-hash"));
    }

    /** One cell of the part 2 B-setup: fresh root, logs, manifest and digests for {@code label}. */
    private JsonNode transitionRun(String label, ObjectNode plan) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(label));
        Path root = dir.resolve("candidate");
        byte[] patch = Files.readAllBytes(ref("verification/fixtures/patch-transition/correct.patch"));
        String stdout = "transition semantic fixture: " + label + "\n";
        write(root.resolve("changes.patch"), patch);
        write(root.resolve("stdout.txt"), stdout);
        write(root.resolve("stderr.txt"), new byte[0]);
        ObjectNode m = goodManifest();
        m.put("id", "verification/patch-smoke/" + label + "-attempt-1");
        ObjectNode ext = UpstreamRows.object();
        ext.putObject("org.idkmesh.transition_fixture").put("kind", label);
        m.set("extensions", ext);
        UpstreamRows.sealArtifact(m, patch);
        ((ObjectNode) m.path("logs").get(0)).put("digest", fileDigest(stdout));
        ((ObjectNode) m.path("logs").get(1)).put("digest", fileDigest(new byte[0]));
        return verify(ref(PATCH_WU), write(dir.resolve("manifest.json"), m), root, write(dir.resolve("plan.json"), plan)).result();
    }

    /** B22: {@code hello\n} with a matching digest and worker status {@code error}. */
    @Test
    void b22StructurallyInvalidPatchFromAnErroredWorker() throws Exception {
        byte[] patch = "hello\n".getBytes(StandardCharsets.UTF_8);
        Path root = goodCopy();
        write(root.resolve("changes.patch"), patch);
        ObjectNode m = UpstreamRows.sealArtifact(goodManifest(), patch);
        m.put("status", "error");
        JsonNode r = verify(ref(PATCH_WU), manifest(m), root, ref(PATCH_PLAN)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(List.of(
                high("correctness", STRUCTURE_FINDING, "changes.patch"),
                high("correctness", SEMANTIC_FINDING, "changes.patch"),
                finding("medium", "policy", "Worker ResultManifest status is 'error', not 'succeeded'.", null)), findings(r));
        assertEquals("content outside diff --git section at line 1: 'hello'", diagnostics(r).path("artifact").path("decode_error").asText());
    }

    /** B23: a 16-byte invalid patch over a 10-byte limit is still parsed (C8). */
    @Test
    void b23OversizedInvalidPatchIsStillParsed() throws Exception {
        byte[] patch = "not a diff file\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(16, patch.length);
        Path root = goodCopy();
        write(root.resolve("changes.patch"), patch);
        ObjectNode p = readRef(PATCH_PLAN);
        ((ObjectNode) p.get("backend")).put("max_candidate_bytes", 10);
        JsonNode r = verify(ref(PATCH_WU), manifest(UpstreamRows.sealArtifact(goodManifest(), patch)), root, plan(p)).result();
        assertEquals("failed", r.path("status").asText());
        assertEquals(List.of(
                high("policy", SIZE_FINDING, "changes.patch"),
                high("correctness", STRUCTURE_FINDING, "changes.patch"),
                high("correctness", SEMANTIC_FINDING, "changes.patch")), findings(r));
        JsonNode artifact = diagnostics(r).path("artifact");
        assertFalse(artifact.path("within_limit").booleanValue());
        assertEquals("content outside diff --git section at line 1: 'not a diff file'", artifact.path("decode_error").asText());
    }

    /**
     * Part 2 C121: inside a hunk the raw removed line {@code --- unsafe_call(x)} is dropped by the
     * v0.4 removed-line scan, so the removal is never observed and v0.4 fails, while the added side
     * records {@code -- safe_call(x)}.
     */
    @Test
    void c121SqlCommentRemovalIsLostUnderV04() throws Exception {
        String text = "diff --git a/q.sql b/q.sql\nindex 1111111..2222222 100644\n--- a/q.sql\n+++ b/q.sql\n"
                + "@@ -1,2 +1,2 @@\n--- unsafe_call(x)\n+-- safe_call(x)\n select 1;\n";
        byte[] patch = text.getBytes(StandardCharsets.UTF_8);
        Path root = goodCopy();
        write(root.resolve("changes.patch"), patch);
        JsonNode r = verify(ref(PATCH_WU), manifest(UpstreamRows.sealArtifact(goodManifest(), patch)), root, ref(TRANSITION_V04)).result();
        assertEquals("failed", r.path("status").asText());
        JsonNode d = diagnostics(r);
        JsonNode removed = d.path("semantic_removed_substrings");
        assertEquals(List.of(), strings(removed.path("observed_removed_lines")));
        assertEquals(List.of("unsafe_call("), strings(removed.path("missing_substrings")));
        assertTrue(removed.path("parse_error").isNull());
        assertEquals(List.of("-- safe_call(x)"), strings(d.path("semantic_substrings").path("observed_added_lines")));
        assertEquals(List.of(), strings(d.path("semantic_substrings").path("missing_substrings")));
        assertEquals(List.of(
                high("scope", "path outside constraints.allowed_paths: q.sql", null),
                high("scope", "path outside permissions.filesystem_write: q.sql", null),
                high("correctness", "Candidate patch does not remove every verifier-owned required unsafe substring within "
                        + "individual validated-hunk removed lines.", "changes.patch")), findings(r));
        assertEquals(0, r.path("metrics").path("matched_removed_substring_count").intValue());
    }

    /**
     * Part 2 C124: over the limit, the v0.3 layer does not parse (every substring missing), but the
     * core still does, and an added line equal to the substring clears it from
     * {@code missing_added_text}; the size finding alone fails the patch.
     */
    @Test
    void c124OversizedPatchUnderV03() throws Exception {
        ObjectNode p = readRef(FRAGMENT_V03);
        ObjectNode backend = (ObjectNode) p.get("backend");
        backend.put("max_candidate_bytes", 100);
        backend.set("required_added_substrings", UpstreamRows.array("<!-- patch-evaluator expected -->"));
        JsonNode r = verify(ref(PATCH_WU), ref(PATCH_GOOD + "/result-manifest.json"), refDir(PATCH_GOOD), plan(p)).result();
        assertEquals("failed", r.path("status").asText());
        JsonNode d = diagnostics(r);
        JsonNode s = d.path("semantic_substrings");
        assertEquals(List.of(), strings(s.path("observed_added_lines")));
        assertEquals("candidate is 157 bytes, exceeding max_candidate_bytes=100", s.path("parse_error").asText());
        assertEquals(List.of("<!-- patch-evaluator expected -->"), strings(s.path("missing_substrings")));
        assertTrue(s.path("matches").get(0).path("matched_line").isNull());
        assertEquals(List.of("<!-- patch-evaluator expected -->"), strings(d.path("semantic").path("observed_added_lines")));
        assertEquals(List.of(), strings(d.path("semantic").path("missing_added_text")));
        assertEquals(List.of("README.md"), strings(d.path("scope").path("changed_paths")));
        assertEquals(List.of(high("policy", SIZE_FINDING, "changes.patch")), findings(r));
        assertEquals(0, r.path("metrics").path("matched_substring_count").intValue());
        assertEquals("At least one required added-line substring was absent or another WorkUnit-required check failed.",
                r.path("decision_support").path("rationale").asText());
        assertEquals(List.of("result-manifest-schema=passed", "independent-review=failed"), checkStatuses(r));
    }
}
