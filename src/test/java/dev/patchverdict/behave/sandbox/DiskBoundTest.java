// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The disk a run can take is bounded by the kernel, not by a look at the names in the tree: files
 * without a name count, inodes are bounded, and what comes back to the host is at most the budget.
 */
class DiskBoundTest extends InATree {
    /** Files are at most 1 MiB each (RLIMIT_FSIZE), so filling the budget takes several. */
    private static final long BUDGET = 4L << 20;

    @BeforeEach
    void budgeted() {
        sandbox = BubblewrapSandbox.locate(HostTools.fromEnvironment(TestSandbox.hostEnv()), scratch,
                new HostLimits(256, 1L << 20, BUDGET));
    }

    private RunRecord run(String... program) throws Exception {
        return python(program);
    }

    /**
     * Writes 1 MiB chunks into {@code files} files made by {@code make}, keeps them open, and says after each write how
     * much it has written so far: the runner may end it over the budget before it ends on its own.
     */
    private static String[] filling(String make, int files) {
        return new String[] {
            "import os, sys, time",
            "held, written = [], 0",
            "for i in range(" + files + "):",
            "    try:",
            "        fd = " + make,
            "        held.append(fd)",
            "        written += os.write(fd, b'x' * (1 << 20))",
            "    except OSError as e:",
            "        pass",
            "    print(written, flush=True)",
            "time.sleep(1)",
        };
    }

    /** The run ended over the budget, seen {@code when}. */
    private static void overBudget(RunRecord r, String when) {
        RunOutcome.OverBudget over = assertInstanceOf(RunOutcome.OverBudget.class, r.outcome(), r.stderr().text());
        assertTrue(over.reason().contains(when), over.reason());
    }

    /** Every count the program printed before it ended (or was ended) is within the budget: the kernel refused the rest. */
    private static void assertWithinBudget(RunRecord r) {
        for (String line : r.stdout().text().strip().split("\n")) {
            if (!line.isEmpty()) {
                long written = Long.parseLong(line);
                assertTrue(written <= BUDGET, "the kernel refused writes past the budget: " + written + " bytes written");
            }
        }
    }

    @Test
    void filesWithoutANameCountAgainstTheBudget() throws Exception {
        // The attack that left 640 MiB on the host disk under a 32 MiB budget, scaled down: 40 MiB, O_TMPFILE.
        RunRecord r = run(filling("os.open('.', os.O_TMPFILE | os.O_RDWR, 0o600)", 40));
        overBudget(r, "while the program ran");
        assertWithinBudget(r);
    }

    @Test
    void filesUnlinkedWhileOpenCountAgainstTheBudget() throws Exception {
        RunRecord r = run(filling("os.open('f%d' % i, os.O_CREAT | os.O_RDWR, 0o600); os.unlink('f%d' % i)", 40));
        overBudget(r, "while the program ran");
        assertWithinBudget(r);
    }

    @Test
    void emptyFilesRunOutOfInodes() throws Exception {
        // Free in bytes, not in inodes: one per 4 KiB of the budget, 1,024 here.
        RunRecord r = run(
                "import os, time",
                "made = 0",
                "for i in range(5000):",
                "    try:",
                "        os.open('.', os.O_TMPFILE | os.O_RDWR, 0o600)",
                "        made += 1",
                "    except OSError:",
                "        break",
                "print(made, flush=True)",
                "time.sleep(1)");
        overBudget(r, "while the program ran");
        assertTrue(Integer.parseInt(r.stdout().text().strip()) < 1024, r.stdout().text());
    }

    @Test
    void tmpAndDevShmBoundTheirInodesToo() throws Exception {
        // memory_mb 16 gives a /tmp of 16 MiB and 4,096 inodes; /dev/shm here is 1 MiB, 256 inodes.
        RunRecord r = sandbox.run(new RunRequest(tree, ".", List.of("python3", "-c", String.join("\n",
                "import os",
                "for d in ('/tmp', '/dev/shm'):",
                "    made = 0",
                "    for i in range(6000):",
                "        try:",
                "            os.open(d, os.O_TMPFILE | os.O_RDWR, 0o600)",
                "            made += 1",
                "        except OSError:",
                "            break",
                "    print(d, made)")), PATH_ONLY, Duration.ofSeconds(30),
                new SandboxLimits(20, 10, 16, 1 << 16, 1 << 20)));
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        List<String> lines = r.stdout().text().lines().toList();
        assertTrue(Integer.parseInt(lines.get(0).split(" ")[1]) < 4096, lines.toString());
        assertTrue(Integer.parseInt(lines.get(1).split(" ")[1]) < 256, lines.toString());
    }

    private long hostBytes() throws Exception {
        try (Stream<Path> all = Files.walk(tree)) {
            long total = 0;
            for (Path p : (Iterable<Path>) all::iterator) {
                total += Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? Files.size(p) : 0;
            }
            return total;
        }
    }

    @Test
    void aFileLinkedManyTimesIsNotCopiedBackManyTimes() throws Exception {
        // 1 MiB on the tree's file system under 1,001 names: 1 GiB if each name were copied back.
        RunRecord r = run(
                "import os",
                "open('f', 'wb').write(b'x' * (1 << 20))",
                "for i in range(1000):",
                "    os.link('f', 'l%d' % i)");
        overBudget(r, "after the run");
        assertTrue(hostBytes() <= BUDGET, "at most the budget reaches the host: " + hostBytes());
    }

    @Test
    void aSparseFileCountsAtItsLength() throws Exception {
        // One block on the tree's file system, 1 MiB long, eight of them: 8 MiB if copied back.
        RunRecord r = run(
                "import os",
                "for i in range(8):",
                "    with open('s%d' % i, 'wb') as f:",
                "        f.truncate((1 << 20) - 1); f.write(b'x')");
        overBudget(r, "holds at least");
        assertEquals(0, hostBytes(), "nothing of it reaches the host");
    }
}
