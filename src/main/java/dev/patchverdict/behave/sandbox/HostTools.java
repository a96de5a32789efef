// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.Split;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the host programs the runner needs on the injected {@code PATH} (never the process's
 * own environment). With no {@code PATH} the conventional system directories are searched.
 */
public final class HostTools {
    static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private final String path;

    private HostTools(String path) {
        this.path = path;
    }

    public static HostTools fromEnvironment(Map<String, String> env) {
        String p = env.get("PATH");
        return new HostTools(p == null || p.isBlank() ? DEFAULT_PATH : p);
    }

    public String searchPath() {
        return path;
    }

    /** The first executable called {@code name} on the search path. */
    public Optional<Path> find(String name) {
        for (String dir : Split.on(path, ':')) {
            if (dir.isEmpty() || !dir.startsWith("/")) {
                continue; // a relative PATH entry would depend on the working directory
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
