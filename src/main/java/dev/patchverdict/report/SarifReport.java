// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SARIF 2.1.0 for code-scanning tools. Rule ids are stable: {@code check/<check id>} for a failed
 * check, {@code finding/<category>} for a finding, {@code advisory/<CODE>} for a strict-reader
 * diagnostic. One result per failed check, finding and advisory, located in the patch file where
 * a line is known.
 */
public final class SarifReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SarifReport() {}

    public static ObjectNode render(VerificationReport report, String toolVersion) {
        Map<String, String> rules = new LinkedHashMap<>();
        ArrayNode results = F.arrayNode();
        JsonNode r = report.result();
        for (JsonNode c : r.path("checks")) {
            if ("failed".equals(c.path("status").asText())) {
                String rule = "check/" + c.path("id").asText();
                rules.putIfAbsent(rule, "A required check of the VerificationResult failed: " + c.path("id").asText());
                results.add(result(rule, "error", c.path("summary").asText(), report.candidateUri(), 0));
            }
        }
        for (JsonNode f : r.path("findings")) {
            String rule = "finding/" + f.path("category").asText();
            rules.putIfAbsent(rule, "A " + f.path("category").asText() + " finding of the verifier");
            String uri = f.has("path") ? f.path("path").asText() : report.candidateUri();
            results.add(result(rule, level(f.path("severity").asText()), f.path("summary").asText(), uri, f.path("line").asLong(0)));
        }
        for (Advisory a : report.advisories()) {
            String rule = "advisory/" + a.code();
            rules.putIfAbsent(rule, "Strict diff reader: " + a.code());
            String level = report.planVersion().equals("0.5") ? (a.severity().equals("error") ? "error" : "warning") : "note";
            results.add(result(rule, level, a.message(), report.candidateUri(), a.line()));
        }
        ObjectNode sarif = F.objectNode();
        sarif.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        sarif.put("version", "2.1.0");
        ObjectNode run = sarif.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "patchverdict");
        driver.put("version", toolVersion);
        ArrayNode ruleArray = driver.putArray("rules");
        rules.forEach((id, text) -> {
            ObjectNode rule = ruleArray.addObject();
            rule.put("id", id);
            rule.putObject("shortDescription").put("text", text);
        });
        run.set("results", results);
        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", true);
        ObjectNode props = run.putObject("properties");
        props.put("status", r.path("status").asText());
        props.put("verificationResultId", r.path("id").asText());
        props.put("planVersion", report.planVersion());
        return sarif;
    }

    private static ObjectNode result(String rule, String level, String message, String uri, long line) {
        ObjectNode o = F.objectNode();
        o.put("ruleId", rule);
        o.put("level", level);
        o.putObject("message").put("text", message);
        ObjectNode physical = o.putArray("locations").addObject().putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri);
        if (line > 0) {
            physical.putObject("region").put("startLine", line);
        }
        return o;
    }

    private static String level(String severity) {
        return switch (severity) {
            case "critical", "high" -> "error";
            case "medium" -> "warning";
            default -> "note";
        };
    }
}
