// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code git apply --numstat} on bytes given on its standard input, run in an empty folder outside any
 * repository (as the corpus's readings were made), for tests that check a patch the tool wrote.
 */
public final class GitApply {
    /** What git printed and its exit code. */
    public record Result(int rc, byte[] stdout, String stderr) {}

    private GitApply() {}

    public static boolean available() {
        return TestGroups.missing(TestGroups.GIT).isEmpty();
    }

    public static Result numstat(byte[] patch) throws IOException, InterruptedException {
        TestGroups.require(TestGroups.GIT);
        Path dir = Files.createTempDirectory("pv-git-apply");
        Path err = Files.createTempFile("pv-git", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder("git", "apply", "--numstat").directory(dir.toFile());
            pb.environment().put("GIT_CEILING_DIRECTORIES", dir.getParent().toString());
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
            return new Result(p.exitValue(), out, Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(err);
            Files.deleteIfExists(dir);
        }
    }
}
