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

/** verify --output and calibrate --output never replace an input, and replace other files only with --force. */
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
}
