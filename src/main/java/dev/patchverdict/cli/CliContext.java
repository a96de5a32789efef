// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a command may take from the outside world, injected so tests can call
 * {@link Main#run} with their own streams, clock, environment and working directory.
 */
public record CliContext(
        InputStream in,
        PrintStream out,
        PrintStream err,
        Clock clock,
        Map<String, String> env,
        Path workingDirectory,
        boolean errIsTerminal,
        boolean outIsTerminal) {

    public CliContext {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        err = EscapedErr.wrap(Objects.requireNonNull(err, "err"));
        Objects.requireNonNull(clock, "clock");
        env = Map.copyOf(env);
        workingDirectory = workingDirectory.toAbsolutePath().normalize();
    }

    /** Standard output is no terminal. */
    public CliContext(InputStream in, PrintStream out, PrintStream err, Clock clock, Map<String, String> env,
            Path workingDirectory, boolean errIsTerminal) {
        this(in, out, err, clock, env, workingDirectory, errIsTerminal, false);
    }

    /** Resolves a user-given path against the working directory. */
    public Path resolve(String path) {
        return workingDirectory.resolve(path).normalize();
    }
}
