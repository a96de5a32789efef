// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code git apply} on bytes given on its standard input, for tests that compare the reader with git. Run in a
 * folder outside any repository (as the corpus's readings were made) with no system or user configuration,
 * so nothing but the patch decides what git prints.
 */
public final class GitApply {
    /** What git printed and its exit code. */
    public record Result(int rc, byte[] stdout, String stderr) {
        public String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private GitApply() {}

    public static boolean available() {
        return TestGroups.missing(TestGroups.GIT).isEmpty();
    }

    public static Result numstat(byte[] patch) throws IOException, InterruptedException {
        return inEmptyFolder(patch, "--numstat");
    }

    /** {@code git apply --numstat --summary}: the numstat lines, then the summary lines. */
    public static Result numstatSummary(byte[] patch) throws IOException, InterruptedException {
        return inEmptyFolder(patch, "--numstat", "--summary");
    }

    /** {@code git apply OPTIONS} in an empty scratch folder that is removed afterwards. */
    public static Result inEmptyFolder(byte[] patch, String... options) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("pv-git-apply");
        try {
            return in(dir, patch, options);
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    /**
     * {@code git apply OPTIONS} with {@code dir} as its working folder (outside any repository: git then changes
     * the files there directly, as {@code patch} would).
     */
    public static Result in(Path dir, byte[] patch, String... options) throws IOException, InterruptedException {
        TestGroups.require(TestGroups.GIT);
        List<String> command = new ArrayList<>(List.of("git", "apply"));
        command.addAll(List.of(options));
        Path err = Files.createTempFile("pv-git", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
            pb.environment().put("GIT_CEILING_DIRECTORIES", dir.toAbsolutePath().getParent().toString());
            pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
            pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
            pb.environment().put("LC_ALL", "C");
            pb.redirectError(err.toFile());
            Process p = pb.start();
            // Feed from another thread while reading here: a large patch would otherwise fill a pipe and stall both.
            Thread feeder = new Thread(() -> {
                try (OutputStream in = p.getOutputStream()) {
                    in.write(patch);
                } catch (IOException e) {
                    // git may stop reading a refused patch early; its exit code says so
                }
            }, "git-apply-stdin");
            feeder.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git apply did not finish");
            }
            feeder.join();
            // Lenient decoding: git echoes the patch's own bytes in its messages.
            return new Result(p.exitValue(), out, new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
