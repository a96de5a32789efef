// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.StandaloneSchema;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.report.OutputFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Frozen evaluation cohorts: a folder with {@code cohort.json} naming each task's WorkUnit and
 * EvaluatorPlans. Freezing records every canonical digest and the time; checking proves nothing
 * changed since; a burned cohort is never unfrozen, edited or reused; a solved task never again
 * counts as held-out evidence.
 */
public final class Cohorts {
    public static final String FILE = "cohort.json";
    private static final StandaloneSchema SCHEMA = StandaloneSchema.shipped("/dev/patchverdict/schemas/cohort-v0.1.schema.json");

    private Cohorts() {}

    public static ObjectNode read(Path dir) throws CohortException {
        Path file = dir.resolve(FILE);
        JsonNode json;
        try {
            json = StrictJson.withDefaults().read(file);
        } catch (JsonInputException e) {
            throw new CohortException(file + ": not valid JSON: " + e.getMessage());
        } catch (IOException e) {
            throw new CohortException(file + ": " + dev.patchverdict.report.IoMessages.describe(e));
        }
        List<String> problems = SCHEMA.problems(json);
        if (!problems.isEmpty()) {
            throw new CohortException(file + ": not a cohort v0.1: " + String.join("; ", problems));
        }
        return (ObjectNode) json;
    }

    /** The canonical digest of what a freeze fixes: id, description, and each task without its solved flag. */
    public static String definitionDigest(JsonNode cohort) {
        ObjectNode d = cohort.deepCopy();
        d.remove(List.of("status", "frozen_at", "definition_digest"));
        for (JsonNode t : d.withArray("tasks")) {
            ((ObjectNode) t).remove("solved");
        }
        return Digests.canonical(d).toString();
    }

    /** Freezes an open cohort: every record valid and bound, no outcome yet; records digests and the time. */
    public static ObjectNode freeze(Path dir, Instant now) throws CohortException, IOException {
        ObjectNode c = read(dir);
        String status = c.path("status").asText();
        if (status.equals("burned")) {
            throw new CohortException(c.path("id").asText() + " is burned: a burned cohort can never be unfrozen, edited or reused");
        }
        if (status.equals("frozen")) {
            throw new CohortException(c.path("id").asText() + " is frozen already (at " + c.path("frozen_at").asText() + ")");
        }
        Path results = dir.resolve("results");
        if (Files.isDirectory(results)) {
            try (Stream<Path> s = Files.walk(results)) {
                if (s.anyMatch(Files::isRegularFile)) {
                    throw new CohortException(results + " holds outcomes: a cohort is frozen before any candidate outcome is seen");
                }
            }
        }
        for (JsonNode t : c.path("tasks")) {
            if (t.path("solved").asBoolean()) {
                throw new CohortException("task " + t.path("task_id").asText()
                        + " is marked solved: a cohort is frozen before any candidate outcome is seen");
            }
            String wuDigest = record(dir, t.path("work_unit"), DocumentType.WORK_UNIT, t).canonicalDigest().toString();
            ((ObjectNode) t.path("work_unit")).put("digest", wuDigest);
            for (JsonNode p : t.path("plans")) {
                ValidDocument plan = record(dir, p, DocumentType.EVALUATOR_PLAN, t);
                String bound = plan.json().path("binding").path("work_unit_digest").asText();
                if (!bound.equals(wuDigest)) {
                    throw new CohortException("task " + t.path("task_id").asText() + ": plan " + p.path("path").asText()
                            + " is bound to work unit " + bound + ", not the task's " + wuDigest);
                }
                ((ObjectNode) p).put("digest", plan.canonicalDigest().toString());
            }
        }
        c.put("status", "frozen");
        c.put("frozen_at", java.time.format.DateTimeFormatter.ISO_INSTANT.format(now));
        c.put("definition_digest", definitionDigest(c));
        write(dir, c);
        return c;
    }

    /** Every change since the freeze, and every task that may not count as held out; empty when the cohort holds. */
    public static List<String> check(Path dir) throws CohortException {
        ObjectNode c = read(dir);
        List<String> out = new ArrayList<>();
        String status = c.path("status").asText();
        if (status.equals("open")) {
            throw new CohortException(c.path("id").asText() + " is open: there is nothing frozen to check");
        }
        if (!c.has("frozen_at") || !c.has("definition_digest")) {
            out.add("status is " + status + " but the cohort was never frozen (no frozen_at or definition_digest)");
        } else if (!definitionDigest(c).equals(c.path("definition_digest").asText())) {
            out.add("the definition changed since the freeze: recorded " + c.path("definition_digest").asText() + ", now "
                    + definitionDigest(c));
        }
        for (JsonNode t : c.path("tasks")) {
            String task = t.path("task_id").asText();
            unchanged(dir, t.path("work_unit"), task, out);
            for (JsonNode p : t.path("plans")) {
                unchanged(dir, p, task, out);
            }
            if (t.path("solved").asBoolean() && t.path("held_out").asBoolean()) {
                out.add("task " + task + " is solved and can no longer count as held-out evidence");
            }
        }
        return out;
    }

    /** Marks a frozen, unchanged cohort as burned; burning is final. */
    public static ObjectNode burn(Path dir) throws CohortException, IOException {
        List<String> changes = check(dir);
        ObjectNode c = read(dir);
        if (c.path("status").asText().equals("burned")) {
            throw new CohortException(c.path("id").asText() + " is burned already");
        }
        if (!changes.isEmpty()) {
            throw new CohortException("cannot burn a cohort that changed since its freeze: " + String.join("; ", changes));
        }
        c.put("status", "burned");
        write(dir, c);
        return c;
    }

    private static void unchanged(Path dir, JsonNode file, String task, List<String> out) {
        String path = file.path("path").asText();
        if (!file.has("digest")) {
            out.add("task " + task + ": " + path + " has no recorded digest");
            return;
        }
        try {
            String now = Digests.canonical(StrictJson.withDefaults().read(dir.resolve(path))).toString();
            if (!now.equals(file.path("digest").asText())) {
                out.add("task " + task + ": " + path + " changed: recorded " + file.path("digest").asText() + ", now " + now);
            }
        } catch (IOException | JsonInputException e) {
            out.add("task " + task + ": " + path + " is unreadable: " + e.getMessage());
        }
    }

    private static ValidDocument record(Path dir, JsonNode file, DocumentType type, JsonNode task) throws CohortException {
        Path p = dir.resolve(file.path("path").asText()).normalize();
        try {
            return DocumentReader.strict().validate(p, type);
        } catch (InvalidDocumentException e) {
            throw new CohortException("task " + task.path("task_id").asText() + ": " + file.path("path").asText() + " is not a valid "
                    + type.displayName() + ": " + String.join("; ", e.messages()));
        } catch (IOException e) {
            throw new CohortException("task " + task.path("task_id").asText() + ": " + file.path("path").asText() + ": "
                    + dev.patchverdict.report.IoMessages.describe(e));
        }
    }

    static void write(Path dir, ObjectNode c) throws IOException {
        OutputFiles.writeAtomically(dir.resolve(FILE), PrettyJson.text(c).getBytes(StandardCharsets.UTF_8));
    }

    /** The plan files of every task, resolved. */
    public static List<Path> plans(Path dir, JsonNode cohort) {
        List<Path> out = new ArrayList<>();
        for (JsonNode t : cohort.path("tasks")) {
            for (JsonNode p : t.path("plans")) {
                out.add(dir.resolve(p.path("path").asText()).normalize());
            }
        }
        return out;
    }

    /**
     * Why a run may not cite the task as held-out evidence, or empty when it may: the cohort must be
     * frozen and unchanged, the task held out and unsolved, and the run's WorkUnit the task's own.
     */
    public static java.util.Optional<String> heldOutProblem(Path dir, String taskId, Path workUnit) throws CohortException {
        ObjectNode c = read(dir);
        if (c.path("status").asText().equals("open")) {
            return java.util.Optional.of(c.path("id").asText() + " is not frozen: nothing in it is held-out evidence yet");
        }
        List<String> changes = check(dir);
        for (JsonNode t : c.path("tasks")) {
            if (!t.path("task_id").asText().equals(taskId)) {
                continue;
            }
            if (t.path("solved").asBoolean()) {
                return java.util.Optional.of("task " + taskId + " of " + c.path("id").asText()
                        + " is solved: it can never again count as held-out evidence");
            }
            if (!t.path("held_out").asBoolean()) {
                return java.util.Optional.of("task " + taskId + " of " + c.path("id").asText() + " is not held-out evidence");
            }
            if (!changes.isEmpty()) {
                return java.util.Optional.of(c.path("id").asText() + " changed since its freeze: " + changes.get(0));
            }
            try {
                String digest = Digests.canonical(StrictJson.withDefaults().read(workUnit)).toString();
                if (!digest.equals(t.path("work_unit").path("digest").asText())) {
                    return java.util.Optional.of("the work unit " + workUnit + " is not task " + taskId + "'s (" + digest + ")");
                }
            } catch (IOException | JsonInputException e) {
                return java.util.Optional.of("the work unit " + workUnit + " is unreadable: " + e.getMessage());
            }
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(c.path("id").asText() + " has no task " + taskId);
    }
}
