package dev.patchverdict.behave.sandbox;

/**
 * Limits the runner sets for every sandboxed run that no plan can choose: the number of
 * processes (RLIMIT_NPROC), the size of the sandbox's {@code /dev/shm}, and the total bytes the
 * tree may hold after a run.
 */
public record HostLimits(int processes, long shmBytes, long treeBytes) {
    public static final HostLimits DEFAULT = new HostLimits(256, 64L << 20, 1L << 30);

    public HostLimits {
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
