// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.verify.VerificationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * EvaluatorPlan v0.3, adapter 0.2.0 (SPEC part 2 §A6.4–§A6.7, the canonical path A): each
 * required substring must occur inside one added line. It matches on the 0.1.1 parser's added
 * lines, then hands the core the first matching lines as exact-line requirements, and rewrites
 * the core's texts; the historical quirks (C122–C124) are kept on purpose.
 */
public final class SubstringLayer {
    static final String REVIEW_PASSED = "Independent metadata-only patch review passed artifact/log integrity, strict patch structure, scope, and explicit v0.3 added-line substring checks.";
    static final String REVIEW_FAILED = "Independent metadata-only patch review rejected the candidate bundle under v0.3 added-line substring semantics or another required check.";
    static final String SEMANTIC_FINDING = "Candidate patch does not contain all verifier-owned required added substrings within individual validated-hunk added lines.";

    private SubstringLayer() {}

    /** The added-substring observation {@code S} and the derived exact lines {@code L}. */
    public record Observation(ObjectNode s, List<String> derivedLines, List<String> missing) {}

    public static Observation observe(byte[] patch, long maxCandidateBytes, List<String> required) {
        return observe(new PatchText(patch), maxCandidateBytes, required);
    }

    static Observation observe(PatchText text, long maxCandidateBytes, List<String> required) {
        byte[] patch = text.bytes();
        List<String> added = List.of();
        String parseError = null;
        if (patch.length > maxCandidateBytes) {
            parseError = "candidate is " + patch.length + " bytes, exceeding max_candidate_bytes=" + maxCandidateBytes;
        } else {
            try {
                added = text.parsed().added();
            } catch (PyUtf8.DecodeError | Parser011.Rejected e) {
                parseError = e.getMessage();
            }
        }
        ArrayNode matches = Nodes.F.arrayNode();
        List<String> missing = new ArrayList<>();
        LinkedHashSet<String> derived = new LinkedHashSet<>();
        for (String r : required) {
            String hit = null;
            for (String line : added) {
                if (line.contains(r)) {
                    hit = line;
                    break;
                }
            }
            ObjectNode m = Nodes.object();
            m.put("substring", r);
            if (hit == null) {
                m.putNull("matched_line");
                missing.add(r);
            } else {
                m.put("matched_line", hit);
            }
            matches.add(m);
            derived.add(hit == null ? r : hit);
        }
        ObjectNode s = Nodes.object();
        s.put("semantic_mode", "added_line_substring_all");
        s.set("required_added_substrings", Nodes.strings(required));
        s.set("observed_added_lines", Nodes.strings(added));
        s.set("matches", matches);
        s.set("missing_substrings", Nodes.strings(missing));
        if (parseError == null) {
            s.putNull("parse_error");
        } else {
            s.put("parse_error", parseError);
        }
        return new Observation(s, List.copyOf(derived), missing);
    }

    /** Runs v0.3 over a backend of the v0.3 shape; the artifact and patch file were resolved by the caller. */
    public static PatchCore.Run run(Inputs in, ObjectNode backend, ObjectNode artifact, byte[] patch, Timing timing)
            throws VerificationException, IOException {
        PatchCore.Run run = layer(in, backend, artifact, new PatchText(patch), timing);
        run.sealDiagnostics();
        return run;
    }

    /** As {@link #run}, with the diagnostics not yet written into their check (v0.4 amends them first). */
    static PatchCore.Run layer(Inputs in, ObjectNode backend, ObjectNode artifact, PatchText text, Timing timing)
            throws VerificationException, IOException {
        Observation obs = observe(text, backend.path("max_candidate_bytes").longValue(),
                Nodes.stringList(backend.path("required_added_substrings")));
        ObjectNode coreBackend = backend.deepCopy();
        coreBackend.remove("required_added_substrings");
        coreBackend.set("required_added_text", Nodes.strings(obs.derivedLines()));
        PatchCore.Run run = PatchCore.core(in, coreBackend, artifact, text, timing);
        ObjectNode r = run.result;

        ((ArrayNode) r.withArray("evidence")).add(PatchCore.evidence("added-substring-semantic-observation", "test_output",
                "inline://added-substring-semantic-observation", Nodes.digest(obs.s()).toString(), "application/json",
                "Canonical digest of explicit case-sensitive, single-added-line substring matching for EvaluatorPlan v0.3."));
        ObjectNode review = run.check("independent-review");
        review.withArray("evidence_ids").add("added-substring-semantic-observation");
        run.diagnostics.set("semantic_substrings", obs.s());
        review.put("summary", "passed".equals(review.path("status").textValue()) ? REVIEW_PASSED : REVIEW_FAILED);
        for (JsonNode f : r.withArray("findings")) {
            if (PatchCore.SEMANTIC_FINDING.equals(f.path("summary").textValue())) {
                ((ObjectNode) f).put("summary", SEMANTIC_FINDING);
            }
        }
        ObjectNode metrics = (ObjectNode) r.get("metrics");
        int required = obs.s().path("required_added_substrings").size();
        metrics.put("required_substring_count", required);
        metrics.put("matched_substring_count", required - obs.missing().size());
        ((ObjectNode) r.get("verifier")).put("adapter_version", "0.2.0");
        ((ObjectNode) r.get("independence")).put("correlation_notes",
                "Evaluator control is outside the candidate root; candidate code is never executed. Strict diff/provenance/log/scope checks reuse verifier v0.1.1, while v0.2.0 adds explicit case-sensitive substring matching within each validated-hunk added line.");
        ObjectNode tools = (ObjectNode) r.path("provenance").path("environment").get("tool_versions");
        tools.put("deterministic-patch-verifier", "0.2.0");
        tools.put("deterministic-patch-verifier-legacy-core", "0.1.1");
        ObjectNode ext = (ObjectNode) r.get("extensions");
        ext.put("org.idkmesh.local_verifier.semantic_match_mode", "added_line_substring_all");
        ext.put("org.idkmesh.local_verifier.legacy_patch_core_version", "0.1.1");
        ObjectNode decision = (ObjectNode) r.get("decision_support");
        if ("passed".equals(r.path("status").textValue())) {
            decision.put("rationale", "All WorkUnit-required checks passed, including explicit v0.3 added-line substring semantics.");
        } else if (!obs.missing().isEmpty()) {
            decision.put("rationale", "At least one required added-line substring was absent or another WorkUnit-required check failed.");
        }
        return run;
    }
}
