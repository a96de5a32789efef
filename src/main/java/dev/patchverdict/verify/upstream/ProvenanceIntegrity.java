// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The cross-document integrity rules (SPEC part 1 §A9.6) between a WorkUnit, a worker's
 * ResultManifest and a VerificationResult, in their order and words. Used after every
 * verification and by audits of results written earlier.
 */
public final class ProvenanceIntegrity {
    private ProvenanceIntegrity() {}

    /** Every rule that does not hold, in order; empty when all hold. */
    public static List<String> violations(ObjectNode workUnit, Digest workUnitDigest, ObjectNode manifest, Digest manifestDigest,
            ObjectNode result) {
        List<String> out = new ArrayList<>();
        if (!same(manifest.get("work_unit_id"), workUnit.get("id"))) {
            out.add("worker ResultManifest references a different Work Unit id");
        }
        if (!same(manifest.get("work_unit_version"), workUnit.get("version"))) {
            out.add("worker ResultManifest references a different Work Unit version");
        }
        JsonNode declaredWu = manifest.path("provenance").get("work_unit_digest");
        if (declaredWu == null || !workUnitDigest.toString().equals(declaredWu.asText())) {
            out.add("worker ResultManifest work_unit_digest mismatch: expected " + workUnitDigest + ", got " + str(declaredWu));
        }
        if (!same(result.get("result_manifest_id"), manifest.get("id"))) {
            out.add("VerificationResult references a different ResultManifest id");
        }
        for (String f : List.of("work_unit_id", "work_unit_version", "attempt")) {
            if (!same(result.get(f), manifest.get(f))) {
                out.add("VerificationResult " + f + " does not match worker ResultManifest");
            }
        }
        JsonNode rmDigest = result.path("provenance").get("result_manifest_digest");
        if (rmDigest == null || !manifestDigest.toString().equals(rmDigest.asText())) {
            out.add("VerificationResult result_manifest_digest mismatch: expected " + manifestDigest + ", got " + str(rmDigest));
        }
        JsonNode wuDigest = result.path("provenance").get("work_unit_digest");
        if (wuDigest == null || !workUnitDigest.toString().equals(wuDigest.asText())) {
            out.add("VerificationResult work_unit_digest mismatch: expected " + workUnitDigest + ", got " + str(wuDigest));
        }
        if (!same(result.path("provenance").get("source_revision"), manifest.path("provenance").get("source_revision"))) {
            out.add("VerificationResult source_revision does not match worker provenance");
        }
        if (!same(result.path("independence").get("worker_id_observed"), manifest.path("worker").get("id"))) {
            out.add("VerificationResult independence.worker_id_observed does not match worker id");
        }
        if (result.path("independence").path("independent_from_worker").asBoolean(false)
                && same(result.path("verifier").get("id"), manifest.path("worker").get("id"))) {
            out.add("VerificationResult claims independence but verifier id equals worker id");
        }
        return out;
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        return Objects.equals(a, b) || (a.isNumber() && b.isNumber() && PyJson.pyEquals(a, b));
    }

    private static String str(JsonNode v) {
        return v == null || v.isNull() ? "None" : v.isTextual() ? v.textValue() : v.toString();
    }
}
