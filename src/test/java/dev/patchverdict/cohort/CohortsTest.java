// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cohort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
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
        try (var walk = Files.walk(PLANS.resolve(cohort))) {
            for (Path p : walk.toList()) {
                Path t = dir.resolve(PLANS.resolve(cohort).relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        ObjectNode c = (ObjectNode) JSON.readTree(dir.resolve("cohort.json").toFile());
        edit.accept(c);
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("cohort.json").toFile(), c);
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
    }

    @Test
    void freezingRecordsEveryDigestAndTheTime() throws Exception {
        Path dir = copy("successor", CohortsTest::reopen);
        JsonNode c = Cohorts.freeze(dir, NOW);
        assertEquals("frozen", c.path("status").asText());
        assertEquals("2026-12-01T12:00:00Z", c.path("frozen_at").asText());
        assertTrue(c.path("tasks").get(0).path("work_unit").path("digest").asText().startsWith("sha256:"));
        assertEquals(List.of(), Cohorts.check(dir));
        CohortException again = assertThrows(CohortException.class, () -> Cohorts.freeze(dir, NOW));
        assertTrue(again.getMessage().contains("is frozen already"), again.getMessage());
    }

    @Test
    void aCohortWithOutcomesOrASolvedTaskIsNeverFrozen() throws Exception {
        Path withResults = copy("successor", CohortsTest::reopen);
        Files.createDirectories(withResults.resolve("results"));
        Files.writeString(withResults.resolve("results/task-006.json"), "{}");
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(withResults, NOW)).getMessage().contains("holds outcomes"));
        Path solved = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(1)).put("solved", true);
        });
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(solved, NOW)).getMessage().contains("task-007 is marked solved"));
    }

    @Test
    void aPlanBoundToAnotherWorkUnitIsRefusedAtTheFreeze() throws Exception {
        Path dir = copy("successor", c -> {
            reopen(c);
            ((ObjectNode) c.withArray("tasks").get(0).withArray("plans").get(0)).put("path", "plans/task-007.plan-v0.4.json");
        });
        CohortException e = assertThrows(CohortException.class, () -> Cohorts.freeze(dir, NOW));
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
        assertTrue(assertThrows(CohortException.class, () -> Cohorts.freeze(burned, NOW)).getMessage()
                .contains("can never be unfrozen, edited or reused"));
        Path heldOut = copy("first-five", c -> ((ObjectNode) c.withArray("tasks").get(0)).put("held_out", true));
        List<String> problems = Cohorts.check(heldOut);
        assertTrue(problems.contains("task task-001 is solved and can no longer count as held-out evidence"), problems.toString());
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
}
