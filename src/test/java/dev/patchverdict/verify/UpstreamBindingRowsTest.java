// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static dev.patchverdict.verify.UpstreamRows.JSON_GOOD;
import static dev.patchverdict.verify.UpstreamRows.JSON_PLAN;
import static dev.patchverdict.verify.UpstreamRows.JSON_WU;
import static dev.patchverdict.verify.UpstreamRows.PATCH_GOOD;
import static dev.patchverdict.verify.UpstreamRows.PATCH_PLAN;
import static dev.patchverdict.verify.UpstreamRows.PATCH_WU;
import static dev.patchverdict.verify.UpstreamRows.TRANSITION_V04;
import static dev.patchverdict.verify.UpstreamRows.ZERO_DIGEST;
import static dev.patchverdict.verify.UpstreamRows.canonical;
import static dev.patchverdict.verify.UpstreamRows.failure;
import static dev.patchverdict.verify.UpstreamRows.readRef;
import static dev.patchverdict.verify.UpstreamRows.ref;
import static dev.patchverdict.verify.UpstreamRows.refDir;
import static dev.patchverdict.verify.UpstreamRows.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.verify.upstream.ProvenanceIntegrity;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SPEC part 1 §A2.2 "Mismatched combinations", the binding checks G9–G11 and V5a–c of §A2.3, and
 * the schema rows B126 and B134 of part 2: inputs that must fail closed, with the exact exit-2
 * message; and B19, the provenance-integrity triples.
 *
 * <p>Rows of §A2.2/§A2.3 not turned into assertions here:
 * <ul>
 *   <li>R1/R2 ({@code path escapes repository root}, {@code results/}): decision 10.</li>
 *   <li>V4b, V5d, V6, P1, P2 and {@code EvaluatorPlan does not select a supported verifier
 *       backend}: shadowed by earlier checks or unreachable for schema-valid plans (C18, C19).</li>
 *   <li>The first six checks of B1 are in {@link UpstreamJsonRowsTest}.</li>
 * </ul>
 */
@Tag(TestGroups.REFERENCE)
class UpstreamBindingRowsTest {
    @TempDir
    Path tmp;

    /** The good patch fixture under an edited copy of the v0.2 smoke plan. */
    private String patchPlanFailure(Consumer<ObjectNode> edit) throws Exception {
        return withPlan(PATCH_PLAN, edit);
    }

    private String withPlan(String planFile, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode plan = readRef(planFile);
        edit.accept(plan);
        return failure(ref(PATCH_WU), ref(PATCH_GOOD + "/result-manifest.json"), refDir(PATCH_GOOD),
                write(tmp.resolve("plan.json"), plan));
    }

    /** §A2.2: the v0.2 smoke plan relabelled {@code 0.1} is checked against the v0.1 schema. */
    @Test
    void patchPlanRelabelledAsV01() throws Exception {
        assertEquals("EvaluatorPlan v0.1 failed schema validation: <root>: Additional properties are not allowed ('backend' was unexpected); "
                + "<root>: 'allowed_files' is a required property; <root>: 'max_candidate_bytes' is a required property; "
                + "<root>: 'required_json' is a required property; verifier.adapter: 'deterministic-json-verifier' was expected; "
                + "verifier.adapter_version: '0.1' was expected", patchPlanFailure(p -> p.put("schema_version", "0.1")));
    }

    @Test
    void v02BackendTypeOtherThanUnifiedDiff() throws Exception {
        assertEquals("EvaluatorPlan v0.2 failed schema validation: backend.type: 'unified_diff' was expected",
                patchPlanFailure(p -> ((ObjectNode) p.get("backend")).put("type", "git_diff")));
    }

    @Test
    void v02HistoricalAdapterVersion() throws Exception {
        assertEquals("EvaluatorPlan v0.2 failed schema validation: verifier.adapter_version: '0.1.1' was expected",
                patchPlanFailure(p -> ((ObjectNode) p.get("verifier")).put("adapter_version", "0.1")));
    }

    @Test
    void v02WithTheJsonAdapter() throws Exception {
        assertEquals("EvaluatorPlan v0.2 failed schema validation: verifier.adapter: 'deterministic-patch-verifier' was expected",
                patchPlanFailure(p -> ((ObjectNode) p.get("verifier")).put("adapter", "deterministic-json-verifier")));
    }

    /** §A2.2 / C17: {@code load_plan} prints the repr of the raw value. */
    @Test
    void missingSchemaVersion() throws Exception {
        assertEquals("unsupported EvaluatorPlan schema_version: None", patchPlanFailure(p -> p.remove("schema_version")));
    }

    @Test
    void unknownStringSchemaVersion() throws Exception {
        assertEquals("unsupported EvaluatorPlan schema_version: '0.9'", patchPlanFailure(p -> p.put("schema_version", "0.9")));
    }

    @Test
    void integerSchemaVersion() throws Exception {
        assertEquals("unsupported EvaluatorPlan schema_version: 1", patchPlanFailure(p -> p.put("schema_version", 1)));
    }

    /** A JSON number {@code 0.2} selects the v0.2 schema through {@code str()} and then fails its const. */
    @Test
    void floatSchemaVersionSelectsV02AndFailsItsSchema() throws Exception {
        assertEquals("EvaluatorPlan v0.2 failed schema validation: schema_version: '0.2' was expected",
                patchPlanFailure(p -> p.put("schema_version", 0.2)));
    }

    /** §A2.2: a v0.2 plan bound to the JSON WorkUnit; the plan's validator list decides between G9 and G10. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "artifact-digest,candidate-scope,independent-acceptance|selected evaluator backend does not exactly implement the bound "
                + "required validators; unsupported_required=['artifact-digest', 'candidate-scope', 'independent-acceptance'], "
                + "backend_extra=['independent-review', 'result-manifest-schema']",
        "result-manifest-schema,independent-review|EvaluatorPlan validator coverage must exactly match required WorkUnit "
                + "validators; missing=['artifact-digest', 'candidate-scope', 'independent-acceptance'], "
                + "extra=['independent-review', 'result-manifest-schema']"
    })
    void patchPlanBoundToTheJsonWorkUnit(String planIds, String message) throws Exception {
        ObjectNode plan = readRef(PATCH_PLAN);
        plan.set("binding", readRef(JSON_PLAN).get("binding"));
        plan.set("required_validator_ids", UpstreamRows.array(planIds.split(",")));
        assertEquals(message, failure(ref(JSON_WU), ref(JSON_GOOD + "/result-manifest.json"), refDir(JSON_GOOD + "/candidate-root"),
                write(tmp.resolve("plan.json"), plan)));
    }

    /** §A2.2: a WorkUnit requiring {@code extra-check}, listed by plan and manifest alike, fails G10. */
    @Test
    void extraRequiredValidatorNoBackendImplements() throws Exception {
        ObjectNode wu = readRef(PATCH_WU);
        ObjectNode extra = ((ArrayNode) wu.get("validators")).addObject();
        extra.put("id", "extra-check");
        extra.put("type", "test");
        extra.put("required", true);
        String digest = canonical(wu);
        ObjectNode plan = readRef(PATCH_PLAN);
        ((ObjectNode) plan.get("binding")).put("work_unit_digest", digest);
        ((ArrayNode) plan.get("required_validator_ids")).add("extra-check");
        ObjectNode manifest = readRef(PATCH_GOOD + "/result-manifest.json");
        ((ObjectNode) manifest.get("provenance")).put("work_unit_digest", digest);
        ((ArrayNode) manifest.path("verification_request").get("expected_validator_ids")).add("extra-check");
        assertEquals("selected evaluator backend does not exactly implement the bound required validators; "
                + "unsupported_required=['extra-check'], backend_extra=[]",
                failure(write(tmp.resolve("wu.json"), wu), write(tmp.resolve("manifest.json"), manifest), refDir(PATCH_GOOD),
                        write(tmp.resolve("plan.json"), plan)));
    }

    /** G11: the worker did not ask for {@code independent-review}. */
    @Test
    void manifestOmitsARequiredValidator() throws Exception {
        ObjectNode manifest = readRef(PATCH_GOOD + "/result-manifest.json");
        ((ObjectNode) manifest.get("verification_request")).set("expected_validator_ids", UpstreamRows.array("result-manifest-schema"));
        assertEquals("ResultManifest verification request omits required WorkUnit validators: independent-review",
                failure(ref(PATCH_WU), write(tmp.resolve("manifest.json"), manifest), refDir(PATCH_GOOD), ref(PATCH_PLAN)));
    }

    /** V5a–c, for every plan version: the manifest must name this WorkUnit, its version and its digest. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "json|work_unit_id|worker ResultManifest references a different Work Unit",
        "json|work_unit_version|worker ResultManifest Work Unit version mismatch",
        "json|work_unit_digest|worker ResultManifest is not bound to the exact Work Unit",
        "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json|work_unit_id|worker ResultManifest references a different Work Unit",
        "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json|work_unit_version|worker ResultManifest Work Unit version mismatch",
        "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json|work_unit_digest|worker ResultManifest is not bound to the exact Work Unit",
        "verification/fixtures/patch-fragment-substring-evaluator-plan-v0.3.json|work_unit_id|worker ResultManifest references a different Work Unit",
        "verification/fixtures/patch-fragment-substring-evaluator-plan-v0.3.json|work_unit_digest|worker ResultManifest is not bound to the exact Work Unit",
        "verification/fixtures/patch-transition-evaluator-plan-v0.4.json|work_unit_version|worker ResultManifest Work Unit version mismatch",
        "verification/fixtures/patch-transition-evaluator-plan-v0.4.json|work_unit_digest|worker ResultManifest is not bound to the exact Work Unit"
    })
    void manifestBoundToAnotherWorkUnit(String plan, String field, String message) throws Exception {
        boolean json = plan.equals("json");
        ObjectNode manifest = readRef((json ? JSON_GOOD : PATCH_GOOD) + "/result-manifest.json");
        switch (field) {
            case "work_unit_id" -> manifest.put("work_unit_id", "verification/another-unit");
            case "work_unit_version" -> manifest.put("work_unit_version", 2);
            default -> ((ObjectNode) manifest.get("provenance")).put("work_unit_digest", ZERO_DIGEST);
        }
        assertEquals(message, failure(ref(json ? JSON_WU : PATCH_WU), write(tmp.resolve("manifest.json"), manifest),
                refDir(json ? JSON_GOOD + "/candidate-root" : PATCH_GOOD), ref(json ? JSON_PLAN : plan)));
    }

    /**
     * B19: {@code provenance_integrity}'s positive triple holds, and the mismatched-provenance result
     * is refused (its first failing rule, §A9.6 row 6, with both digests).
     */
    @Test
    void b19ProvenanceIntegrityTriples() throws Exception {
        ObjectNode wu = readRef("examples/work-units/phase0-smoke.work-unit.json");
        ObjectNode manifest = readRef("examples/results/phase0-smoke.result-manifest.json");
        Digest wuDigest = Digest.parse(canonical(wu));
        Digest manifestDigest = Digest.parse(canonical(manifest));
        assertEquals(List.of(), ProvenanceIntegrity.violations(wu, wuDigest, manifest, manifestDigest,
                readRef("examples/results/phase0-smoke.verification-result.json")));
        List<String> invalid = ProvenanceIntegrity.violations(wu, wuDigest, manifest, manifestDigest,
                readRef("examples/results/invalid-mismatched-provenance.verification-result.json"));
        assertEquals("VerificationResult result_manifest_digest mismatch: expected "
                + "sha256:c28dd9a262dc7aa38255cbe018fddfbf14ba10864815ffb860685fe558ff2b0e, got sha256:" + "9".repeat(64), invalid.get(0));
    }

    /** Part 2 B126: v0.4 requires the removed transition. */
    @Test
    void b126V04WithoutRequiredRemovedSubstrings() throws Exception {
        assertEquals("EvaluatorPlan v0.4 failed schema validation: backend: 'required_removed_substrings' is a required property",
                withPlan(TRANSITION_V04, p -> ((ObjectNode) p.get("backend")).remove("required_removed_substrings")));
    }

    /** Part 2 B134: the v0.3 schema rejects the v0.2 adapter version (schema only, so path A and B agree). */
    @Test
    void b134V03WithTheOldAdapterVersion() throws Exception {
        assertEquals("EvaluatorPlan v0.3 failed schema validation: verifier.adapter_version: '0.2.0' was expected",
                withPlan("verification/fixtures/patch-smoke-evaluator-plan-v0.3.json", p -> ((ObjectNode) p.get("verifier")).put("adapter_version", "0.1.1")));
    }
}
