// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessSupervisorTest {
    @TempDir
    Path cwd;

    @Test
    void theTimeoutEndsTheProcessPromptly() throws Exception {
        ProcessSupervisor.Finished f = ProcessSupervisor.run(List.of("/bin/sleep", "30"), cwd, Map.of(),
                Duration.ofSeconds(1), 4096);
        assertTrue(f.timedOut(), "ended by the timeout");
        assertTrue(f.duration().compareTo(Duration.ofSeconds(10)) < 0, f.duration().toString());
    }
}
