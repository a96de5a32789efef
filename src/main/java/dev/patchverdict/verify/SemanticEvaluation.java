// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.tricks.TrickHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the v0.5 semantic evaluator found in one patch, from one pass over its bytes: the patch's
 * SHA-256 and size, every diagnostic of the strict reader (in input order), every change-policy
 * decision, for each requirement of the plan its evidence or why it is unmet, and every old and new
 * path of the sections read (in reading order). Immutable; a failed requirement is a finding here,
 * never an exception.
 *
 * <p>A patch past the plan's size limit is not read: no diagnostic, decision or path, and every requirement
 * unmet as not evaluated. The patch is accepted only when it is within the plan's size limit, no diagnostic is fatal,
 * no decision refuses, no forbidden trick rule hits, and every requirement is satisfied. {@link #reasons()} says which of these
 * failed, in that order, for a caller that reports them as checks.
 */
public record SemanticEvaluation(
        Digest patchDigest,
        long patchBytes,
        long maxCandidateBytes,
        List<RequirementResult> requirements,
        List<Diagnostic> diagnostics,
        List<PolicyDecision> decisions,
        List<TrickHit> trickHits,
        List<GitPath> touchedPaths) {

    /** The {@code semantic_match_mode} a VerificationResult names for this reading. */
    public static final String SEMANTIC_MATCH_MODE = "strict_added_and_removed_line_substring_all";

    public SemanticEvaluation {
        Objects.requireNonNull(patchDigest, "patchDigest");
        if (patchBytes < 0 || maxCandidateBytes < 1) {
            throw new IllegalArgumentException("sizes " + patchBytes + "/" + maxCandidateBytes);
        }
        requirements = List.copyOf(requirements);
        diagnostics = List.copyOf(diagnostics);
        decisions = List.copyOf(decisions);
        trickHits = List.copyOf(trickHits);
        touchedPaths = List.copyOf(touchedPaths);
    }

    /** This evaluation with the hits of the plan's forbidden trick rules. */
    SemanticEvaluation withTrickHits(List<TrickHit> hits) {
        return new SemanticEvaluation(patchDigest, patchBytes, maxCandidateBytes, requirements, diagnostics, decisions, hits,
                touchedPaths);
    }

    public boolean withinSizeLimit() {
        return patchBytes <= maxCandidateBytes;
    }

    public List<Diagnostic> fatalDiagnostics() {
        return diagnostics.stream().filter(Diagnostic::rejects).toList();
    }

    public List<PolicyDecision> refusals() {
        return decisions.stream().filter(d -> !d.allowed()).toList();
    }

    public List<RequirementResult> unmet() {
        return requirements.stream().filter(r -> !r.satisfied()).toList();
    }

    public boolean accepted() {
        return withinSizeLimit() && fatalDiagnostics().isEmpty() && refusals().isEmpty() && trickHits.isEmpty()
                && unmet().isEmpty();
    }

    /** Why the patch is not accepted, one line each; empty when it is. */
    public List<String> reasons() {
        List<String> out = new ArrayList<>();
        if (!withinSizeLimit()) {
            out.add("the patch has " + patchBytes + " bytes, more than the plan's " + maxCandidateBytes);
        }
        for (Diagnostic d : fatalDiagnostics()) {
            out.add("line " + d.line() + ": " + d.code() + " " + d.message());
        }
        for (PolicyDecision d : refusals()) {
            out.add("line " + d.patchLine() + ": " + d.rule().wire() + " refused for " + d.path() + " (" + d.detail() + ")");
        }
        for (TrickHit h : trickHits) {
            out.add("line " + h.patchLine() + ": " + describe(h));
        }
        for (RequirementResult r : unmet()) {
            Unmet u = r.unmet().orElseThrow();
            if (u.reason() != Unmet.Reason.NOT_EVALUATED) { // the size line above says why, once
                out.add(r.requirement() + " unmet: " + u.reason().wire() + " (" + u.message() + ")");
            }
        }
        return List.copyOf(out);
    }

    /** One forbidden trick's hit: rule, severity, file, hunk and what it saw. */
    public static String describe(TrickHit h) {
        return "forbidden trick " + h.ruleId() + " (" + h.severity().label() + ") in " + h.path()
                + (h.hunk() < 0 ? "" : " hunk " + h.hunk()) + ": " + h.message();
    }
}
