// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.calibrate.BuiltInMatrices;
import dev.patchverdict.calibrate.Calibration;
import dev.patchverdict.calibrate.MatrixException;
import dev.patchverdict.calibrate.MatrixReader;
import dev.patchverdict.calibrate.hackability.Hackability;
import dev.patchverdict.calibrate.hackability.HackabilityException;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.HackabilityReport;
import dev.patchverdict.report.MatrixReport;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.report.Progress;
import dev.patchverdict.verify.Verifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The rule a cohort must pass before it may use a plan version, each condition checked by running
 * the tool's own checks (never by reading a flag): (1) v0.2 exact-line and (2) v0.3 added-substring
 * calibration cells reproduce, (3) the v0.4 correct/decoy calibration is green, (4) every plan of
 * the version is valid, bound to its task's WorkUnit and pins its verifier, (5) the cohort was
 * frozen, is unchanged, and no outcome predates the freeze; for v0.5 also (6) no hackability
 * operator passes any of its plans (each report is attached).
 */
public final class Admission {
    private static final Map<String, String> ADAPTERS = Map.of("0.2", "0.1.1", "0.3", "0.2.0", "0.4", "0.3.0", "0.5", "0.4.0");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Admission() {}

    public static ObjectNode admit(Path dir, String version, Verifier verifier, Path scratch, String toolVersion, Instant now)
            throws CohortException, IOException {
        return admit(dir, version, verifier, scratch, toolVersion, now, Progress.NONE);
    }

    /**
     * As above, telling {@code progress} of each check: the calibration, the provenance, the freeze and, for v0.5,
     * each plan of the cohort in turn.
     */
    public static ObjectNode admit(Path dir, String version, Verifier verifier, Path scratch, String toolVersion, Instant now,
            Progress progress) throws CohortException, IOException {
        if (!ADAPTERS.containsKey(version)) {
            throw new CohortException("no admission rule for EvaluatorPlan v" + version + "; there are rules for " + ADAPTERS.keySet());
        }
        ObjectNode cohort = Cohorts.read(dir);
        ObjectNode record = F.objectNode();
        record.put("cohort", cohort.path("id").asText());
        record.put("plan_version", version);
        record.put("checked_at", java.time.format.DateTimeFormatter.ISO_INSTANT.format(now));
        record.put("tool_version", toolVersion);
        ArrayNode conditions = record.putArray("conditions");
        long plans = 0;
        for (JsonNode t : cohort.path("tasks")) {
            plans += t.path("plans").size();
        }
        progress.total(3 + (version.equals("0.5") ? plans : 0));

        MatrixReport seed;
        try {
            Path m = BuiltInMatrices.extract("seed", Files.createDirectories(scratch.resolve("seed")));
            seed = Calibration.run(MatrixReader.read(m), verifier);
        } catch (MatrixException e) {
            throw new CohortException("the built-in calibration cannot run: " + e.getMessage());
        }
        column(conditions, 1, "v0.2 exact-line reproducibility", seed, "v0.2 exact line");
        column(conditions, 2, "v0.3 added-substring reproducibility", seed, "v0.3 added substring");
        column(conditions, 3, "v0.4 correct/decoy calibration", seed, "v0.4 transition");
        progress.step();
        provenance(conditions, dir, cohort, version);
        progress.step();
        frozen(conditions, dir, cohort);
        progress.step();
        if (version.equals("0.5")) {
            hackability(conditions, dir, cohort, verifier, scratch, toolVersion, progress);
        }
        boolean admitted = true;
        for (JsonNode c : conditions) {
            admitted &= c.path("passed").asBoolean();
        }
        record.put("admitted", admitted);
        OutputFiles.writeAtomically(Cohorts.file(dir, "admission-v" + version + ".json"), PrettyJson.text(record).getBytes(StandardCharsets.UTF_8));
        return record;
    }

    private static ObjectNode condition(ArrayNode conditions, int n, String name) {
        ObjectNode c = conditions.addObject();
        c.put("condition", n);
        c.put("name", name);
        c.putArray("evidence");
        return c;
    }

    /** The seed matrix's cells in one column: each verified, each as expected, the first two rows the record family's. */
    private static void column(ArrayNode conditions, int n, String name, MatrixReport seed, String label) {
        ObjectNode c = condition(conditions, n, name);
        int col = seed.columns().indexOf(label);
        boolean ok = col >= 0;
        ArrayNode ev = c.withArray("evidence");
        for (int r = 0; ok && r < seed.rows().size() && r < 2; r++) {
            MatrixReport.Cell cell = seed.cells().get(r).get(col);
            ok &= cell.matches();
            ev.add(cell.row() + " x " + cell.column() + ": expected " + cell.expected() + ", got " + cell.actual()
                    + (cell.resultId() == null ? "" : " (" + cell.resultId() + ", plan " + cell.planDigest() + ", patch " + cell.patchDigest() + ")"));
        }
        c.put("passed", ok);
    }

    private static void provenance(ArrayNode conditions, Path dir, JsonNode cohort, String version) {
        ObjectNode c = condition(conditions, 4, "exact plan and verifier provenance");
        ArrayNode ev = c.withArray("evidence");
        boolean ok = true;
        int plans = 0;
        for (JsonNode t : cohort.path("tasks")) {
            String wuDigest;
            try {
                wuDigest = Cohorts.record(dir, t.path("work_unit"), null, t).canonicalDigest().toString();
            } catch (CohortException e) {
                ev.add("work unit unreadable: " + e.getMessage());
                ok = false;
                continue;
            }
            for (JsonNode p : t.path("plans")) {
                JsonNode plan;
                try {
                    plan = Cohorts.record(dir, p, null, t).json();
                } catch (CohortException e) {
                    ev.add("not a valid plan: " + e.getMessage());
                    ok = false;
                    continue;
                }
                if (!version.equals(plan.path("schema_version").asText())) {
                    continue;
                }
                plans++;
                boolean bound = wuDigest.equals(plan.path("binding").path("work_unit_digest").asText());
                boolean pinned = ADAPTERS.get(version).equals(plan.path("verifier").path("adapter_version").asText());
                ok &= bound && pinned;
                ev.add(p.path("path").asText() + ": " + Digests.canonical(plan) + (bound ? ", bound to " : ", NOT bound to ") + wuDigest
                        + (pinned ? ", adapter " : ", wrong adapter ") + plan.path("verifier").path("adapter_version").asText());
            }
        }
        if (plans == 0) {
            ev.add("the cohort has no EvaluatorPlan v" + version);
            ok = false;
        }
        c.put("passed", ok);
    }

    private static void frozen(ArrayNode conditions, Path dir, JsonNode cohort) throws IOException {
        ObjectNode c = condition(conditions, 5, "frozen before any candidate outcome");
        ArrayNode ev = c.withArray("evidence");
        boolean ok = cohort.path("status").asText().equals("frozen");
        ev.add("status " + cohort.path("status").asText() + (cohort.has("frozen_at") ? ", frozen at " + cohort.path("frozen_at").asText() : ""));
        try {
            List<String> changes = Cohorts.check(dir);
            changes.forEach(ev::add);
            ok &= changes.isEmpty();
            if (changes.isEmpty()) {
                ev.add("cohort check: nothing changed since the freeze (" + cohort.path("definition_digest").asText() + ")");
                History.read(dir, cohort.path("id").asText(), Optional.empty()).head()
                        .ifPresent(h -> ev.add(History.FILE + " head " + h + ": the lifecycle this admission saw"));
            }
        } catch (CohortException e) {
            ev.add(e.getMessage());
            ok = false;
        }
        Path results;
        try {
            results = Cohorts.file(dir, "results");
        } catch (CohortException e) {
            ev.add(e.getMessage());
            c.put("passed", false);
            return;
        }
        if (ok && Files.isDirectory(results)) {
            Instant frozenAt = Instant.parse(cohort.path("frozen_at").asText());
            try (Stream<Path> s = Files.walk(results)) {
                for (Path f : s.filter(Files::isRegularFile).toList()) {
                    if (Files.getLastModifiedTime(f).toInstant().isBefore(frozenAt)) {
                        ev.add("outcome " + dir.relativize(f) + " predates the freeze");
                        ok = false;
                    }
                }
            }
        }
        c.put("passed", ok);
    }

    private static void hackability(ArrayNode conditions, Path dir, JsonNode cohort, Verifier verifier, Path scratch, String toolVersion,
            Progress progress) throws IOException, CohortException {
        ObjectNode c = condition(conditions, 6, "no hackability operator passes");
        ArrayNode ev = c.withArray("evidence");
        boolean ok = true;
        Path reports = Files.createDirectories(Cohorts.file(dir, "hackability"));
        for (JsonNode t : cohort.path("tasks")) {
            for (JsonNode p : t.path("plans")) {
                try {
                    Path wu = Cohorts.file(dir, t.path("work_unit").path("path").asText());
                    Path planFile = Cohorts.file(dir, p.path("path").asText());
                    if (!"0.5".equals(StrictJson.withDefaults().read(planFile).path("schema_version").asText())) {
                        continue;
                    }
                    HackabilityReport r = Hackability.run(planFile, wu, Optional.empty(), verifier,
                            Files.createTempDirectory(scratch, "hack"), toolVersion);
                    Path out = reports.resolve(t.path("task_id").asText() + "-" + planFile.getFileName());
                    OutputFiles.writeAtomically(out, PrettyJson.text(r.json()).getBytes(StandardCharsets.UTF_8));
                    ev.add(dir.relativize(out) + ": " + r.passedBad() + " of " + r.validTrials() + " decoys supported");
                    ok &= r.passedBad() == 0;
                } catch (HackabilityException | JsonInputException | CohortException e) {
                    ev.add(p.path("path").asText() + ": " + e.getMessage());
                    ok = false;
                } finally {
                    progress.step();
                }
            }
        }
        c.put("passed", ok);
    }

    static List<String> names(JsonNode record) {
        List<String> out = new ArrayList<>();
        record.path("conditions").forEach(c -> out.add(c.path("name").asText()));
        return out;
    }
}
