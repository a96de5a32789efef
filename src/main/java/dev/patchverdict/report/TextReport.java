// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.text.SafeText;

/**
 * A short report for a person: verdict, each check, where each required text is, findings, advisories. Every
 * value comes from the worker's records or the patch, so each is escaped ({@link SafeText}) on its way out.
 */
public final class TextReport {
    private TextReport() {}

    public static String render(VerificationReport report) {
        JsonNode r = report.result();
        StringBuilder sb = new StringBuilder();
        sb.append(esc(r.path("status").asText()).toUpperCase(java.util.Locale.ROOT))
                .append(": ").append(esc(r.path("id").asText())).append('\n');
        sb.append("  plan ").append(esc(r.path("extensions").path(planKey(report, "id")).asText()))
                .append(" (EvaluatorPlan v").append(report.planVersion()).append(", backend ").append(report.backend())
                .append(", verifier ").append(esc(r.path("verifier").path("adapter").asText())).append(' ')
                .append(esc(r.path("verifier").path("adapter_version").asText())).append(")\n");
        sb.append("  recommendation ").append(esc(r.path("decision_support").path("recommendation").asText()))
                .append(": ").append(esc(r.path("decision_support").path("rationale").asText())).append('\n');
        sb.append("checks:\n");
        for (JsonNode c : r.path("checks")) {
            sb.append("  [").append(esc(c.path("status").asText())).append("] ").append(esc(c.path("id").asText()))
                    .append(": ").append(esc(c.path("summary").asText())).append('\n');
        }
        if (!report.requirements().isEmpty()) {
            sb.append("required text:\n");
            for (RequirementLocation l : report.requirements()) {
                sb.append("  ").append(l.side()).append(' ').append(quote(l.text())).append(": ");
                if (l.found()) {
                    sb.append(esc(l.path())).append(", hunk ").append(l.hunk() + 1).append(", patch line ").append(l.patchLine())
                            .append(": ").append(quote(l.line()));
                } else {
                    sb.append("not found in any ").append(l.side()).append(" line");
                }
                sb.append('\n');
            }
        }
        JsonNode findings = r.path("findings");
        sb.append("findings:").append(findings.size() == 0 ? " none" : "").append('\n');
        for (JsonNode f : findings) {
            sb.append("  ").append(esc(f.path("severity").asText())).append('/').append(esc(f.path("category").asText())).append(": ")
                    .append(esc(f.path("summary").asText()));
            if (f.has("path")) {
                sb.append(" (").append(esc(f.path("path").asText()));
                if (f.has("line")) {
                    sb.append(':').append(f.path("line").asLong());
                }
                sb.append(')');
            }
            sb.append('\n');
        }
        if (!report.advisories().isEmpty()) {
            sb.append("strict reader advisories (").append(report.planVersion().equals("0.5") ? "part of the verdict" : "advice only; the verdict is the plan version's")
                    .append("):\n");
            for (Advisory a : report.advisories()) {
                sb.append("  line ").append(a.line()).append(": ").append(a.code()).append(' ').append(esc(a.message())).append('\n');
            }
        }
        return sb.toString();
    }

    private static String planKey(VerificationReport report, String field) {
        return (report.planVersion().equals("0.5") ? "org.patchverdict.evaluator_plan." : "org.idkmesh.evaluator_plan.") + field;
    }

    private static String quote(String s) {
        return "'" + esc(s) + "'";
    }

    private static String esc(String s) {
        return SafeText.escape(s);
    }
}
