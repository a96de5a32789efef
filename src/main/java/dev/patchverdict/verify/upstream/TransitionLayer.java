// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.verify.VerificationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * EvaluatorPlan v0.4, the transition adapter 0.3.0 (SPEC part 2 §A7.4–§A7.6): v0.3 plus required
 * substrings of removed lines. Removed lines are taken by a whole-text scan that drops every raw
 * line starting {@code "--- "}, so a removed line whose content starts {@code "-- "} is lost
 * (C121); that is the historical meaning and is kept.
 */
public final class TransitionLayer {
    static final String REVIEW_FAILED = "Independent metadata-only patch review rejected the candidate because the v0.4 transition did not remove every verifier-owned unsafe substring or another required check failed.";
    static final String REVIEW_PASSED = "Independent metadata-only patch review passed artifact/log integrity, strict patch structure, scope, v0.3 added-line substring checks, and v0.4 removed-line transition checks.";
    static final String FINDING = "Candidate patch does not remove every verifier-owned required unsafe substring within individual validated-hunk removed lines.";

    private TransitionLayer() {}

    public record Observation(ObjectNode q, List<String> missing, boolean parseError) {}

    public static Observation observe(byte[] patch, long maxCandidateBytes, List<String> required) {
        return observe(new PatchText(patch), maxCandidateBytes, required);
    }

    static Observation observe(PatchText text, long maxCandidateBytes, List<String> required) {
        byte[] patch = text.bytes();
        List<String> removed = List.of();
        String parseError = null;
        if (patch.length > maxCandidateBytes) {
            parseError = "candidate is " + patch.length + " bytes, exceeding max_candidate_bytes=" + maxCandidateBytes;
        } else {
            try {
                text.parsed();
                removed = TransitionRemovedLines.collectLines(text.lines());
            } catch (PyUtf8.DecodeError | Parser011.Rejected e) {
                parseError = e.getMessage();
            }
        }
        ArrayNode matches = Nodes.F.arrayNode();
        List<String> missing = new ArrayList<>();
        for (String x : required) {
            String hit = null;
            for (String line : removed) {
                if (line.contains(x)) {
                    hit = line;
                    break;
                }
            }
            ObjectNode m = Nodes.object();
            m.put("substring", x);
            if (hit == null) {
                m.putNull("matched_line");
                missing.add(x);
            } else {
                m.put("matched_line", hit);
            }
            matches.add(m);
        }
        ObjectNode q = Nodes.object();
        q.put("semantic_mode", "removed_line_substring_all");
        q.set("required_removed_substrings", Nodes.strings(required));
        q.set("observed_removed_lines", Nodes.strings(removed));
        q.set("matches", matches);
        q.set("missing_substrings", Nodes.strings(missing));
        if (parseError == null) {
            q.putNull("parse_error");
        } else {
            q.put("parse_error", parseError);
        }
        return new Observation(q, missing, parseError != null);
    }

    public static PatchCore.Run run(Inputs in, ObjectNode backend, ObjectNode artifact, byte[] patch, Timing timing)
            throws VerificationException, IOException {
        PatchText text = new PatchText(patch);
        Observation obs = observe(text, backend.path("max_candidate_bytes").longValue(),
                Nodes.stringList(backend.path("required_removed_substrings")));
        ObjectNode substringBackend = backend.deepCopy();
        substringBackend.remove("required_removed_substrings");
        PatchCore.Run run = SubstringLayer.layer(in, substringBackend, artifact, text, timing);
        ObjectNode r = run.result;

        ((ArrayNode) r.withArray("evidence")).add(PatchCore.evidence("removed-substring-semantic-observation", "test_output",
                "inline://removed-substring-semantic-observation", Nodes.digest(obs.q()).toString(), "application/json",
                "Canonical digest of explicit case-sensitive, single-removed-line substring matching for EvaluatorPlan v0.4."));
        ObjectNode review = run.check("independent-review");
        ArrayNode ids = review.withArray("evidence_ids");
        if (!Nodes.stringList(ids).contains("removed-substring-semantic-observation")) {
            ids.add("removed-substring-semantic-observation");
        }
        run.diagnostics.set("semantic_removed_substrings", obs.q());
        run.diagnostics.put("semantic_transition_mode", "added_and_removed_line_substring_all");
        boolean transitionFailed = !obs.missing().isEmpty() || obs.parseError();
        if (transitionFailed) {
            review.put("status", "failed");
            review.put("summary", REVIEW_FAILED);
            // the path is the FIRST produced artifact's locator, whichever the candidate is (SPEC part 2 C129)
            JsonNode first = in.manifest().path("produced_artifacts").path(0);
            ((ArrayNode) r.withArray("findings")).add(PatchCore.finding("high", "correctness", FINDING,
                    first.path("locator").asText()));
        } else if ("passed".equals(review.path("status").textValue())) {
            review.put("summary", REVIEW_PASSED);
        }
        ObjectNode metrics = (ObjectNode) r.get("metrics");
        int required = obs.q().path("required_removed_substrings").size();
        metrics.put("required_removed_substring_count", required);
        metrics.put("matched_removed_substring_count", required - obs.missing().size());
        ((ObjectNode) r.get("verifier")).put("adapter_version", "0.3.0");
        ((ObjectNode) r.get("independence")).put("correlation_notes",
                "Evaluator control is outside the candidate root; candidate code is never executed. Strict diff/provenance/log/scope checks reuse verifier v0.1.1; v0.2.0 supplies explicit added-line substring matching; v0.3.0 additionally requires verifier-owned unsafe substrings to occur in validated removed lines.");
        ObjectNode tools = (ObjectNode) r.path("provenance").path("environment").get("tool_versions");
        tools.put("deterministic-patch-verifier", "0.3.0");
        tools.put("deterministic-patch-verifier-added-substring-core", "0.2.0");
        ObjectNode ext = (ObjectNode) r.get("extensions");
        ext.put("org.idkmesh.local_verifier.semantic_match_mode", "added_and_removed_line_substring_all");
        ext.put("org.idkmesh.local_verifier.added_substring_core_version", "0.2.0");
        Results.recount(r);
        ((ObjectNode) r.get("decision_support")).put("rationale", "passed".equals(r.path("status").textValue())
                ? "All WorkUnit-required checks passed, including explicit v0.4 added-and-removed line substring transition semantics."
                : "At least one WorkUnit-required check failed under v0.4 added-and-removed line substring transition semantics.");
        run.sealDiagnostics();
        return run;
    }
}
