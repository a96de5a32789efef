// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a program of the sandbox can reach of the runner's own processes inside it: the helpers
 * that start it and report its status, and what they were started with.
 */
@Tag(TestGroups.BUBBLEWRAP)
class RunnerReachTest extends InATree {

    private RunRecord run(String... argv) throws Exception {
        return sandbox.run(new RunRequest(tree, ".", List.of(argv), PATH_ONLY, Duration.ofSeconds(20), LIMITS));
    }

    /**
     * bubblewrap's own process used to be the sandbox's first: its command line and environment,
     * readable by every program inside, named the runner's scratch folder on the host (and so the
     * host's temporary folder, with whatever user name it holds).
     */
    @Test
    @Tag(TestGroups.PYTHON3)
    void noHostPathIsVisibleInside() throws Exception {
        RunRecord r = python(
                "import os",
                "for pid in sorted(p for p in os.listdir('/proc') if p.isdigit()):",
                "    for what in ('cmdline', 'environ'):",
                "        try:",
                "            with open('/proc/%s/%s' % (pid, what), 'rb') as f:",
                "                print(pid, what, f.read().replace(b'\\0', b' ').decode('utf-8', 'replace'))",
                "        except OSError as e:",
                "            print(pid, what, e.strerror)",
                "print(open('/proc/self/mountinfo').read())");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        String seen = r.stdout().text();
        assertTrue(seen.contains("cmdline"), seen);
        Path host = scratch.toAbsolutePath();
        assertFalse(seen.contains(host.getFileName().toString()), "the host's scratch folder is named inside:\n" + seen);
    }

    /**
     * A program signalling every process it may: the status wrapper used to be one of them, and
     * the run ended without a status report. The wrapper is the sandbox's first process now, which
     * no process inside can kill or stop.
     */
    @Test
    void killingEveryProcessItMaySignalLeavesTheStatusReport() throws Exception {
        RunRecord r = run("sh", "-c", "kill -KILL -1; kill -STOP 1; kill -KILL 1; exit 3");
        assertEquals(new RunOutcome.Exited(3), r.outcome(), r.stderr().text());
    }

    /**
     * Orphans are reaped as bubblewrap's own first process reaped them: a zombie counts against
     * the process limit until it is, and a check leaving hundreds of short-lived orphans behind
     * must not run out of processes.
     */
    @Test
    void orphansAreReapedWhileTheProgramRuns() throws Exception {
        RunRecord r = run("sh", "-c", "i=0; while [ $i -lt 400 ]; do sh -c 'true & exit 0' || exit 7; i=$((i+1)); done;"
                + " echo done");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("done\n", r.stdout().text());
    }
}
