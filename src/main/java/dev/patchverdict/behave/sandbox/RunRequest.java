// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import com.google.re2j.Pattern;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One program to run in a sandbox over a tree. The argv is an array handed to exec as is,
 * never joined into a shell command; the environment is exactly {@code env}, nothing inherited.
 */
public record RunRequest(Path tree, String cwd, List<String> argv, Map<String, String> env, Duration timeout,
        SandboxLimits limits, Map<String, Path> inputs) {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    /** Where read-only inputs appear inside the sandbox: {@code /input/<name>}. */
    public static final String INPUT_MOUNT = "/input";

    public RunRequest(Path tree, String cwd, List<String> argv, Map<String, String> env, Duration timeout,
            SandboxLimits limits) {
        this(tree, cwd, argv, env, timeout, limits, Map.of());
    }

    public RunRequest {
        inputs = java.util.Collections.unmodifiableMap(new TreeMap<>(inputs));
        for (String name : inputs.keySet()) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("input name must be a plain file name: " + name);
            }
        }
        Objects.requireNonNull(tree, "tree");
        cwd = RelativePaths.requireRelative(cwd, "cwd");
        argv = List.copyOf(argv);
        if (argv.isEmpty() || argv.get(0).isEmpty()) {
            throw new IllegalArgumentException("argv needs a non-empty argv[0]");
        }
        env = java.util.Collections.unmodifiableMap(new TreeMap<>(env));
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        Objects.requireNonNull(limits, "limits");
    }
}
