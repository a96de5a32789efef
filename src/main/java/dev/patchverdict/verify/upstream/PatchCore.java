// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.FnmatchGlob;
import dev.patchverdict.verify.VerificationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The record family's patch verifier 0.1.1 (EvaluatorPlan v0.2, SPEC part 1 §A5, §A8.3, §A9): its
 * sub-checks, observations, checks, evidence and findings, on which the v0.3 and v0.4 layers
 * build. Every text and every digested object is the historical one; nothing here may change
 * meaning, since results written years ago must re-verify identically.
 */
public final class PatchCore {
    static final String SEMANTIC_FINDING = "Candidate patch does not contain all verifier-owned required added text inside validated hunks.";
    static final String REVIEW_PASSED = "Independent metadata-only patch review passed artifact/log completeness and integrity, strict patch structure, scope, and verifier-owned semantic checks.";
    static final String REVIEW_FAILED = "Independent metadata-only patch review rejected the candidate bundle.";
    static final String RATIONALE_PASSED = "Both WorkUnit-required validators passed using independently observed metadata-only evidence.";
    static final String RATIONALE_FAILED = "At least one WorkUnit-required validator failed under independently observed metadata-only evidence.";

    private PatchCore() {}

    /** What the core observed and built; the later layers read and amend it. */
    public static final class Run {
        public final ObjectNode result;
        /** The {@code independent-review} diagnostics object, serialised last. */
        public final ObjectNode diagnostics;
        public final ObjectNode artifact;
        public final byte[] patch;
        public final List<String> added;
        public final List<String> changedPaths;

        public Run(ObjectNode result, ObjectNode diagnostics, ObjectNode artifact, byte[] patch, List<String> added, List<String> changedPaths) {
            this.result = result;
            this.diagnostics = diagnostics;
            this.artifact = artifact;
            this.patch = patch;
            this.added = added;
            this.changedPaths = changedPaths;
        }

        public ObjectNode check(String id) {
            for (JsonNode c : result.withArray("checks")) {
                if (id.equals(c.path("id").textValue())) {
                    return (ObjectNode) c;
                }
            }
            throw new IllegalStateException("no check " + id);
        }

        /** Writes the diagnostics object into its check, as the record family does (ASCII-escaped). */
        public void sealDiagnostics() {
            check("independent-review").put("diagnostics", PyJson.dumps(diagnostics, true));
        }
    }

    /**
     * Runs the core with an operational backend of the v0.2 shape ({@code required_added_text}).
     * The artifact was found and its locator resolved by the caller; {@code patchFile} is the
     * resolved path. Unsafe log locators abort (exit 2), as they always did.
     */
    public static Run run(Inputs in, ObjectNode backend, ObjectNode artifact, byte[] patch, Timing timing)
            throws VerificationException, IOException {
        Run run = core(in, backend, artifact, new PatchText(patch), timing);
        run.sealDiagnostics();
        return run;
    }

    /** As {@link #run}, with the diagnostics not yet written into their check: the layers above amend them first. */
    static Run core(Inputs in, ObjectNode backend, ObjectNode artifact, PatchText text, Timing timing)
            throws VerificationException, IOException {
        byte[] patch = text.bytes();
        timing.start();
        long max = backend.path("max_candidate_bytes").longValue();
        boolean sizeOk = patch.length <= max;
        String observedDigest = Digests.bytes(patch).toString();
        String declaredDigest = artifact.path("digest").asText();
        boolean digestOk = observedDigest.equals(declaredDigest);

        // The 0.1.1 core parses even an oversized patch (SPEC part 1 C8).
        String decodeError = null;
        List<String> changed = List.of();
        List<String> added = List.of();
        try {
            Parser011.Parsed parsed = text.parsed();
            changed = parsed.paths();
            added = parsed.added();
        } catch (PyUtf8.DecodeError e) {
            decodeError = e.getMessage();
        } catch (Parser011.Rejected e) {
            decodeError = e.getMessage();
        }
        boolean nonempty = patch.length > 0 && !changed.isEmpty() && decodeError == null;

        List<String> violations = scopeViolations(in.workUnit(), changed);
        boolean scopeOk = nonempty && violations.isEmpty();

        List<String> required = Nodes.stringList(backend.path("required_added_text"));
        Set<String> addedSet = new LinkedHashSet<>(added);
        List<String> missing = new ArrayList<>();
        for (String t : required) {
            if (!addedSet.contains(t)) {
                missing.add(t);
            }
        }
        boolean semanticOk = nonempty && missing.isEmpty();

        LogIntegrity.Outcome logs = LogIntegrity.check(in, backend);
        String status = in.manifest().path("status").asText();
        boolean statusOk = "succeeded".equals(status);
        boolean reviewOk = sizeOk && digestOk && nonempty && logs.ok() && scopeOk && semanticOk && statusOk;

        ObjectNode patchObservation = Nodes.object();
        patchObservation.put("artifact_locator", artifact.path("locator").asText());
        patchObservation.set("declared_digest", artifact.path("digest").deepCopy());
        patchObservation.put("observed_digest", observedDigest);
        patchObservation.put("bytes", patch.length);
        patchObservation.put("within_limit", sizeOk);
        if (decodeError == null) {
            patchObservation.putNull("decode_error");
        } else {
            patchObservation.put("decode_error", decodeError);
        }
        JsonNode constraints = in.workUnit().path("constraints");
        ObjectNode scopeObservation = Nodes.object();
        scopeObservation.set("changed_paths", Nodes.strings(changed));
        scopeObservation.set("allowed_paths", listOrEmpty(constraints.get("allowed_paths")));
        scopeObservation.set("forbidden_paths", listOrEmpty(constraints.get("forbidden_paths")));
        scopeObservation.set("filesystem_write", listOrEmpty(in.workUnit().path("permissions").get("filesystem_write")));
        scopeObservation.set("violations", Nodes.strings(violations));
        ObjectNode semanticObservation = Nodes.object();
        semanticObservation.set("required_added_text", Nodes.strings(required));
        semanticObservation.set("observed_added_lines", Nodes.strings(added));
        semanticObservation.set("missing_added_text", Nodes.strings(missing));
        ObjectNode statusObservation = Nodes.object();
        statusObservation.put("worker_status", status);

        ObjectNode diagnostics = Nodes.object();
        diagnostics.set("artifact", patchObservation);
        diagnostics.set("logs", logs.payload());
        diagnostics.set("scope", scopeObservation);
        diagnostics.set("semantic", semanticObservation);
        diagnostics.put("worker_status", status);

        ArrayNode checks = Nodes.F.arrayNode();
        checks.add(check("result-manifest-schema", "schema", true,
                "Worker ResultManifest is schema-valid and bound to the exact WorkUnit.", List.of("result-manifest-canonical")));
        ObjectNode review = check("independent-review", "review", reviewOk, reviewOk ? REVIEW_PASSED : REVIEW_FAILED,
                List.of("candidate-patch-hash", "log-integrity-observation", "patch-scope-observation",
                        "patch-semantic-observation", "worker-status-observation"));
        checks.add(review);

        String locator = artifact.path("locator").asText();
        ArrayNode evidence = Nodes.F.arrayNode();
        evidence.add(evidence("result-manifest-canonical", "attestation", "inline://result-manifest-canonical",
                in.manifestDigest().toString(), "application/json",
                "Canonical digest of the schema-valid worker ResultManifest evaluated by the verifier."));
        evidence.add(evidence("candidate-patch-hash", "artifact_hash", locator, observedDigest,
                artifact.has("media_type") ? artifact.get("media_type").asText() : "text/x-diff",
                "SHA-256 observed directly from candidate patch bytes."));
        evidence.add(evidence("log-integrity-observation", "trace", "inline://log-integrity",
                Nodes.digest(logs.payload()).toString(), "application/json",
                "Canonical digest of evaluator-required log coverage and independently recomputed log integrity observations."));
        evidence.add(evidence("patch-scope-observation", "static_analysis", "inline://patch-scope",
                Nodes.digest(scopeObservation).toString(), "application/json",
                "Canonical digest of independently parsed unified-diff paths and WorkUnit scope checks."));
        evidence.add(evidence("patch-semantic-observation", "test_output", "inline://patch-semantic",
                Nodes.digest(semanticObservation).toString(), "application/json",
                "Canonical digest of verifier-owned required-added-text checks from validated hunks only."));
        evidence.add(evidence("worker-status-observation", "trace", "inline://worker-status",
                Nodes.digest(statusObservation).toString(), "application/json",
                "Canonical digest of the worker execution status observed by the verifier."));

        ArrayNode findings = Nodes.F.arrayNode();
        if (!sizeOk) {
            findings.add(finding("high", "policy", "Candidate patch exceeds verifier-owned byte limit.", locator));
        }
        if (!digestOk) {
            findings.add(finding("high", "provenance", "Candidate patch bytes do not match worker-declared digest.", locator));
        }
        if (decodeError != null || !nonempty) {
            findings.add(finding("high", "correctness",
                    "Candidate patch is empty, undecodable, or structurally invalid as a supported textual Git unified diff.", locator));
        }
        if (!logs.ok()) {
            findings.add(finding("high", "provenance",
                    "Evaluator-required worker logs are missing/duplicated, lack digests, are oversized, missing, or do not match declared digests.",
                    null));
        }
        for (String v : violations) {
            findings.add(finding("high", "scope", v, null));
        }
        if (!semanticOk) {
            findings.add(finding("high", "correctness", SEMANTIC_FINDING, locator));
        }
        if (!statusOk) {
            findings.add(finding("medium", "policy", "Worker ResultManifest status is " + PyStr.repr(status) + ", not 'succeeded'.", null));
        }

        int passed = reviewOk ? 2 : 1;
        ObjectNode metrics = Nodes.object();
        metrics.put("required_checks_passed", passed);
        metrics.put("required_checks_failed", 2 - passed);
        metrics.put("candidate_bytes", patch.length);
        metrics.put("changed_path_count", changed.size());
        metrics.put("log_count", in.manifest().path("logs").size());

        ObjectNode verifier = Results.verifier("deterministic-patch-verifier", "0.1.1");
        ObjectNode toolVersions = Nodes.object();
        toolVersions.put("idkmesh-local-verifier", "0.1");
        toolVersions.put("deterministic-patch-verifier", "0.1.1");
        toolVersions.put("jsonschema", "installed");
        ObjectNode extensions = Nodes.object();
        extensions.put("org.idkmesh.local_verifier.policy_id", in.planId());
        extensions.put("org.idkmesh.local_verifier.backend", "unified_diff");

        ObjectNode result = Results.base(in, "/patch-verification", verifier,
                "Evaluator policy is verifier-owned and outside the candidate root; candidate code is never executed. Patch structure/paths, artifact/log digests, required log coverage, and semantic markers are independently recomputed.",
                timing, checks, evidence, findings, metrics, toolVersions,
                reviewOk ? RATIONALE_PASSED : RATIONALE_FAILED, extensions);
        return new Run(result, diagnostics, artifact, patch, added, changed);
    }

    public static ArrayNode listOrEmpty(JsonNode list) {
        return list != null && list.isArray() ? list.deepCopy() : Nodes.F.arrayNode();
    }

    /** SPEC part 1 §A9.4: fnmatchcase over the WorkUnit's three pattern lists, per changed path. */
    public static List<String> scopeViolations(ObjectNode workUnit, List<String> changed) {
        List<String> forbidden = Nodes.stringList(workUnit.path("constraints").get("forbidden_paths"));
        List<String> allowed = Nodes.stringList(workUnit.path("constraints").get("allowed_paths"));
        List<String> write = Nodes.stringList(workUnit.path("permissions").get("filesystem_write"));
        Map<String, FnmatchGlob> globs = new LinkedHashMap<>();
        List<String> out = new ArrayList<>();
        for (String path : changed) {
            if (!forbidden.isEmpty() && anyMatch(globs, forbidden, path)) {
                out.add("forbidden path changed: " + path);
            }
            if (allowed.isEmpty() || !anyMatch(globs, allowed, path)) {
                out.add("path outside constraints.allowed_paths: " + path);
            }
            if (write.isEmpty() || !anyMatch(globs, write, path)) {
                out.add("path outside permissions.filesystem_write: " + path);
            }
        }
        return out;
    }

    private static boolean anyMatch(Map<String, FnmatchGlob> cache, List<String> patterns, String path) {
        for (String p : patterns) {
            if (cache.computeIfAbsent(p, FnmatchGlob::of).matches(path)) {
                return true;
            }
        }
        return false;
    }

    public static ObjectNode check(String id, String type, boolean passed, String summary, List<String> evidenceIds) {
        ObjectNode c = Nodes.object();
        c.put("id", id);
        c.put("type", type);
        c.put("required", true);
        c.put("status", passed ? "passed" : "failed");
        c.put("summary", summary);
        c.set("evidence_ids", Nodes.strings(evidenceIds));
        return c;
    }

    public static ObjectNode evidence(String id, String type, String locator, String digest, String mediaType, String description) {
        ObjectNode e = Nodes.object();
        e.put("id", id);
        e.put("type", type);
        e.put("locator", locator);
        e.put("digest", digest);
        e.put("media_type", mediaType);
        e.put("description", description);
        return e;
    }

    public static ObjectNode finding(String severity, String category, String summary, String path) {
        ObjectNode f = Nodes.object();
        f.put("severity", severity);
        f.put("category", category);
        f.put("summary", summary);
        if (path != null) {
            f.put("path", path);
        }
        return f;
    }
}
