// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.StrictTransitionContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The checked-in v0.5 fixtures and the text form their expected results are written in. */
final class V05Fixtures {
    static final Path TRANSITION = Path.of("verification/fixtures/patch-transition");
    static final Path DECOYS = Path.of("verification/fixtures/v05");

    private V05Fixtures() {}

    /** The seed's transition plan: unsafe_call( must become safe_call( in one hunk. */
    static StrictTransitionContract transitionPlan() {
        try {
            return (StrictTransitionContract) EvaluatorPlanReader.strict().read(TRANSITION.resolve("plan-v0.5.json")).contract();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (dev.patchverdict.record.InvalidDocumentException e) {
            throw new IllegalStateException(String.join("; ", e.messages()), e);
        }
    }

    /**
     * One line for the verdict, one per requirement (its status and where), one per decision and
     * one per fatal diagnostic: what an expected file pins.
     */
    static String render(SemanticEvaluation e) {
        List<String> out = new ArrayList<>();
        out.add("accepted: " + e.accepted());
        for (RequirementResult r : e.requirements()) {
            String status = r.satisfied()
                    ? "satisfied at " + r.evidence().get(0).path() + " hunk " + r.evidence().get(0).hunk() + " line"
                            + (r.evidence().size() > 1 ? "s " : " ")
                            + r.evidence().stream().map(l -> String.valueOf(l.patchLine())).collect(Collectors.joining(", "))
                    : r.unmet().orElseThrow().reason().wire();
            out.add("requirement " + r.requirement() + ": " + status);
        }
        for (PolicyDecision d : e.decisions()) {
            out.add("decision " + d.rule().wire() + " " + (d.allowed() ? "allowed" : "refused") + " "
                    + (d.path().isEmpty() ? "-" : d.path()) + " line " + d.patchLine());
        }
        for (dev.patchverdict.tricks.TrickHit h : e.trickHits()) {
            out.add("trick " + h.ruleId() + " " + h.severity().label() + " " + h.path() + " hunk " + h.hunk() + " line "
                    + h.patchLine());
        }
        for (Diagnostic d : e.fatalDiagnostics()) {
            out.add("fatal " + d.code() + " line " + d.line());
        }
        return String.join("\n", out) + "\n";
    }
}
