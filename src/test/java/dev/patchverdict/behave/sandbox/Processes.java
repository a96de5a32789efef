// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds processes by a marker in their command line, after giving the kernel time to reap. */
public final class Processes {
    private Processes() {}

    public static Optional<ProcessHandle> withMarker(String marker) throws InterruptedException {
        Optional<ProcessHandle> p = Optional.empty();
        for (int i = 0; i < 50; i++) {
            p = ProcessHandle.allProcesses().filter(h -> cmdline(h).contains(marker)).findAny();
            if (p.isEmpty()) {
                return p;
            }
            Thread.sleep(100);
        }
        return p;
    }

    /** A process with the marker in its command line, now. */
    public static Optional<ProcessHandle> running(String marker) {
        return ProcessHandle.allProcesses().filter(h -> cmdline(h).contains(marker)).findAny();
    }

    private static String cmdline(ProcessHandle h) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(h.pid()), "cmdline")),
                    StandardCharsets.UTF_8);
        } catch (Exception e) {
            return "";
        }
    }
}
