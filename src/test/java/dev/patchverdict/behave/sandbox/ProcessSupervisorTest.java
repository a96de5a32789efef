// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessSupervisorTest {
    @TempDir
    Path cwd;

    @Test
    void aLookThatNeverReturnsDoesNotHoldUpTheTimeout() {
        // As a look blocks when the program swaps a FIFO in for a folder just as it is opened.
        ProcessSupervisor.Finished f = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ProcessSupervisor.run(List.of("/bin/sleep", "30"), cwd, Map.of(), Duration.ofSeconds(1), 4096,
                        expired -> {
                            // Ignores interrupts, as open(2) does, without spinning once interrupted:
                            // the thread outlives the test and must not take a core from the rest.
                            java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
                            for (;;) {
                                try {
                                    never.await();
                                } catch (InterruptedException ignored) {
                                    // The interrupt is cleared; wait again.
                                }
                            }
                        }));
        assertTrue(f.timedOut(), "ended by the timeout");
        assertEquals(Optional.empty(), f.stoppedBecause());
        assertTrue(f.duration().compareTo(Duration.ofSeconds(10)) < 0, f.duration().toString());
    }

    @Test
    void aWatchThatFailsStopsTheRunWithAReason() throws Exception {
        ProcessSupervisor.Finished f = ProcessSupervisor.run(List.of("/bin/sleep", "30"), cwd, Map.of(),
                Duration.ofSeconds(20), 4096, expired -> {
                    throw new IllegalStateException("broken look");
                });
        assertTrue(f.timedOut(), "the runner ended it");
        assertTrue(f.stoppedBecause().orElseThrow().contains("broken look"), f.stoppedBecause().toString());
    }
}
