// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.attest.KeyAlgorithm;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CohortsTest {
    static final Path PLANS = Path.of("plans");
    static final Verifier VERIFIER = new Verifier(new Verifier.Environment(Clock.systemUTC(), "test", "test", "test"));
    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path copy(String cohort, Consumer<ObjectNode> edit) throws Exception {
        Path dir = tmp.resolve(cohort + System.nanoTime());
        dev.patchverdict.TestFiles.copyTree(PLANS.resolve(cohort), dir);
        ObjectNode c = (ObjectNode) JSON.readTree(dir.resolve("cohort.json").toFile());
        edit.accept(c);
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("cohort.json").toFile(), c);
        if (c.path("status").asText().equals("open")) {
            Files.delete(dir.resolve(History.FILE)); // reopened: as it was before its freeze
        }
        return dir;
    }

    private static void reopen(ObjectNode c) {
        c.put("status", "open");
        c.remove(List.of("frozen_at", "definition_digest"));
        c.withArray("tasks").forEach(t -> ((ObjectNode) t).put("solved", false));
    }

    @Test
    void theShippedCohortsAreUnchangedSinceTheirFreeze() throws Exception {
        assertEquals(List.of(), Cohorts.check(PLANS.resolve("successor")));
        assertEquals(List.of(), Cohorts.check(PLANS.resolve("first-five")));
        JsonNode burned = Cohorts.read(PLANS.resolve("first-five"));
        assertEquals("burned", burned.path("status").asText());
        assertTrue(burned.path("tasks").get(0).path("solved").asBoolean(), "task 001 was solved");
        History.State h = History.read(PLANS.resolve("first-five"), burned.path("id").asText(), Optional.empty());
        assertEquals(List.of("freeze", "solve", "burn"), h.entries().stream().map(History.Entry::event).toList());
    }

    @Test
    void freezingRecordsEveryDigestAndTheTime() throws Exception {
        Path dir = copy("successor", CohortsTest::reopen);
        JsonNode c = Cohorts.freeze(dir, NOW, Optional.empty());
        assertEquals("frozen", c.path("status").asText());
        assertEquals("2026-12-01T12:00:00Z", c.path("frozen_at").asText());
        assertTrue(c.path("tasks").get(0).path("work_unit").path("digest").asText().startsWith("sha256:"));
        assertEquals(List.of(), Cohorts.check(dir));
        CohortException again = assertThrows(CohortException.class, () -> Cohorts.freeze(dir, NOW, Optional.empty()));
        assertTrue(again.getMessage().contains("is frozen already"), again.getMessage());
    }

    @Test
    void aCohortWithOutcomesOrASolvedTaskIsNeverFrozen() throws Exception {
        Path withResults = copy("successor", CohortsTest::reopen);
        Files.createDirectories(withResults.resolve("results"));
        Files.writeString(withResults.resolve("results/task-006.json"), "{}");
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(withResults, NOW, Optional.empty())).getMessage().contains("holds outcomes"));
        Path solved = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(1)).put("solved", true);
        });
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(solved, NOW, Optional.empty())).getMessage().contains("task-007 is marked solved"));
    }

    @Test
    void aPlanBoundToAnotherWorkUnitIsRefusedAtTheFreeze() throws Exception {
        Path dir = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(0).withArray("plans").get(0)).put("path", "plans/task-007.plan-v0.4.json");
        });
        CohortException e = assertThrows(CohortException.class, () -> Cohorts.freeze(dir, NOW, Optional.empty()));
        assertTrue(e.getMessage().contains("is bound to work unit"), e.getMessage());
    }

    @Test
    void checkNamesEachFileThatChanged() throws Exception {
        Path dir = copy("successor", c -> { });
        Path plan = dir.resolve("plans/task-007.plan-v0.5.json");
        ObjectNode p = (ObjectNode) JSON.readTree(plan.toFile());
        p.put("visibility", "hidden");
        JSON.writeValue(plan.toFile(), p);
        List<String> changes = Cohorts.check(dir);
        assertEquals(1, changes.size(), changes.toString());
        assertTrue(changes.get(0).startsWith("task task-007: plans/task-007.plan-v0.5.json changed"), changes.get(0));
    }

    @Test
    void aBurnedCohortIsNeverFrozenAgainAndASolvedTaskNeverCountsAsHeldOut() throws Exception {
        Path burned = copy("first-five", c -> { });
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(burned, NOW, Optional.empty())).getMessage()
                .contains("can never be unfrozen, edited or reused"));
        Path heldOut = copy("first-five", c -> ((ObjectNode) c.withArray("tasks").get(0)).put("held_out", true));
        List<String> problems = Cohorts.check(heldOut);
        assertTrue(problems.get(0).startsWith("the definition changed since the freeze"), problems.toString());
        assertEquals("not held-out evidence (cohort status): patchverdict/example/first-five is burned: a burned cohort is never reused",
                Cohorts.heldOut(PLANS.resolve("first-five"), "task-002", "sha256:x", "sha256:y").orElseThrow().toString());
    }

    @Test
    void theSuccessorIsAdmittedForV04WithEvidenceForEveryCondition() throws Exception {
        Path dir = copy("successor", c -> { });
        JsonNode r = Admission.admit(dir, "0.4", VERIFIER, Files.createDirectories(tmp.resolve("s1")), "test", NOW);
        assertTrue(r.path("admitted").asBoolean(), r.toString());
        assertEquals(5, r.path("conditions").size());
        for (JsonNode c : r.path("conditions")) {
            assertTrue(c.path("passed").asBoolean(), c.toString());
            assertTrue(c.path("evidence").size() > 0, c.toString());
        }
        assertTrue(Files.isRegularFile(dir.resolve("admission-v0.4.json")));
    }

    @Test
    void v05AdmissionAttachesEachPlansHackabilityAndRefusesWhileADecoyPasses() throws Exception {
        Path dir = copy("successor", c -> { });
        dev.patchverdict.report.RecordingProgress progress = new dev.patchverdict.report.RecordingProgress();
        JsonNode r = Admission.admit(dir, "0.5", VERIFIER, Files.createDirectories(tmp.resolve("s2")), "test", NOW, progress);
        assertFalse(r.path("admitted").asBoolean());
        // the calibration, the provenance, the freeze, then each of the three tasks' two plans in turn
        assertEquals(List.of(9L), progress.totals);
        assertEquals(9, progress.stepsAgainst.size());
        JsonNode six = r.path("conditions").get(5);
        assertEquals(6, six.path("condition").asInt());
        assertFalse(six.path("passed").asBoolean(), "the comment-swap decoy still passes v0.5");
        assertTrue(Files.isRegularFile(dir.resolve("hackability/task-006-task-006.plan-v0.5.json")));
    }

    @Test
    void aBurnedCohortIsNotAdmitted() throws Exception {
        Path dir = copy("first-five", c -> { });
        JsonNode r = Admission.admit(dir, "0.4", VERIFIER, Files.createDirectories(tmp.resolve("s3")), "test", NOW);
        assertFalse(r.path("admitted").asBoolean());
        assertFalse(r.path("conditions").get(4).path("passed").asBoolean());
    }

    private static String line(Path dir, int n) throws Exception {
        return Files.readAllLines(dir.resolve(History.FILE)).get(n - 1);
    }

    private static void rewriteLine(Path dir, int n, Consumer<ObjectNode> edit) throws Exception {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(dir.resolve(History.FILE)));
        ObjectNode e = (ObjectNode) JSON.readTree(lines.get(n - 1));
        edit.accept(e);
        lines.set(n - 1, dev.patchverdict.json.CanonicalJson.string(e));
        Files.writeString(dir.resolve(History.FILE), String.join("\n", lines) + "\n");
    }

    private static void editCohort(Path dir, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode c = (ObjectNode) JSON.readTree(dir.resolve("cohort.json").toFile());
        edit.accept(c);
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("cohort.json").toFile(), c);
    }

    @Test
    void editingAStatusOrASolvedFlagBackIsSeen() throws Exception {
        Path unburned = copy("first-five", c -> c.put("status", "frozen"));
        assertEquals(List.of("status is frozen, but history.jsonl records it burned (line 3): a status is never set back"),
                Cohorts.check(unburned));
        assertEquals("not held-out evidence (unchanged since the freeze)", Cohorts.heldOut(unburned, "task-002", "", "")
                .orElseThrow().toString().substring(0, 50));

        Path unsolved = copy("first-five", c -> ((ObjectNode) c.withArray("tasks").get(0)).put("solved", false));
        List<String> changes = Cohorts.check(unsolved);
        assertEquals(1, changes.size(), changes.toString());
        assertTrue(changes.get(0).startsWith("task task-001 is not marked solved, but history.jsonl records its solve at "), changes.get(0));

        Path marked = copy("successor", c -> ((ObjectNode) c.withArray("tasks").get(2)).put("solved", true));
        assertEquals(List.of("task task-008 is marked solved, but history.jsonl records no solve of it (cohort solve records one)"),
                Cohorts.check(marked));
    }

    @Test
    void solvingIsRecordedOnceAndOnlyInAFrozenCohort() throws Exception {
        Path dir = copy("successor", c -> { });
        JsonNode c = Cohorts.solve(dir, "task-007", NOW, Optional.empty());
        assertTrue(c.path("tasks").get(1).path("solved").asBoolean());
        assertEquals(List.of(), Cohorts.check(dir), "solving a task is not a change");
        assertTrue(line(dir, 2).contains("\"event\":\"solve\""), line(dir, 2));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.solve(dir, "task-007", NOW, Optional.empty())).getMessage()
                .contains("is solved already"));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.solve(dir, "task-999", NOW, Optional.empty())).getMessage()
                .contains("has no task task-999"));
        assertEquals("not held-out evidence (task unsolved): task task-007 of patchverdict/example/successor is solved: it can never"
                + " again count as held-out evidence", Cohorts.heldOut(dir, "task-007", "", "").orElseThrow().toString());
        Cohorts.burn(dir, NOW, Optional.empty());
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.solve(dir, "task-006", NOW, Optional.empty())).getMessage()
                .contains("is burned: only a frozen cohort's tasks are solved"));
        Path open = copy("successor", CohortsTest::reopen);
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.solve(open, "task-006", NOW, Optional.empty())).getMessage()
                .contains("is open"));
    }

    @Test
    void anEntryEditedRemovedOrCutIsSeen() throws Exception {
        Path edited = copy("first-five", c -> { });
        rewriteLine(edited, 2, e -> e.put("task_id", "task-002"));
        List<String> changes = Cohorts.check(edited);
        assertTrue(changes.stream().anyMatch(s -> s.startsWith("history.jsonl line 3 (burn): names previous sha256:")
                && s.endsWith("an entry before it was edited or removed")), changes.toString());

        Path removed = copy("first-five", c -> ((ObjectNode) c.withArray("tasks").get(0)).put("solved", false));
        List<String> lines = Files.readAllLines(removed.resolve(History.FILE));
        Files.writeString(removed.resolve(History.FILE), lines.get(0) + "\n" + lines.get(2) + "\n");
        changes = Cohorts.check(removed);
        assertTrue(changes.contains("history.jsonl line 2: seq is 3, not 2: an entry was removed or inserted"), changes.toString());

        // Cutting the last entries with the fields they set leaves a chain that holds; a head recorded earlier does not.
        Path dir = copy("successor", c -> { });
        Cohorts.solve(dir, "task-006", NOW, Optional.empty());
        String head = Cohorts.historyHead(dir).orElseThrow();
        Files.writeString(dir.resolve(History.FILE), line(dir, 1) + "\n");
        editCohort(dir, c -> ((ObjectNode) c.withArray("tasks").get(0)).put("solved", false));
        assertEquals(List.of(), Cohorts.check(dir));
        assertEquals(List.of("history.jsonl holds no entry " + head + ": entries were cut from its end, or it was rewritten"),
                Cohorts.check(dir, Optional.empty(), Optional.of(head)));

        Path reopened = copy("successor", c -> c.put("status", "open"));
        Files.copy(PLANS.resolve("successor").resolve(History.FILE), reopened.resolve(History.FILE));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(reopened, NOW, Optional.empty())).getMessage()
                .contains("says it is open, but its history.jsonl records its freeze at"));
    }

    @Test
    void aSignedHistoryIsCheckedEntryByEntryAgainstTheKey() throws Exception {
        SigningKey key = SigningKey.generate(KeyAlgorithm.ED25519, new java.security.SecureRandom());
        SigningKey other = SigningKey.generate(KeyAlgorithm.ECDSA_P256, new java.security.SecureRandom());
        Path dir = copy("successor", CohortsTest::reopen);
        Cohorts.freeze(dir, NOW, Optional.of(key));
        Cohorts.solve(dir, "task-006", NOW, Optional.of(key));
        assertEquals(List.of(), Cohorts.check(dir, Optional.of(key.publicKey()), Optional.empty()));
        Cohorts.burn(dir, NOW, Optional.empty());
        assertEquals(List.of("history.jsonl line 3 (burn): not signed, and every entry must be signed by key " + key.publicKey().keyId()),
                Cohorts.check(dir, Optional.of(key.publicKey()), Optional.empty()));
        List<String> others = Cohorts.check(dir, Optional.of(other.publicKey()), Optional.empty());
        assertTrue(others.get(0).startsWith("history.jsonl line 1 (freeze): signed by key " + key.publicKey().keyId()), others.toString());

        rewriteLine(dir, 2, e -> e.put("at", "2026-12-01T12:00:01Z"));
        List<String> forged = Cohorts.check(dir, Optional.of(key.publicKey()), Optional.empty());
        assertTrue(forged.contains("history.jsonl line 2 (solve): the signature does not verify with key " + key.publicKey().keyId()
                + ": the entry changed since it was signed"), forged.toString());
    }

    @Test
    void freezeCheckAndAdmitMeetTheSameFilesThroughNoLinkAndNoDotDot() throws Exception {
        // plans/P as ln/../plans/P, with ln a link to a folder whose parent holds a copy of P
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/sub"));
        Files.createDirectories(tmp.resolve("elsewhere/plans"));
        Files.copy(PLANS.resolve("successor/plans/task-006.plan-v0.4.json"), tmp.resolve("elsewhere/plans/task-006.plan-v0.4.json"));
        Path dotdot = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(0).withArray("plans").get(0)).put("path", "ln/../plans/task-006.plan-v0.4.json");
        });
        Files.createSymbolicLink(dotdot.resolve("ln"), elsewhere);
        CohortException e = assertThrows(CohortException.class, () -> Cohorts.freeze(dotdot, NOW, Optional.empty()));
        assertTrue(e.getMessage().contains("ln/../plans/task-006.plan-v0.4.json: '..' as a path component"), e.getMessage());

        Path linked = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(0).withArray("plans").get(0)).put("path", "ln/task-006.plan-v0.4.json");
        });
        Files.createSymbolicLink(linked.resolve("ln"), linked.resolve("plans"));
        e = assertThrows(CohortException.class, () -> Cohorts.freeze(linked, NOW, Optional.empty()));
        assertTrue(e.getMessage().contains("ln/task-006.plan-v0.4.json: ln is a symbolic link"), e.getMessage());

        // after the freeze: a plan swapped for a link to an unchanged copy is a change, never read through
        Path swapped = copy("successor", c -> { });
        Path plan = swapped.resolve("plans/task-006.plan-v0.4.json");
        Files.move(plan, swapped.resolve("copy.json"));
        Files.createSymbolicLink(plan, swapped.resolve("copy.json"));
        List<String> changes = Cohorts.check(swapped);
        assertEquals(1, changes.size(), changes.toString());
        assertTrue(changes.get(0).contains("plans/task-006.plan-v0.4.json is a symbolic link"), changes.get(0));
        JsonNode r = Admission.admit(swapped, "0.4", VERIFIER, Files.createDirectories(tmp.resolve("s4")), "test", NOW);
        assertFalse(r.path("admitted").asBoolean(), "admission reads through no link either");

        Path linkedCohort = copy("successor", c -> { });
        Files.move(linkedCohort.resolve("cohort.json"), linkedCohort.resolve("real.json"));
        Files.createSymbolicLink(linkedCohort.resolve("cohort.json"), linkedCohort.resolve("real.json"));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.check(linkedCohort)).getMessage()
                .contains("cohort.json: cohort.json is a symbolic link"));
        Path linkedHistory = copy("successor", c -> { });
        Files.move(linkedHistory.resolve(History.FILE), linkedHistory.resolve("h.jsonl"));
        Files.createSymbolicLink(linkedHistory.resolve(History.FILE), linkedHistory.resolve("h.jsonl"));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.check(linkedHistory)).getMessage()
                .contains("history.jsonl is a symbolic link"));
    }

    @Test
    void aCohortFrozenWithoutAHistoryIsUnprotectedUntilMigrated() throws Exception {
        Path dir = copy("first-five", c -> { });
        Files.delete(dir.resolve(History.FILE));
        assertEquals(List.of("status is burned, but no history.jsonl records a freeze: its lifecycle is unprotected (cohort migrate"
                + " records the history of a cohort frozen before histories were kept)"), Cohorts.check(dir));
        List<ObjectNode> entries = Cohorts.migrate(dir, NOW, Optional.empty());
        assertEquals(List.of("freeze", "solve", "burn"), entries.stream().map(e -> e.path("event").asText()).toList());
        assertTrue(entries.stream().allMatch(e -> e.path("migrated").asBoolean()));
        assertEquals(List.of(), Cohorts.check(dir));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.migrate(dir, NOW, Optional.empty())).getMessage()
                .contains("has a history.jsonl already"));

        Path changed = copy("successor", c -> c.put("description", "weakened"));
        Files.delete(changed.resolve(History.FILE));
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.migrate(changed, NOW, Optional.empty())).getMessage()
                .startsWith("cannot record the history of a cohort that changed since its freeze: the definition changed"));
        Path open = copy("successor", CohortsTest::reopen);
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.migrate(open, NOW, Optional.empty())).getMessage()
                .contains("is open"));
    }
}
