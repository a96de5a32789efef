// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The VerificationResult fields every backend writes the same way (SPEC part 1 §A8.1). */
public final class Results {
    private Results() {}

    public static ObjectNode verifier(String adapter, String adapterVersion) {
        ObjectNode v = Nodes.object();
        v.put("id", "idkmesh-local-verifier");
        v.put("type", "system");
        v.put("adapter", adapter);
        v.put("adapter_version", adapterVersion);
        return v;
    }

    public static ObjectNode base(Inputs in, String idSuffix, ObjectNode verifier, String correlationNotes, Timing timing,
            ArrayNode checks, ArrayNode evidence, ArrayNode findings, ObjectNode metrics, ObjectNode toolVersions,
            String rationale, ObjectNode extensions) {
        ObjectNode m = in.manifest();
        String status = statusOf(checks);
        ObjectNode r = Nodes.object();
        r.put("schema_version", "0.1");
        r.put("id", m.path("id").asText() + idSuffix);
        r.put("result_manifest_id", m.path("id").asText());
        r.set("work_unit_id", m.get("work_unit_id").deepCopy());
        r.set("work_unit_version", m.get("work_unit_version").deepCopy());
        r.set("attempt", m.get("attempt").deepCopy());
        r.set("verifier", verifier);
        ObjectNode independence = Nodes.object();
        independence.put("independent_from_worker", true);
        independence.set("worker_id_observed", m.path("worker").get("id").deepCopy());
        independence.put("shared_model_family", false);
        independence.put("shared_runtime", false);
        independence.put("correlation_notes", correlationNotes);
        r.set("independence", independence);
        r.put("status", status);
        r.put("started_at", timing.startedAt());
        Timing.Finished finished = timing.finish();
        r.put("finished_at", finished.finishedAt());
        r.set("checks", checks);
        r.set("evidence", evidence);
        r.set("findings", findings);
        r.set("metrics", metrics);
        ObjectNode resources = Nodes.object();
        resources.put("wall_seconds", finished.wallSeconds());
        resources.put("compute_units", 0.0);
        resources.put("human_minutes", 0.0);
        resources.put("tokens", 0);
        r.set("resources", resources);
        ObjectNode provenance = Nodes.object();
        provenance.put("result_manifest_digest", in.manifestDigest().toString());
        provenance.put("work_unit_digest", in.workUnitDigest().toString());
        provenance.set("source_revision", m.path("provenance").get("source_revision").deepCopy());
        provenance.put("verifier_config_digest", in.planDigest().toString());
        ObjectNode environment = Nodes.object();
        environment.set("tool_versions", toolVersions);
        provenance.set("environment", environment);
        r.set("provenance", provenance);
        ObjectNode decision = Nodes.object();
        decision.put("recommendation", "passed".equals(status) ? "accept_candidate" : "reject_candidate");
        decision.put("confidence", 1.0);
        decision.put("rationale", rationale);
        r.set("decision_support", decision);
        r.set("extensions", extensions);
        return r;
    }

    /** {@code passed} when no check failed. */
    public static String statusOf(ArrayNode checks) {
        for (var c : checks) {
            if ("failed".equals(c.path("status").textValue())) {
                return "failed";
            }
        }
        return "passed";
    }

    /** Recounts required checks and re-derives status and recommendation (the v0.4 layer does this). */
    public static void recount(ObjectNode result) {
        int passed = 0;
        int failed = 0;
        for (var c : result.withArray("checks")) {
            if (c.path("required").asBoolean(false)) {
                if ("passed".equals(c.path("status").textValue())) {
                    passed++;
                } else if ("failed".equals(c.path("status").textValue())) {
                    failed++;
                }
            }
        }
        ObjectNode metrics = (ObjectNode) result.get("metrics");
        metrics.put("required_checks_passed", passed);
        metrics.put("required_checks_failed", failed);
        String status = failed == 0 ? "passed" : "failed";
        result.put("status", status);
        ((ObjectNode) result.get("decision_support")).put("recommendation",
                "passed".equals(status) ? "accept_candidate" : "reject_candidate");
    }
}
