// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.tricks.TrickHit;
import dev.patchverdict.verify.upstream.Inputs;
import dev.patchverdict.verify.upstream.LogIntegrity;
import dev.patchverdict.verify.upstream.Nodes;
import dev.patchverdict.verify.upstream.PatchCore;
import dev.patchverdict.verify.upstream.PyJson;
import dev.patchverdict.verify.upstream.PyStr;
import dev.patchverdict.verify.upstream.Results;
import dev.patchverdict.verify.upstream.Timing;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * EvaluatorPlan v0.5, patchverdict's own version: the same binding, integrity, log, scope and
 * independence checks as v0.4, with the semantic contract read by {@link StrictTransitionEvaluator}
 * over the strict reader (every strict diagnostic fatal, transitions tied to one hunk, the change
 * policy applied). Results have v0.4's shape; every policy decision and unmet requirement is in
 * the check's diagnostics and is a finding of its own, located in the patch.
 */
public final class StrictTransitionBackend {
    public static final String BACKEND = "unified_diff_strict_transition";
    public static final String RUNNER_VERSION = "0.5";
    static final String REVIEW_PASSED = "Independent metadata-only patch review passed artifact/log integrity, the strict patch reader, the change policy, scope, and v0.5 same-hunk transition checks.";
    static final String REVIEW_FAILED = "Independent metadata-only patch review rejected the candidate under v0.5 strict transition semantics or another required check.";

    private StrictTransitionBackend() {}

    static PatchCore.Run run(Inputs in, EvaluatorPlan plan, ObjectNode artifact, byte[] patch, Timing timing, String implementationVersion)
            throws VerificationException, IOException {
        StrictTransitionContract contract = (StrictTransitionContract) plan.contract();
        ObjectNode backend = (ObjectNode) in.plan().get("backend");
        timing.start();
        SemanticEvaluation eval = StrictTransitionEvaluator.evaluate(patch, contract);
        TreeSet<String> paths = new TreeSet<>(dev.patchverdict.json.CanonicalJson::compareCodePoints);
        for (GitPath p : eval.touchedPaths()) {
            paths.add(p.text());
        }
        List<String> changed = List.copyOf(paths);

        String observedDigest = eval.patchDigest().toString();
        boolean sizeOk = eval.withinSizeLimit();
        boolean digestOk = observedDigest.equals(artifact.path("digest").asText());
        List<Diagnostic> fatal = eval.fatalDiagnostics();
        boolean structureOk = patch.length > 0 && !changed.isEmpty() && fatal.isEmpty();
        List<String> violations = PatchCore.scopeViolations(in.workUnit(), changed);
        boolean scopeOk = structureOk && violations.isEmpty();
        boolean policyOk = eval.refusals().isEmpty() && eval.trickHits().isEmpty();
        boolean semanticOk = structureOk && eval.unmet().isEmpty();
        LogIntegrity.Outcome logs = LogIntegrity.check(in, backend);
        String status = in.manifest().path("status").asText();
        boolean statusOk = "succeeded".equals(status);
        boolean reviewOk = sizeOk && digestOk && structureOk && logs.ok() && scopeOk && policyOk && semanticOk && statusOk;
        String locator = artifact.path("locator").asText();

        ObjectNode patchObservation = Nodes.object();
        patchObservation.put("artifact_locator", locator);
        patchObservation.set("declared_digest", artifact.path("digest").deepCopy());
        patchObservation.put("observed_digest", observedDigest);
        patchObservation.put("bytes", patch.length);
        patchObservation.put("within_limit", sizeOk);
        ArrayNode strict = Nodes.F.arrayNode();
        for (Diagnostic d : eval.diagnostics()) {
            ObjectNode o = strict.addObject();
            o.put("code", d.code().name());
            o.put("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
            o.put("fatal", d.rejects());
            o.put("line", d.line());
            o.put("offset", d.offset());
            o.put("message", d.message());
        }
        patchObservation.set("strict_diagnostics", strict);

        ObjectNode scope = Nodes.object();
        scope.set("changed_paths", Nodes.strings(changed));
        scope.set("allowed_paths", PatchCore.listOrEmpty(in.workUnit().path("constraints").get("allowed_paths")));
        scope.set("forbidden_paths", PatchCore.listOrEmpty(in.workUnit().path("constraints").get("forbidden_paths")));
        scope.set("filesystem_write", PatchCore.listOrEmpty(in.workUnit().path("permissions").get("filesystem_write")));
        scope.set("violations", Nodes.strings(violations));

        ObjectNode semantic = Nodes.object();
        semantic.put("semantic_mode", SemanticEvaluation.SEMANTIC_MATCH_MODE);
        ArrayNode reqs = semantic.putArray("requirements");
        for (RequirementResult r : eval.requirements()) {
            ObjectNode o = reqs.addObject();
            o.put("kind", r.requirement().kind());
            if (r.requirement() instanceof Requirement.Added a) {
                o.put("added", a.text());
            } else if (r.requirement() instanceof Requirement.Removed x) {
                o.put("removed", x.text());
            } else if (r.requirement() instanceof Requirement.Replaced t) {
                o.put("removed", t.transition().removed());
                o.put("added", t.transition().added());
            }
            o.put("satisfied", r.satisfied());
            ArrayNode ev = o.putArray("evidence");
            for (LineEvidence e : r.evidence()) {
                ObjectNode line = ev.addObject();
                line.put("path", e.path());
                line.put("section", e.section());
                line.put("hunk", e.hunk());
                line.put("patch_line", e.patchLine());
                line.put("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
                line.put("text", e.text());
            }
            if (r.unmet().isPresent()) {
                o.put("unmet_reason", r.unmet().get().reason().wire());
                o.put("unmet_message", r.unmet().get().message());
            } else {
                o.putNull("unmet_reason");
                o.putNull("unmet_message");
            }
        }
        ArrayNode decisions = semantic.putArray("policy_decisions");
        for (PolicyDecision d : eval.decisions()) {
            ObjectNode o = decisions.addObject();
            o.put("rule", d.rule().wire());
            o.put("allowed", d.allowed());
            o.put("path", d.path());
            o.put("patch_line", d.patchLine());
            o.put("detail", d.detail());
        }
        List<String> forbidden = contract.changePolicy().forbiddenTricks();
        if (!forbidden.isEmpty()) {
            // Only under a plan that forbids tricks, so results of plans without the field keep their bytes.
            semantic.set("forbidden_tricks", Nodes.strings(forbidden));
            ArrayNode hits = semantic.putArray("trick_hits");
            for (TrickHit h : eval.trickHits()) {
                ObjectNode o = hits.addObject();
                o.put("rule", h.ruleId());
                o.put("severity", h.severity().label());
                o.put("path", h.path());
                o.put("section", h.section());
                o.put("hunk", h.hunk());
                o.put("patch_line", h.patchLine());
                o.put("message", h.message());
            }
        }
        ObjectNode statusObservation = Nodes.object();
        statusObservation.put("worker_status", status);

        ObjectNode diagnostics = Nodes.object();
        diagnostics.set("artifact", patchObservation);
        diagnostics.set("logs", logs.payload());
        diagnostics.set("scope", scope);
        diagnostics.set("semantic_strict_transition", semantic);
        diagnostics.put("worker_status", status);

        ArrayNode checks = Nodes.F.arrayNode();
        checks.add(PatchCore.check("result-manifest-schema", "schema", true,
                "Worker ResultManifest is schema-valid and bound to the exact WorkUnit.", List.of("result-manifest-canonical")));
        checks.add(PatchCore.check("independent-review", "review", reviewOk, reviewOk ? REVIEW_PASSED : REVIEW_FAILED,
                List.of("candidate-patch-hash", "log-integrity-observation", "patch-scope-observation",
                        "strict-transition-semantic-observation", "worker-status-observation")));

        ArrayNode evidence = Nodes.F.arrayNode();
        evidence.add(PatchCore.evidence("result-manifest-canonical", "attestation", "inline://result-manifest-canonical",
                in.manifestDigest().toString(), "application/json",
                "Canonical digest of the schema-valid worker ResultManifest evaluated by the verifier."));
        evidence.add(PatchCore.evidence("candidate-patch-hash", "artifact_hash", locator, observedDigest,
                artifact.has("media_type") ? artifact.get("media_type").asText() : "text/x-diff",
                "SHA-256 observed directly from candidate patch bytes."));
        evidence.add(PatchCore.evidence("log-integrity-observation", "trace", "inline://log-integrity",
                Nodes.digest(logs.payload()).toString(), "application/json",
                "Canonical digest of evaluator-required log coverage and independently recomputed log integrity observations."));
        evidence.add(PatchCore.evidence("patch-scope-observation", "static_analysis", "inline://patch-scope",
                Nodes.digest(scope).toString(), "application/json",
                "Canonical digest of strictly read unified-diff paths and WorkUnit scope checks."));
        evidence.add(PatchCore.evidence("strict-transition-semantic-observation", "test_output", "inline://strict-transition-semantic",
                Nodes.digest(semantic).toString(), "application/json",
                "Canonical digest of every v0.5 requirement with its evidence lines or why it is unmet, and every change-policy decision."));
        evidence.add(PatchCore.evidence("worker-status-observation", "trace", "inline://worker-status",
                Nodes.digest(statusObservation).toString(), "application/json",
                "Canonical digest of the worker execution status observed by the verifier."));

        ArrayNode findings = Nodes.F.arrayNode();
        if (!sizeOk) {
            findings.add(finding("high", "policy", "Candidate patch exceeds verifier-owned byte limit.", locator, 0));
        }
        if (!digestOk) {
            findings.add(finding("high", "provenance", "Candidate patch bytes do not match worker-declared digest.", locator, 0));
        }
        if (sizeOk && (patch.length == 0 || changed.isEmpty())) { // a patch past the limit is not read, so names nothing
            findings.add(finding("high", "correctness", "Candidate patch is empty or names no file.", locator, 0));
        }
        for (Diagnostic d : fatal) {
            findings.add(finding("high", "correctness", "Strict patch reader: " + d.code().name() + " " + d.message(), locator, d.line()));
        }
        if (!logs.ok()) {
            findings.add(finding("high", "provenance",
                    "Evaluator-required worker logs are missing/duplicated, lack digests, are oversized, missing, or do not match declared digests.",
                    null, 0));
        }
        for (String v : violations) {
            findings.add(finding("high", "scope", v, null, 0));
        }
        for (PolicyDecision d : eval.refusals()) {
            findings.add(finding("high", "security", "Change policy refuses " + d.rule().wire() + " for " + d.path() + ": " + d.detail(),
                    locator, d.patchLine()));
        }
        for (TrickHit h : eval.trickHits()) {
            findings.add(finding("high", "policy", "Change policy forbids the trick rule " + h.ruleId() + " ("
                    + h.severity().label() + "), hit in " + h.path() + (h.hunk() < 0 ? "" : " hunk " + h.hunk())
                    + " at patch line " + h.patchLine() + ": " + h.message(), locator, h.patchLine()));
        }
        for (RequirementResult r : eval.unmet()) {
            if (r.unmet().get().reason() == Unmet.Reason.NOT_EVALUATED) {
                continue; // the byte-limit finding above says why, once
            }
            findings.add(finding("high", "correctness", "Requirement unmet: " + r.requirement() + " ("
                    + r.unmet().get().reason().wire() + ": " + r.unmet().get().message() + ")", locator, 0));
        }
        if (!statusOk) {
            findings.add(finding("medium", "policy", "Worker ResultManifest status is " + PyStr.repr(status) + ", not 'succeeded'.", null, 0));
        }

        int passed = reviewOk ? 2 : 1;
        ObjectNode metrics = Nodes.object();
        metrics.put("required_checks_passed", passed);
        metrics.put("required_checks_failed", 2 - passed);
        metrics.put("candidate_bytes", patch.length);
        metrics.put("changed_path_count", changed.size());
        metrics.put("log_count", in.manifest().path("logs").size());
        metrics.put("requirement_count", eval.requirements().size());
        metrics.put("satisfied_requirement_count", eval.requirements().size() - eval.unmet().size());
        metrics.put("fatal_diagnostic_count", fatal.size());
        metrics.put("policy_refusal_count", eval.refusals().size());
        if (!forbidden.isEmpty()) {
            metrics.put("forbidden_trick_hit_count", eval.trickHits().size());
        }

        ObjectNode verifier = Nodes.object();
        verifier.put("id", plan.verifier().id());
        verifier.put("type", plan.verifier().type());
        verifier.put("adapter", plan.verifier().adapter());
        verifier.put("adapter_version", plan.verifier().adapterVersion());
        ObjectNode tools = Nodes.object();
        tools.put("deterministic-patch-verifier", plan.verifier().adapterVersion());
        tools.put("patchverdict", implementationVersion);
        ObjectNode ext = Nodes.object();
        ext.put("org.patchverdict.verifier.semantic_match_mode", SemanticEvaluation.SEMANTIC_MATCH_MODE);
        ObjectNode result = Results.base(in, "/patch-verification", verifier,
                "Evaluator control is outside the candidate root; candidate code is never executed. The patch is read once by patchverdict's strict reader; digests, logs, scope, the change policy and same-hunk transitions are independently recomputed.",
                timing, checks, evidence, findings, metrics, tools,
                reviewOk ? "All WorkUnit-required checks passed, including v0.5 strict same-hunk transition semantics."
                        : "At least one WorkUnit-required check failed under v0.5 strict transition semantics.",
                ext);
        ((ObjectNode) result.withArray("checks").get(1)).put("diagnostics", PyJson.dumps(diagnostics, true));
        return new PatchCore.Run(result, diagnostics, artifact, patch, List.of(), changed);
    }

    private static ObjectNode finding(String severity, String category, String summary, String path, long line) {
        ObjectNode f = Nodes.object();
        f.put("severity", severity);
        f.put("category", category);
        f.put("summary", summary);
        if (path != null) {
            f.put("path", path);
        }
        if (line > 0) {
            f.put("line", line);
        }
        return f;
    }
}
