// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import dev.patchverdict.behave.sandbox.Durations;
import dev.patchverdict.behave.sandbox.RelativePaths;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** A program to run in the sandbox: argv as an array, a tree-relative cwd, an explicit environment. */
public record Command(List<String> argv, String cwd, Map<String, String> env, OptionalDouble timeoutSeconds) {
    public Command {
        argv = List.copyOf(argv);
        if (argv.isEmpty() || argv.get(0).isEmpty()) {
            throw new IllegalArgumentException("argv needs a non-empty argv[0]");
        }
        cwd = RelativePaths.requireRelative(cwd, "cwd");
        env = java.util.Collections.unmodifiableMap(new TreeMap<>(env));
        if (timeoutSeconds.isPresent() && !(timeoutSeconds.getAsDouble() > 0)) {
            throw new IllegalArgumentException("timeout_seconds must be positive");
        }
    }

    /** The check's own timeout, never longer than the sandbox's wall limit. */
    public Duration timeout(SandboxLimits limits) {
        double s = Math.min(timeoutSeconds.orElse(limits.wallSeconds()), limits.wallSeconds());
        return Durations.ofSeconds(s);
    }

    public RunRequest request(java.nio.file.Path tree, SandboxLimits limits) {
        return new RunRequest(tree, cwd, argv, env, timeout(limits), limits);
    }
}
