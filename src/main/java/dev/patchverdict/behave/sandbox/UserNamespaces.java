// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether an unprivileged user may create user namespaces, as far as the kernel's switches say;
 * the sandbox's own probe run is the final word.
 */
final class UserNamespaces {
    private UserNamespaces() {}

    static Optional<String> unavailableReason() {
        return unavailableReason(Path.of("/proc/sys"));
    }

    /** {@code sys} is where the kernel's switches are, normally {@code /proc/sys}. */
    static Optional<String> unavailableReason(Path sys) {
        if (read(sys.resolve("kernel/unprivileged_userns_clone")).equals("0")) {
            return Optional.of("unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone = 0),"
                    + " so the sandbox cannot run as an unprivileged user; it never runs checks as root");
        }
        if (read(sys.resolve("user/max_user_namespaces")).equals("0")) {
            return Optional.of("user namespaces are disabled (user.max_user_namespaces = 0), so the sandbox cannot"
                    + " run as an unprivileged user; it never runs checks as root");
        }
        return Optional.empty();
    }

    /** The switch's value, or empty when this kernel has no such switch. */
    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
