// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify, calibrate, review and hackability never replace an input, nor write into a folder they read, and replace other
 * files only with --force.
 */
class OutputGuardTest {
    @TempDir
    Path tmp;

    private static final String DIR = VerifyCommandTest.DIR;

    private CliRun verifyTo(Path plan, Path output, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("verify", "--work-unit", DIR + "work-unit.json",
                "--result-manifest", DIR + "candidates/correct.result-manifest.json", "--candidate-root", DIR + "candidates/correct",
                "--evaluator-plan", plan.toString(), "--output", output.toString()));
        a.addAll(List.of(more));
        return CliRun.in(VerifyCommandTest.ROOT, VerifyCommandTest.FIXED, new byte[0], a.toArray(String[]::new));
    }

    @Test
    void verifyNeverWritesOverItsPlan() throws Exception {
        Path plan = tmp.resolve("plan.json");
        Files.copy(Path.of(DIR + "plan-v0.5.json"), plan);
        byte[] before = Files.readAllBytes(plan);
        CliRun r = verifyTo(plan, plan, "--force");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.err());
        assertEquals("patchverdict: " + plan + ": is also the command's input (--evaluator-plan); write elsewhere\n", r.err());
        assertArrayEquals(before, Files.readAllBytes(plan));
    }

    @Test
    void verifyReplacesAnExistingResultOnlyWithForce() throws Exception {
        Path plan = tmp.resolve("plan.json");
        Files.copy(Path.of(DIR + "plan-v0.5.json"), plan);
        Path out = tmp.resolve("result.json");
        Files.writeString(out, "old");
        CliRun r = verifyTo(plan, out);
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().endsWith("result.json: exists; use --force to replace it\n"), r.err());
        assertEquals("old", Files.readString(out));
        assertEquals(0, verifyTo(plan, out, "--force").code());
    }

    @Test
    void calibrateNeverWritesOverItsMatrix() throws Exception {
        Path matrix = tmp.resolve("matrix.json");
        Files.copy(Path.of(DIR + "matrix.json"), matrix);
        byte[] before = Files.readAllBytes(matrix);
        CliRun r = CliRun.in(tmp, "calibrate", "--matrix", "matrix.json", "--output", "./matrix.json", "--force");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.err());
        assertEquals("patchverdict: ./matrix.json: is also the command's input (--matrix); write elsewhere\n", r.err());
        assertArrayEquals(before, Files.readAllBytes(matrix));
    }

    @Test
    void reviewNeverWritesIntoTheFolderItWalks() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("dir"));
        byte[] patch = Files.readAllBytes(Path.of(DIR + "correct.patch"));
        Files.write(dir.resolve("x.patch"), patch);
        CliRun r = CliRun.in(tmp, "review", "--force", "--output", "dir/x.patch", "dir");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.err());
        assertEquals("patchverdict: dir/x.patch: is inside the folder the command reads (dir); write elsewhere\n", r.err());
        assertArrayEquals(patch, Files.readAllBytes(dir.resolve("x.patch")));
        CliRun fresh = CliRun.in(tmp, "review", "--output", "dir/report.txt", "dir");
        assertEquals(ExitCode.UNDECIDED, fresh.code(), fresh.err());
        assertTrue(Files.notExists(dir.resolve("report.txt")));
        assertEquals(0, CliRun.in(tmp, "review", "--output", "report.txt", "dir").code());
    }

    private CliRun hackability(Path plan, String output, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("hackability", "--evaluator-plan", plan.toString(), "--work-unit",
                VerifyCommandTest.ROOT.resolve(DIR + "work-unit.json").toString(), "--output", output));
        a.addAll(List.of(more));
        return CliRun.in(tmp, a.toArray(String[]::new));
    }

    @Test
    void hackabilityNeverWritesOverItsPlanAndReplacesOnlyWithForce() throws Exception {
        Path plan = tmp.resolve("plan.json");
        Files.copy(Path.of(DIR + "plan-v0.5.json"), plan);
        byte[] before = Files.readAllBytes(plan);
        CliRun r = hackability(plan, "plan.json", "--force");
        assertEquals(ExitCode.UNDECIDED, r.code(), r.err());
        assertEquals("patchverdict: plan.json: is also the command's input (--evaluator-plan); write elsewhere\n", r.err());
        assertArrayEquals(before, Files.readAllBytes(plan));
        Files.writeString(tmp.resolve("report.json"), "old");
        CliRun exists = hackability(plan, "report.json");
        assertEquals(ExitCode.UNDECIDED, exists.code(), exists.err());
        assertEquals("patchverdict: report.json: exists; use --force to replace it\n", exists.err());
        assertEquals("old", Files.readString(tmp.resolve("report.json")));
    }

    /** A plan the validator refuses is no plan to audit: exit 2 with the validator's words, not "0 of 0 decoys supported". */
    @Test
    void hackabilityValidatesItsPlan() throws Exception {
        Path plan = tmp.resolve("plan.json");
        Files.writeString(plan, "{\"schema_version\":\"0.5\"}");
        CliRun r = CliRun.in(tmp, "hackability", "--evaluator-plan", "plan.json", "--work-unit",
                VerifyCommandTest.ROOT.resolve(DIR + "work-unit.json").toString());
        assertEquals(ExitCode.UNDECIDED, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("patchverdict: " + plan + ": "), r.err());
        assertTrue(r.err().contains("not a WorkUnit, ResultManifest, EvaluatorPlan or VerificationResult"), r.err());
        assertEquals("", r.out());
    }
}
