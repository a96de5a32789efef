// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.attest.VerifyingKey;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.fs.Containment;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.StandaloneSchema;
import dev.patchverdict.record.ValidDocument;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Frozen evaluation cohorts: a folder with {@code cohort.json} naming each task's WorkUnit and
 * EvaluatorPlans. Freezing records every canonical digest and the time; checking proves nothing
 * changed since; a burned cohort is never unfrozen, edited or reused; a solved task never again
 * counts as held-out evidence. Each transition is also recorded in the cohort's {@link History}.
 * Every path the cohort names is read as written, below the cohort folder and through no link
 * ({@link Containment#within}), so freeze, check, admit and every reader meet the same files.
 */
public final class Cohorts {
    public static final String FILE = "cohort.json";
    private static final StandaloneSchema SCHEMA = StandaloneSchema.shipped("/dev/patchverdict/schemas/cohort-v0.1.schema.json");

    private Cohorts() {}

    /** A file of the cohort by the path its record gives: see {@link Containment#within}. */
    static Path file(Path dir, String relative) throws CohortException {
        try {
            return Containment.within(dir, relative);
        } catch (IOException e) {
            throw new CohortException(dir + ": " + e.getMessage());
        }
    }

    public static ObjectNode read(Path dir) throws CohortException {
        Path file = file(dir, FILE);
        JsonNode json;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            json = StrictJson.withDefaults().read(in);
        } catch (JsonInputException e) {
            throw new CohortException(file + ": not valid JSON: " + e.getMessage());
        } catch (IOException e) {
            throw new CohortException(file + ": " + IoMessages.describe(e));
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

    /**
     * Freezes an open cohort: every record valid and bound, no outcome yet; records digests and the time, and
     * the freeze as the first entry of its history (signed with {@code key} when given).
     */
    public static ObjectNode freeze(Path dir, Instant now, Optional<SigningKey> key) throws CohortException, IOException {
        ObjectNode c = read(dir);
        String id = c.path("id").asText();
        String status = c.path("status").asText();
        if (status.equals("burned")) {
            throw new CohortException(id + " is burned: a burned cohort can never be unfrozen, edited or reused");
        }
        if (status.equals("frozen")) {
            throw new CohortException(id + " is frozen already (at " + c.path("frozen_at").asText() + ")");
        }
        History.State history = History.read(dir, id, Optional.empty());
        if (!history.entries().isEmpty() || !history.problems().isEmpty()) {
            throw new CohortException(id + " says it is open, but its " + History.FILE + " records "
                    + (history.freeze().isPresent() ? "its freeze at " + history.freeze().get().at() : "entries")
                    + ": a cohort is frozen once, and never reopened");
        }
        Path results = file(dir, "results");
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
        c.put("frozen_at", DateTimeFormatter.ISO_INSTANT.format(now));
        c.put("definition_digest", definitionDigest(c));
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        fields.put("frozen_at", c.path("frozen_at").asText());
        fields.put("definition_digest", c.path("definition_digest").asText());
        History.append(dir, id, history, "freeze", fields, now, key);
        write(dir, c);
        return c;
    }

    /** Every change since the freeze, its lifecycle included; empty when the cohort holds. */
    public static List<String> check(Path dir) throws CohortException {
        return check(dir, Optional.empty(), Optional.empty());
    }

    /**
     * As {@link #check(Path)}, with every entry of the history also required to be signed by {@code key}, and
     * the history required to hold the entry {@code head} (a head recorded earlier, so that entries cut from
     * its end are seen), each when given.
     */
    public static List<String> check(Path dir, Optional<VerifyingKey> key, Optional<String> head) throws CohortException {
        ObjectNode c = read(dir);
        History.State history = History.read(dir, c.path("id").asText(), key);
        if (c.path("status").asText().equals("open") && history.entries().isEmpty() && history.problems().isEmpty()) {
            throw new CohortException(c.path("id").asText() + " is open: there is nothing frozen to check");
        }
        List<String> out = new ArrayList<>(history.problems());
        if (head.isPresent() && history.entries().stream().noneMatch(e -> e.digest().equals(head.get()))) {
            out.add(History.FILE + " holds no entry " + head.get() + ": entries were cut from its end, or it was rewritten");
        }
        out.addAll(lifecycleChanges(c, history));
        out.addAll(definitionChanges(dir, c));
        return out;
    }

    /** The digest of the last entry of the cohort's history, which names the whole of it; empty before the freeze. */
    public static Optional<String> historyHead(Path dir) throws CohortException {
        return History.read(dir, read(dir).path("id").asText(), Optional.empty()).head();
    }

    /** Where cohort.json's status, freeze fields and solved flags disagree with what its history records. */
    private static List<String> lifecycleChanges(JsonNode c, History.State history) {
        List<String> out = new ArrayList<>();
        String status = c.path("status").asText();
        if (history.entries().isEmpty()) { // an unreadable first line is among the history's own problems
            if (!status.equals("open") && history.problems().isEmpty()) {
                out.add("status is " + status + ", but no " + History.FILE + " records a freeze: its lifecycle is unprotected"
                        + " (cohort migrate records the history of a cohort frozen before histories were kept)");
            }
            return out;
        }
        if (!status.equals(history.status())) {
            out.add("status is " + status + ", but " + History.FILE + " records it " + history.status() + " (line "
                    + history.entries().get(history.entries().size() - 1).line() + "): a status is never set back");
        }
        history.freeze().ifPresent(f -> {
            for (String field : List.of("frozen_at", "definition_digest")) {
                if (!c.path(field).asText().equals(f.json().path(field).asText())) {
                    out.add(field + " is " + (c.has(field) ? c.path(field).asText() : "missing") + ", but the freeze in "
                            + History.FILE + " (line " + f.line() + ") recorded " + f.json().path(field).asText());
                }
            }
        });
        List<String> tasks = new ArrayList<>();
        for (JsonNode t : c.path("tasks")) {
            String task = t.path("task_id").asText();
            tasks.add(task);
            History.Entry solve = history.solved().get(task);
            if (t.path("solved").asBoolean() && solve == null) {
                out.add("task " + task + " is marked solved, but " + History.FILE + " records no solve of it (cohort solve records one)");
            } else if (!t.path("solved").asBoolean() && solve != null) {
                out.add("task " + task + " is not marked solved, but " + History.FILE + " records its solve at " + solve.at()
                        + " (line " + solve.line() + "): a solved task is never unsolved");
            }
        }
        history.solved().forEach((task, e) -> {
            if (!tasks.contains(task)) {
                out.add(History.FILE + " line " + e.line() + " solves task " + task + ", which the cohort does not have");
            }
        });
        return out;
    }

    /**
     * A changed definition and each changed or unreadable record. A solved task is not a change: solving is a
     * step of the lifecycle, which the history records, and {@link #heldOut} refuses the task from then on.
     */
    private static List<String> definitionChanges(Path dir, JsonNode c) {
        List<String> out = new ArrayList<>();
        String status = c.path("status").asText();
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
        }
        return out;
    }

    /** Marks one task of a frozen cohort solved: it never again counts as held-out evidence. Recorded in the history. */
    public static ObjectNode solve(Path dir, String taskId, Instant now, Optional<SigningKey> key) throws CohortException, IOException {
        ObjectNode c = read(dir);
        String id = c.path("id").asText();
        String status = c.path("status").asText();
        if (!status.equals("frozen")) {
            throw new CohortException(id + " is " + status + ": only a frozen cohort's tasks are solved"
                    + (status.equals("burned") ? " (a burned cohort is never edited)" : " (an open cohort has no outcomes yet)"));
        }
        History.State history = History.read(dir, id, Optional.empty());
        ObjectNode task = null;
        for (JsonNode t : c.path("tasks")) {
            if (t.path("task_id").asText().equals(taskId)) {
                task = (ObjectNode) t;
            }
        }
        if (task == null) {
            throw new CohortException(id + " has no task " + taskId);
        }
        if (task.path("solved").asBoolean() || history.solved().containsKey(taskId)) {
            throw new CohortException("task " + taskId + " of " + id + " is solved already");
        }
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        fields.put("task_id", taskId);
        History.append(dir, id, history, "solve", fields, now, key);
        task.put("solved", true);
        write(dir, c);
        return c;
    }

    /** Marks a frozen, unchanged cohort as burned; burning is final, and recorded in the history. */
    public static ObjectNode burn(Path dir, Instant now, Optional<SigningKey> key) throws CohortException, IOException {
        ObjectNode c = read(dir);
        String id = c.path("id").asText();
        if (c.path("status").asText().equals("burned")) {
            throw new CohortException(id + " is burned already");
        }
        List<String> changes = check(dir);
        if (!changes.isEmpty()) {
            throw new CohortException("cannot burn a cohort that changed since its freeze: " + String.join("; ", changes));
        }
        History.append(dir, id, History.read(dir, id, Optional.empty()), "burn", JsonNodeFactory.instance.objectNode(), now, key);
        c.put("status", "burned");
        write(dir, c);
        return c;
    }

    /**
     * Writes the history of a cohort frozen before histories were kept, from what its cohort.json says now:
     * the freeze (its recorded time and digest), each solved task, the burn. Every entry is marked migrated,
     * with {@code now} as its time: the migration vouches for the lifecycle from here on, not for the past.
     * Refused when the cohort is open, already has a history, or changed since its freeze.
     */
    public static List<ObjectNode> migrate(Path dir, Instant now, Optional<SigningKey> key) throws CohortException, IOException {
        ObjectNode c = read(dir);
        String id = c.path("id").asText();
        String status = c.path("status").asText();
        if (status.equals("open")) {
            throw new CohortException(id + " is open: its freeze will start its history");
        }
        History.State history = History.read(dir, id, Optional.empty());
        if (!history.entries().isEmpty() || !history.problems().isEmpty()) {
            throw new CohortException(id + " has a " + History.FILE + " already; a history is only ever appended to");
        }
        List<String> changes = definitionChanges(dir, c);
        if (!changes.isEmpty()) {
            throw new CohortException("cannot record the history of a cohort that changed since its freeze: " + String.join("; ", changes));
        }
        List<ObjectNode> written = new ArrayList<>();
        ObjectNode freeze = JsonNodeFactory.instance.objectNode();
        freeze.put("frozen_at", c.path("frozen_at").asText());
        freeze.put("definition_digest", c.path("definition_digest").asText());
        freeze.put("migrated", true);
        written.add(History.append(dir, id, history, "freeze", freeze, now, key));
        for (JsonNode t : c.path("tasks")) {
            if (t.path("solved").asBoolean()) {
                ObjectNode solve = JsonNodeFactory.instance.objectNode();
                solve.put("task_id", t.path("task_id").asText());
                solve.put("migrated", true);
                written.add(History.append(dir, id, History.read(dir, id, Optional.empty()), "solve", solve, now, key));
            }
        }
        if (status.equals("burned")) {
            ObjectNode burn = JsonNodeFactory.instance.objectNode();
            burn.put("migrated", true);
            written.add(History.append(dir, id, History.read(dir, id, Optional.empty()), "burn", burn, now, key));
        }
        return written;
    }

    private static void unchanged(Path dir, JsonNode file, String task, List<String> out) {
        String path = file.path("path").asText();
        if (!file.has("digest")) {
            out.add("task " + task + ": " + path + " has no recorded digest");
            return;
        }
        try {
            String now = Digests.canonical(StrictJson.withDefaults().read(file(dir, path))).toString();
            if (!now.equals(file.path("digest").asText())) {
                out.add("task " + task + ": " + path + " changed: recorded " + file.path("digest").asText() + ", now " + now);
            }
        } catch (CohortException e) {
            out.add("task " + task + ": " + e.getMessage());
        } catch (IOException | JsonInputException e) {
            out.add("task " + task + ": " + path + " is unreadable: " + e.getMessage());
        }
    }

    /** A record the cohort names, read and validated; refused (naming the task and path) when it is not one. */
    static ValidDocument record(Path dir, JsonNode file, DocumentType type, JsonNode task) throws CohortException {
        Path p = file(dir, file.path("path").asText());
        try {
            return type == null ? DocumentReader.strict().validate(p) : DocumentReader.strict().validate(p, type);
        } catch (InvalidDocumentException e) {
            throw new CohortException("task " + task.path("task_id").asText() + ": " + file.path("path").asText() + " is not a valid "
                    + (type == null ? "record" : type.displayName()) + ": " + String.join("; ", e.messages()));
        } catch (IOException e) {
            throw new CohortException("task " + task.path("task_id").asText() + ": " + file.path("path").asText() + ": "
                    + IoMessages.describe(e));
        }
    }

    static void write(Path dir, ObjectNode c) throws IOException, CohortException {
        OutputFiles.writeAtomically(file(dir, FILE), PrettyJson.text(c).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Why a verification may not count as held-out evidence for a task, or empty when it may: the cohort
     * frozen (never open or burned) and unchanged, its history included; the task in it, held out and
     * unsolved; and the verification's WorkUnit and EvaluatorPlan, by canonical digest, the task's own as
     * frozen. Each refusal names the rule that refused.
     */
    public static Optional<HeldOutRefusal> heldOut(Path dir, String taskId, String workUnitDigest, String planDigest)
            throws CohortException {
        ObjectNode c = read(dir);
        String id = c.path("id").asText();
        switch (c.path("status").asText()) {
            case "open" -> {
                return refuse("cohort status", id + " is open: nothing in it is held-out evidence until it is frozen");
            }
            case "burned" -> {
                return refuse("cohort status", id + " is burned: a burned cohort is never reused");
            }
            default -> { }
        }
        List<String> changes = check(dir);
        if (!changes.isEmpty()) {
            return refuse("unchanged since the freeze", id + " changed since its freeze: " + String.join("; ", changes));
        }
        for (JsonNode t : c.path("tasks")) {
            if (!t.path("task_id").asText().equals(taskId)) {
                continue;
            }
            if (!t.path("held_out").asBoolean()) {
                return refuse("task held out", "task " + taskId + " of " + id + " is not held-out evidence");
            }
            if (t.path("solved").asBoolean()) {
                return refuse("task unsolved", "task " + taskId + " of " + id + " is solved: it can never again count as held-out evidence");
            }
            String frozenWorkUnit = t.path("work_unit").path("digest").asText();
            if (!frozenWorkUnit.equals(workUnitDigest)) {
                return refuse("work unit", "the verified work unit " + workUnitDigest + " is not task " + taskId + "'s ("
                        + frozenWorkUnit + ")");
            }
            List<String> frozenPlans = new ArrayList<>();
            t.path("plans").forEach(p -> frozenPlans.add(p.path("digest").asText()));
            if (!frozenPlans.contains(planDigest)) {
                return refuse("frozen plan", "the plan " + planDigest + " is not one of task " + taskId + "'s frozen plans ("
                        + String.join(", ", frozenPlans) + "): held-out evidence is a verdict under a plan fixed before any outcome");
            }
            return Optional.empty();
        }
        return refuse("task", id + " has no task " + taskId);
    }

    private static Optional<HeldOutRefusal> refuse(String rule, String detail) {
        return Optional.of(new HeldOutRefusal(rule, detail));
    }
}
