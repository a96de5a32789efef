// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.plan.EvaluatorPlanReader;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.HackabilityReport;
import dev.patchverdict.report.Progress;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.VerificationException;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the cheapest candidates that fool a plan: every operator builds hollow decoys from the
 * plan's own targets (and from a known-good candidate when given), each is verified through the
 * same path a user's candidate takes, with an honest manifest (correct digests, worker
 * {@code succeeded}), and the score is {@code passed_bad / valid_trials}.
 */
public final class Hackability {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Hackability() {}

    public static HackabilityReport run(Path planFile, Path workUnitFile, Optional<byte[]> knownGood, Verifier verifier,
            Path scratch, String toolVersion) throws IOException, HackabilityException {
        return run(planFile, workUnitFile, knownGood, verifier, scratch, toolVersion, Progress.NONE);
    }

    /** As above, telling {@code progress} of each decoy verified (the total once every operator has built its decoys). */
    public static HackabilityReport run(Path planFile, Path workUnitFile, Optional<byte[]> knownGood, Verifier verifier,
            Path scratch, String toolVersion, Progress progress) throws IOException, HackabilityException {
        JsonNode plan;
        JsonNode workUnit;
        try {
            plan = StrictJson.withDefaults().read(planFile);
            workUnit = StrictJson.withDefaults().read(workUnitFile);
        } catch (JsonInputException e) {
            throw new HackabilityException("not valid JSON: " + e.getMessage());
        }
        // The plan is validated as verify validates it: a plan no decoy could be judged under is no audit.
        try {
            EvaluatorPlanReader.strict().read(plan);
        } catch (InvalidDocumentException e) {
            throw new HackabilityException(planFile + ": " + String.join("; ", e.messages()));
        }
        String planDigest = Digests.canonical(plan).toString();
        String wuDigest = Digests.canonical(workUnit).toString();
        Targets targets = Targets.of(plan, workUnit);
        List<Operator> operators = new ArrayList<>(Operators.all());
        knownGood.ifPresent(g -> operators.add(new FromCandidate(new String(g, StandardCharsets.UTF_8))));

        // The plan must be usable at all: a known-good run (or the first decoy) must not be refused
        // for binding reasons, or every trial would be "undecided" and the score meaningless.
        List<HackabilityReport.OperatorRow> rows = new ArrayList<>();
        List<HackabilityReport.DecoyRow> decoys = new ArrayList<>();
        int trial = 0;
        List<List<Decoy>> builds = new ArrayList<>();
        for (Operator op : operators) {
            builds.add(op.build(targets));
        }
        progress.total(builds.stream().mapToLong(List::size).sum());
        for (int o = 0; o < operators.size(); o++) {
            Operator op = operators.get(o);
            List<Decoy> built = builds.get(o);
            int passed = 0;
            for (Decoy d : built) {
                Path root = Files.createDirectories(scratch.resolve("trial-" + (trial++)));
                Path candidate = Files.createDirectories(root.resolve("candidate"));
                byte[] patch = d.patch().getBytes(StandardCharsets.UTF_8);
                Files.write(candidate.resolve("changes.patch"), patch);
                Files.write(candidate.resolve("stdout.txt"), ("decoy " + d.operator() + "/" + d.variant() + "\n").getBytes(StandardCharsets.UTF_8));
                Files.write(candidate.resolve("stderr.txt"), new byte[0]);
                Path manifest = root.resolve("result-manifest.json");
                Files.write(manifest, honestManifest(workUnit, wuDigest, plan, candidate, patch).toString().getBytes(StandardCharsets.UTF_8));
                String verdict;
                String detail;
                try {
                    Verification v = verifier.verify(VerifyRequest.of(workUnitFile, manifest, candidate, planFile));
                    verdict = v.passed() ? "support" : "reject";
                    detail = reasons(v.result());
                } catch (VerificationException e) {
                    if (isBindingProblem(e.getMessage())) {
                        throw new HackabilityException("the plan cannot be verified against this work unit: " + e.getMessage());
                    }
                    verdict = "undecided";
                    detail = e.getMessage();
                }
                if (verdict.equals("support")) {
                    passed++;
                }
                decoys.add(new HackabilityReport.DecoyRow(d.operator(), d.variant(), d.why(), d.patch(), verdict, detail));
                progress.step();
            }
            rows.add(new HackabilityReport.OperatorRow(op.name(), op.description(), !built.isEmpty(), built.size(), passed));
        }
        return new HackabilityReport(planDigest, plan.path("schema_version").asText(), plan.path("id").asText(), toolVersion, rows, decoys);
    }

    private static boolean isBindingProblem(String message) {
        return message.startsWith("EvaluatorPlan ") || message.startsWith("selected evaluator backend")
                || message.startsWith("ResultManifest verification request") || message.startsWith("Work Unit failed")
                || message.startsWith("unsupported EvaluatorPlan");
    }

    /** What the worker of a decoy would honestly report: every digest right, status succeeded. */
    static ObjectNode honestManifest(JsonNode wu, String wuDigest, JsonNode plan, Path candidate, byte[] patch) throws IOException {
        ObjectNode m = F.objectNode();
        m.put("schema_version", "0.1");
        m.put("id", wu.path("id").asText() + "/hackability-decoy");
        m.set("work_unit_id", wu.get("id"));
        m.set("work_unit_version", wu.get("version"));
        m.put("attempt", 1);
        ObjectNode worker = m.putObject("worker");
        worker.put("id", "hackability/decoy-author");
        worker.put("type", "agent");
        worker.put("adapter", "patchverdict-hackability");
        m.put("status", "succeeded");
        m.put("started_at", "2026-01-01T00:00:00Z");
        m.put("finished_at", "2026-01-01T00:00:01Z");
        ObjectNode artifact = m.putArray("produced_artifacts").addObject();
        artifact.set("id", plan.path("candidate_artifact_id"));
        artifact.put("type", "patch");
        artifact.put("locator", "changes.patch");
        artifact.put("digest", Digests.bytes(patch).toString());
        artifact.put("media_type", "text/x-diff");
        ArrayNode logs = m.putArray("logs");
        for (String type : List.of("stdout", "stderr")) {
            ObjectNode l = logs.addObject();
            l.put("type", type);
            l.put("locator", type + ".txt");
            l.put("digest", Digests.bytes(Files.readAllBytes(candidate.resolve(type + ".txt"))).toString());
        }
        m.putObject("metrics");
        ObjectNode resources = m.putObject("resources");
        resources.put("wall_seconds", 1.0);
        ObjectNode self = m.putObject("self_report");
        self.put("summary", "hollow candidate built by the hackability audit");
        self.putArray("claims");
        ObjectNode prov = m.putObject("provenance");
        prov.put("work_unit_digest", wuDigest);
        prov.set("source_revision", plan.path("binding").path("source_revision"));
        prov.putObject("environment");
        ObjectNode request = m.putObject("verification_request");
        ArrayNode expected = request.putArray("expected_validator_ids");
        for (JsonNode v : wu.path("validators")) {
            if (v.path("required").asBoolean(false)) {
                expected.add(v.path("id").asText());
            }
        }
        request.putArray("evidence_artifact_ids").add(plan.path("candidate_artifact_id").asText());
        return m;
    }

    private static String reasons(JsonNode result) {
        List<String> parts = new ArrayList<>();
        for (JsonNode f : result.path("findings")) {
            parts.add(f.path("category").asText() + ": " + f.path("summary").asText());
        }
        return parts.isEmpty() ? "no findings" : String.join("; ", parts);
    }
}
