// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.AddedAndRemovedSubstringsContract;
import dev.patchverdict.plan.AddedSubstringsContract;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.ExactAddedLinesContract;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import dev.patchverdict.record.WorkUnit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code patchverdict plan new}: plans of each historical version, bound to the exact work unit. */
class PlanCommandTest {
    @TempDir
    Path dir;


    private CliRun run(String... args) {
        return CliRun.in(dir, args);
    }

    @BeforeEach
    void workUnit() throws Exception {
        Files.write(dir.resolve("wu.json"), Fixtures.bytes(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")));
    }

    private EvaluatorPlan written(CliRun r) throws Exception {
        assertEquals(0, r.code(), r.err());
        EvaluatorPlan plan = EvaluatorPlanReader.strict().read(dir.resolve("plan.json"));
        WorkUnit wu = DocumentReader.strict().readWorkUnit(dir.resolve("wu.json"));
        assertEquals(Digests.canonical(wu.toJson()), plan.binding().workUnitDigest());
        assertEquals(wu.id(), plan.binding().workUnitId());
        assertEquals(wu.version(), plan.binding().workUnitVersion());
        assertEquals(wu.sourceRevision().orElseThrow(), plan.binding().sourceRevision());
        assertEquals(wu.requiredValidatorIds(), plan.requiredValidatorIds());
        assertTrue(r.out().contains(plan.canonicalDigest().toString()), r.out());
        return plan;
    }

    private CliRun planTo(String output, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("plan", "new", "--work-unit", "wu.json", "--version", "0.3",
                "--added", "x", "--output", output));
        a.addAll(List.of(more));
        return run(a.toArray(String[]::new));
    }

    @Test
    void theWorkUnitIsNeverReplacedByThePlan() throws Exception {
        byte[] before = Files.readAllBytes(dir.resolve("wu.json"));
        Files.createSymbolicLink(dir.resolve("link.json"), dir.resolve("wu.json"));
        for (String output : List.of("wu.json", "./wu.json", "link.json")) {
            CliRun r = planTo(output, "--force");
            assertEquals(ExitCode.UNDECIDED, r.code(), output);
            assertEquals("patchverdict: " + output + ": is also the command's input (--work-unit); write elsewhere\n", r.err());
            assertArrayEquals(before, Files.readAllBytes(dir.resolve("wu.json")));
        }
    }

    @Test
    void anExistingOutputIsReplacedOnlyWithForceAndKeepsItsMode() throws Exception {
        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, "old");
        Files.setPosixFilePermissions(plan, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        CliRun r = planTo("plan.json");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertEquals("patchverdict: plan.json: exists; use --force to replace it\n", r.err());
        assertEquals("old", Files.readString(plan));
        written(planTo("plan.json", "--force"));
        assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(plan)));
    }

    @Test
    void version02ExactLines() throws Exception {
        EvaluatorPlan p = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.2", "--added",
                "    return (n + size - 1) // size", "--output", "plan.json"));
        assertEquals(List.of("    return (n + size - 1) // size"), ((ExactAddedLinesContract) p.contract()).requiredAddedLines());
        assertEquals("0.1.1", p.verifier().adapterVersion());
    }

    @Test
    void version03Substrings() throws Exception {
        EvaluatorPlan p = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "safe_call(",
                "--output", "plan.json", "--id", "custom/plan-id"));
        assertEquals(List.of("safe_call("), ((AddedSubstringsContract) p.contract()).requiredAddedSubstrings());
        assertEquals("custom/plan-id", p.id());
    }

    @Test
    void version04Transition() throws Exception {
        EvaluatorPlan p = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.4", "--added", "safe_call(",
                "--removed", "unsafe_call(", "--output", "plan.json"));
        AddedAndRemovedSubstringsContract c = (AddedAndRemovedSubstringsContract) p.contract();
        assertEquals(List.of("unsafe_call("), c.requiredRemovedSubstrings());
        assertEquals("0.3.0", p.verifier().adapterVersion());
    }

    @Test
    void optionsThatDoNotMakeAPlanAreUsageErrors() {
        CliRun removedOn03 = run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "a", "--removed", "b",
                "--output", "plan.json");
        assertEquals(ExitCode.USAGE, removedOn03.code());
        assertTrue(removedOn03.err().contains("need v0.4"), removedOn03.err());
        assertEquals(ExitCode.USAGE, run("plan", "new", "--work-unit", "wu.json", "--version", "0.4", "--added", "a",
                "--output", "plan.json").code());
        CliRun v05 = run("plan", "new", "--work-unit", "wu.json", "--version", "0.9", "--added", "a", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, v05.code());
        assertTrue(v05.err().contains("choose one of 0.2, 0.3, 0.4"), v05.err());
        assertEquals(ExitCode.USAGE, run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "a",
                "--log-type", "screen", "--output", "plan.json").code());
        assertFalse(Files.exists(dir.resolve("plan.json")));
    }

    @Test
    void aPlanTheSchemaWouldRefuseIsNotWritten() {
        // v0.3 substrings are single-line fragments
        CliRun r = run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "two\nlines", "--output", "plan.json");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("required_added_substrings items must not contain a line break"), r.err());
        // an id outside the record family's id pattern passes the model but not the schema
        CliRun badId = run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "a", "--id", "Plan X",
                "--output", "plan.json");
        assertEquals(ExitCode.UNDECIDED, badId.code());
        assertTrue(badId.err().contains("the plan would not be valid: /id"), badId.err());
        assertFalse(Files.exists(dir.resolve("plan.json")));
    }
}
