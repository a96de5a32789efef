// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.util.Optional;

/**
 * Limits the runner sets for every sandboxed run that no plan can choose: the number of
 * processes (RLIMIT_NPROC), the size of the sandbox's {@code /dev/shm}, and the total bytes the
 * tree may hold after a run; and the host user a root runner becomes so that the kernel enforces
 * the process limit and file permissions at all: a fixed one, or (empty, the default) a fresh
 * user no other host process has, chosen for each sandbox.
 */
public record HostLimits(int processes, long shmBytes, long treeBytes, Optional<SandboxUser> user) {
    public static final HostLimits DEFAULT = new HostLimits(256, 64L << 20, 1L << 30);

    public HostLimits(int processes, long shmBytes, long treeBytes) {
        this(processes, shmBytes, treeBytes, Optional.empty());
    }

    public HostLimits(int processes, long shmBytes, long treeBytes, SandboxUser user) {
        this(processes, shmBytes, treeBytes, Optional.of(user));
    }

    public HostLimits {
        java.util.Objects.requireNonNull(user, "user");
        if (processes < 8) {
            throw new IllegalArgumentException("the process limit must be at least 8: " + processes);
        }
        if (shmBytes < 4096) {
            throw new IllegalArgumentException("the /dev/shm size must be at least 4096 bytes: " + shmBytes);
        }
        if (treeBytes < 4096) {
            throw new IllegalArgumentException("the tree budget must be at least 4096 bytes: " + treeBytes);
        }
    }
}
