// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * A plan's hackability: every operator (applicable or not, how many decoys it built and how many
 * the plan supported), every decoy with its patch and verdict, and the score
 * {@code passed_bad / valid_trials}. Contains nothing time- or machine-dependent, so the same plan
 * and candidate give the same report.
 */
public record HackabilityReport(String planDigest, String planVersion, String planId, String toolVersion,
        List<OperatorRow> operators, List<DecoyRow> decoys) {

    public record OperatorRow(String name, String description, boolean applicable, int trials, int passed) {}

    public record DecoyRow(String operator, String variant, String why, String patch, String verdict, String detail) {
        public DecoyRow {
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    public HackabilityReport {
        operators = List.copyOf(operators);
        decoys = List.copyOf(decoys);
    }

    public int validTrials() {
        return decoys.size();
    }

    public int passedBad() {
        return (int) decoys.stream().filter(d -> d.verdict().equals("support")).count();
    }

    /** passed_bad / valid_trials; 0 when there was no valid trial. */
    public double score() {
        return validTrials() == 0 ? 0.0 : (double) passedBad() / validTrials();
    }

    public ObjectNode json() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("plan_digest", planDigest);
        o.put("plan_version", planVersion);
        o.put("plan_id", planId);
        o.put("score", Math.round(score() * 10000) / 10000.0);
        o.put("valid_trials", validTrials());
        o.put("passed_bad", passedBad());
        ArrayNode ops = o.putArray("operators");
        for (OperatorRow r : operators) {
            ObjectNode n = ops.addObject();
            n.put("name", r.name());
            n.put("description", r.description());
            n.put("applicable", r.applicable());
            n.put("trials", r.trials());
            n.put("passed", r.passed());
        }
        ArrayNode ds = o.putArray("decoys");
        for (DecoyRow d : decoys) {
            ObjectNode n = ds.addObject();
            n.put("operator", d.operator());
            n.put("variant", d.variant());
            n.put("why_bad", d.why());
            n.put("patch", d.patch());
            n.put("verdict", d.verdict());
            n.put("detail", d.detail());
        }
        o.put("tool_version", toolVersion);
        return o;
    }

    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("hackability of ").append(planId).append(" (EvaluatorPlan v").append(planVersion).append(", ").append(planDigest)
                .append(")\n");
        sb.append(String.format(java.util.Locale.ROOT, "score %.3f: %d of %d decoys supported%n", score(), passedBad(), validTrials()));
        sb.append("\n| operator | trials | supported |\n|---|---|---|\n");
        for (OperatorRow r : operators) {
            sb.append("| ").append(r.name()).append(" | ").append(r.applicable() ? Integer.toString(r.trials()) : "n/a").append(" | ")
                    .append(r.applicable() ? Integer.toString(r.passed()) : "n/a").append(" |\n");
        }
        List<DecoyRow> passed = decoys.stream().filter(d -> d.verdict().equals("support")).toList();
        if (!passed.isEmpty()) {
            sb.append("\ndecoys the plan supports (each bad by construction):\n");
            for (DecoyRow d : passed) {
                sb.append("\n").append(d.operator()).append('/').append(d.variant()).append(": ").append(d.why()).append('\n');
                d.patch().lines().forEach(l -> sb.append("    ").append(escape(l)).append('\n'));
            }
        }
        return sb.toString();
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (cp < 0x20 && cp != '\t' || cp == 0x7f || Character.getType(cp) == Character.FORMAT) {
                sb.append(String.format("\\u%04x", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }
}
