// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.report.OutputFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the common commands once, in-process, on the calibration inputs built into the jar, so that the launcher
 * can record what a typical run loads and start later runs from that class-data archive. Not a user command: its
 * output goes nowhere, and it exits 0 only when every command gave the exit code it gives on these inputs.
 */
public final class Training {
    private static final String BASE = "/dev/patchverdict/calibration/patch-transition/";

    private Training() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("patchverdict-training");
        List<String> failures;
        try {
            failures = run(dir);
        } finally {
            OutputFiles.deleteScratch(dir);
        }
        for (String f : failures) {
            System.err.println("patchverdict training: " + f);
        }
        System.exit(failures.isEmpty() ? ExitCode.PASSED : ExitCode.UNDECIDED);
    }

    /** Runs the commands with inputs written under {@code dir}; returns one line per command that misbehaved. */
    static List<String> run(Path dir) throws IOException {
        Path candidate = Files.createDirectories(dir.resolve("candidate"));
        for (String f : List.of("changes.patch", "stdout.txt", "stderr.txt")) {
            copy("candidates/correct/" + f, candidate.resolve(f));
        }
        copy("candidates/correct.result-manifest.json", dir.resolve("result-manifest.json"));
        for (String f : List.of("work-unit.json", "plan-v0.4.json", "plan-v0.5.json")) {
            copy(f, dir.resolve(f));
        }
        String patch = candidate.resolve("changes.patch").toString();
        byte[] patchBytes = Files.readAllBytes(candidate.resolve("changes.patch"));
        List<String> failures = new ArrayList<>();
        expect(failures, dir, new byte[0], 0, "--help");
        expect(failures, dir, new byte[0], 0, "diff", "check", patch);
        expect(failures, dir, patchBytes, 0, "diff", "check", "-");
        expect(failures, dir, new byte[0], 0, "diff", "check", "--format", "jsonl", patch);
        expect(failures, dir, new byte[0], 0, "diff", "check", "--profile", "git", "--format", "json", patch);
        expect(failures, dir, new byte[0], 0, "diff", "check", "--format", "sarif", patch);
        expect(failures, dir, new byte[0], 0, "diff", "numstat", patch);
        expect(failures, dir, new byte[0], 0, "digest", "work-unit.json", "result-manifest.json");
        expect(failures, dir, new byte[0], 0, "digest", "--raw", patch);
        expect(failures, dir, new byte[0], 0, "validate", "work-unit.json", "result-manifest.json", "plan-v0.4.json",
                "plan-v0.5.json");
        for (String plan : List.of("plan-v0.4.json", "plan-v0.5.json")) {
            expect(failures, dir, new byte[0], 0, "verify", "--work-unit", "work-unit.json", "--result-manifest",
                    "result-manifest.json", "--candidate-root", "candidate", "--evaluator-plan", plan);
        }
        return failures;
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = Training.class.getResourceAsStream(BASE + resource)) {
            if (in == null) {
                throw new IOException("resource " + BASE + resource + " is not in the jar");
            }
            Files.copy(in, to);
        }
    }

    private static void expect(List<String> failures, Path dir, byte[] stdin, int code, String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        CliContext ctx = new CliContext(new ByteArrayInputStream(stdin), nowhere, nowhere, Clock.systemUTC(), Map.of(),
                dir, false);
        int rc = Main.run(ctx, args);
        if (rc != code) {
            failures.add(String.join(" ", args) + ": exit " + rc + ", expected " + code);
        }
    }

}
