// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.time.Duration;

/**
 * The plan's sandbox limits. Wall seconds bound each run (a check's own timeout can only be
 * shorter); CPU seconds, address space and file size are kernel resource limits on every process
 * in the sandbox; output bytes cap each captured stream.
 */
public record SandboxLimits(double wallSeconds, int cpuSeconds, int memoryMb, long outputBytes, long fileSizeBytes) {
    public static final double MAX_WALL_SECONDS = 3600;
    public static final long MAX_OUTPUT_BYTES = 64L << 20;

    public SandboxLimits {
        if (!(wallSeconds > 0) || wallSeconds > MAX_WALL_SECONDS) {
            throw new IllegalArgumentException("wall_seconds must be in (0, 3600]: " + wallSeconds);
        }
        if (cpuSeconds < 1 || cpuSeconds > 3600) {
            throw new IllegalArgumentException("cpu_seconds must be in [1, 3600]: " + cpuSeconds);
        }
        if (memoryMb < 16 || memoryMb > 65536) {
            throw new IllegalArgumentException("memory_mb must be in [16, 65536]: " + memoryMb);
        }
        if (outputBytes < 1 || outputBytes > MAX_OUTPUT_BYTES) {
            throw new IllegalArgumentException("output_bytes must be in [1, 64 MiB]: " + outputBytes);
        }
        if (fileSizeBytes < 1) {
            throw new IllegalArgumentException("file_size_bytes must be positive: " + fileSizeBytes);
        }
    }

    public Duration wall() {
        return Durations.ofSeconds(wallSeconds);
    }

    public long memoryBytes() {
        return (long) memoryMb << 20;
    }
}
