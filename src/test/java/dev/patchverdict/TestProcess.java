// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One program run to its end by a test, in a folder, with extra environment, nothing on its standard input. */
public record TestProcess(int code, String out, String err) {
    /** Runs {@code argv} in {@code dir}; its output goes through files under {@code scratch}. */
    public static TestProcess run(Path scratch, Path dir, Map<String, String> env, int seconds, String... argv)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish in " + seconds + " s: " + List.of(argv));
        }
        return new TestProcess(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
