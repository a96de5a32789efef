// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.json.PythonRepr;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.ReferenceFolder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Upstream's schema failure texts, reproduced from upstream documents mutated in one place each. */
class PythonSchemaMessagesTest {
    private static final DocumentVersion PLAN_V01 = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.1");
    private static final DocumentVersion PLAN_V02 = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.2");
    private static final DocumentVersion PLAN_V04 = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.4");
    private static final DocumentVersion PLAN_V05 = DocumentVersion.of(DocumentType.EVALUATOR_PLAN, "0.5");
    private static final DocumentVersion WORK_UNIT = DocumentVersion.of(DocumentType.WORK_UNIT, "0.2");
    private static final DocumentVersion MANIFEST = DocumentVersion.of(DocumentType.RESULT_MANIFEST, "0.1");

    private static final String SMOKE_PLAN = "verification/fixtures/patch-smoke-evaluator-plan-v0.2.json";
    private static final String TRANSITION_PLAN = "verification/fixtures/patch-transition-evaluator-plan-v0.4.json";
    private static final String SMOKE_WORK_UNIT = "examples/work-units/patch-verifier-smoke.work-unit.json";
    private static final String SMOKE_MANIFEST = "examples/results/phase0-smoke.result-manifest.json";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static ObjectNode upstream(String relative) {
        // Outside the try: a missing reference folder skips the test (or fails it where required), never an error.
        java.nio.file.Path file = ReferenceFolder.file(relative);
        try {
            return (ObjectNode) StrictJson.withDefaults().read(file);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read upstream " + relative, e);
        }
    }

    private static JsonNode json(String text) {
        try {
            return StrictJson.withDefaults().read(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /** The one detail a single mutation of a valid upstream document produces. */
    private static String onlyDetail(DocumentVersion version, ObjectNode document) {
        List<String> details = PythonSchemaMessages.details(version, document);
        assertEquals(1, details.size(), () -> details.toString());
        return details.get(0);
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void upstreamDocumentsAreValid() {
        assertNull(PythonSchemaMessages.failure("EvaluatorPlan v0.2", PLAN_V02, upstream(SMOKE_PLAN)));
        assertNull(PythonSchemaMessages.failure("EvaluatorPlan v0.4", PLAN_V04, upstream(TRANSITION_PLAN)));
        assertNull(PythonSchemaMessages.failure("Work Unit", WORK_UNIT, upstream(SMOKE_WORK_UNIT)));
        assertNull(PythonSchemaMessages.failure("ResultManifest", MANIFEST, upstream(SMOKE_MANIFEST)));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void patchPlanRelabelledAsJsonPlan() {
        ObjectNode plan = Fixtures.with(upstream(SMOKE_PLAN), "/schema_version", NODES.textNode("0.1"));
        assertEquals("EvaluatorPlan v0.1 failed schema validation: "
                + "<root>: Additional properties are not allowed ('backend' was unexpected); "
                + "<root>: 'allowed_files' is a required property; "
                + "<root>: 'max_candidate_bytes' is a required property; "
                + "<root>: 'required_json' is a required property; "
                + "verifier.adapter: 'deterministic-json-verifier' was expected; "
                + "verifier.adapter_version: '0.1' was expected",
                PythonSchemaMessages.failure("EvaluatorPlan v0.1", PLAN_V01, plan));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void historicalAdapterVersion() {
        ObjectNode plan = Fixtures.with(upstream(SMOKE_PLAN), "/verifier/adapter_version", NODES.textNode("0.1"));
        assertEquals("EvaluatorPlan v0.2 failed schema validation: verifier.adapter_version: '0.1.1' was expected",
                PythonSchemaMessages.failure("EvaluatorPlan v0.2", PLAN_V02, plan));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void missingRemovedSubstrings() {
        ObjectNode plan = Fixtures.without(upstream(TRANSITION_PLAN), "/backend/required_removed_substrings");
        assertEquals("EvaluatorPlan v0.4 failed schema validation: backend: 'required_removed_substrings' is a required property",
                PythonSchemaMessages.failure("EvaluatorPlan v0.4", PLAN_V04, plan));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void jsonschemaWordingPerKeyword() {
        ObjectNode plan = upstream(SMOKE_PLAN);
        assertEquals("visibility: 'secret' is not one of ['public', 'hidden']",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/visibility", NODES.textNode("secret"))));
        assertEquals("backend.require_nonempty_patch: True was expected",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/backend/require_nonempty_patch", NODES.numberNode(1))));
        assertEquals("binding.work_unit_version: 's' is not of type 'integer'",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/binding/work_unit_version", NODES.textNode("s"))));
        assertEquals("binding.work_unit_digest: 'abc' does not match '^sha256:[0-9a-f]{64}$'",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/binding/work_unit_digest", NODES.textNode("abc"))));
        assertEquals("candidate_artifact_id: '' should be non-empty",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/candidate_artifact_id", NODES.textNode(""))));
        assertEquals("required_validator_ids: [] should be non-empty",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/required_validator_ids", NODES.arrayNode())));
        assertEquals("backend.max_candidate_bytes: 0 is less than the minimum of 1",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/backend/max_candidate_bytes", NODES.numberNode(0))));
        assertEquals("required_validator_ids: ['a', 'a'] has non-unique elements",
                onlyDetail(PLAN_V02, Fixtures.with(plan, "/required_validator_ids", json("[\"a\", \"a\"]"))));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void stricterChecksWordedThePythonWay() {
        // upstream would accept 5.0 as an integer; this tool does not, and says so in upstream's words
        assertEquals("binding.work_unit_version: 5.0 is not of type 'integer'",
                onlyDetail(PLAN_V02, Fixtures.with(upstream(SMOKE_PLAN), "/binding/work_unit_version", NODES.numberNode(5.0))));
        // two keywords of one $ref target at one path keep the target's keyword order
        assertEquals(List.of(
                "binding.work_unit_version: 0.5 is not of type 'integer'",
                "binding.work_unit_version: 0.5 is less than the minimum of 1"),
                PythonSchemaMessages.details(PLAN_V02,
                        Fixtures.with(upstream(SMOKE_PLAN), "/binding/work_unit_version", NODES.numberNode(0.5))));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void twoUnexpectedKeysInOneSortedError() {
        ObjectNode plan = upstream(SMOKE_PLAN);
        plan.put("z", 1);
        plan.put("x", 2);
        assertEquals("<root>: Additional properties are not allowed ('x', 'z' were unexpected)", onlyDetail(PLAN_V02, plan));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void keywordOrderAtOnePath() {
        ObjectNode plan = Fixtures.without(upstream(SMOKE_PLAN), "/verifier/id");
        ((ObjectNode) plan.get("verifier")).put("extra", true);
        ((ObjectNode) plan.get("verifier")).put("adapter", "deterministic-json-verifier");
        assertEquals(List.of(
                "verifier: Additional properties are not allowed ('extra' was unexpected)",
                "verifier: 'id' is a required property",
                "verifier.adapter: 'deterministic-patch-verifier' was expected"),
                PythonSchemaMessages.details(PLAN_V02, plan));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void arrayIndicesSortAsNumbers() {
        ObjectNode unit = upstream(SMOKE_WORK_UNIT);
        ArrayNode validators = NODES.arrayNode();
        for (int i = 0; i < 11; i++) {
            ObjectNode v = unit.get("validators").get(0).deepCopy();
            v.put("id", "check-" + i);
            validators.add(v);
        }
        ((ObjectNode) validators.get(10)).put("type", "bogus");
        ((ObjectNode) validators.get(2)).put("type", "bogus");
        unit.set("validators", validators);
        String allowed = "['test', 'review', 'schema', 'lint', 'security', 'formal', 'reproduction', 'benchmark', 'other']";
        assertEquals(List.of(
                "validators.2.type: 'bogus' is not one of " + allowed,
                "validators.10.type: 'bogus' is not one of " + allowed),
                PythonSchemaMessages.details(WORK_UNIT, unit));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void workUnitConditionalRequirement() {
        ObjectNode unit = Fixtures.without(
                Fixtures.with(upstream(SMOKE_WORK_UNIT), "/permissions/network", NODES.textNode("allowlist")),
                "/permissions/network_allowlist");
        assertEquals("Work Unit failed schema validation: permissions: 'network_allowlist' is a required property",
                PythonSchemaMessages.failure("Work Unit", WORK_UNIT, unit));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void conditionalErrorsComeWhereTheIfStands() {
        ObjectNode unit = Fixtures.without(
                Fixtures.with(upstream(SMOKE_WORK_UNIT), "/verification_policy/strategy", NODES.textNode("quorum")),
                "/verification_policy/independent_from_worker");
        ((ObjectNode) unit.get("verification_policy")).put("zz", 1);
        assertEquals(List.of(
                "verification_policy: Additional properties are not allowed ('zz' was unexpected)",
                "verification_policy: 'independent_from_worker' is a required property",
                "verification_policy: 'quorum' is a required property"),
                PythonSchemaMessages.details(WORK_UNIT, unit));
    }

    @Test
    @Tag(TestGroups.REFERENCE)
    void resultManifestErrors() {
        ObjectNode manifest = upstream(SMOKE_MANIFEST);
        assertEquals("started_at: 'not-a-date' is not a 'date-time'",
                onlyDetail(MANIFEST, Fixtures.with(manifest, "/started_at", NODES.textNode("not-a-date"))));
        assertEquals("metrics.x: 's' is not of type 'number', 'integer', 'null'",
                onlyDetail(MANIFEST, Fixtures.with(manifest, "/metrics/x", NODES.textNode("s"))));
        assertEquals("ResultManifest failed schema validation: resources.tokens: 5.0 is not of type 'integer'",
                PythonSchemaMessages.failure("ResultManifest", MANIFEST,
                        Fixtures.with(manifest, "/resources/tokens", NODES.numberNode(5.0))));
    }

    @Test
    void atMostTenDetails() {
        // an empty object misses every required property: one error each, in the schema's order
        JsonNode required = DocumentSchemas.shipped().schemaJson(WORK_UNIT).get("required");
        List<String> expected = new ArrayList<>();
        required.forEach(name -> expected.add("<root>: '" + name.textValue() + "' is a required property"));
        assertTrue(expected.size() > 10, "the case needs more than ten errors");
        assertEquals(expected, PythonSchemaMessages.details(WORK_UNIT, NODES.objectNode()));
        assertEquals("Work Unit failed schema validation: " + String.join("; ", expected.subList(0, 10)),
                PythonSchemaMessages.failure("Work Unit", WORK_UNIT, NODES.objectNode()));
    }

    @Test
    void failedAnyOfIsOneError() {
        ObjectNode plan = Fixtures.json(PLAN_V05);
        for (String field : List.of("required_added_substrings", "required_removed_substrings", "required_transitions")) {
            plan = Fixtures.with(plan, "/backend/" + field, NODES.arrayNode());
        }
        // jsonschema names the object the anyOf applies to, not each alternative's failure
        assertEquals("backend: " + PythonRepr.of(plan.get("backend")) + " is not valid under any of the given schemas",
                onlyDetail(PLAN_V05, plan));
    }
}
