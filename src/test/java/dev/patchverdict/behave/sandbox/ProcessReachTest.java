// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import static dev.patchverdict.behave.sandbox.TestSandbox.LIMITS;
import static dev.patchverdict.behave.sandbox.TestSandbox.PATH_ONLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What one process of the sandbox can reach of another: of the runner's own helpers, of the
 * run's output, and of the check that started it.
 */
@Tag(TestGroups.BUBBLEWRAP)
class ProcessReachTest extends InATree {

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
     * A candidate its check runs with its output thrown away writes into the check's own through
     * {@code /proc/PID/fd}: every process of the sandbox runs as one uid, and for a runner that is
     * not root the run's output pipes are that uid's too (a root runner's are root's). A line it
     * adds can be the last {@code WITNESS:} line. No process of the sandbox can reopen the run's
     * output now, whatever user the runner is.
     */
    @Test
    @Tag(TestGroups.PYTHON3)
    void noProcessOfTheSandboxCanReopenTheRunsOutput() throws Exception {
        String candidate = String.join("\n",
                "import os",
                "for pid in os.listdir('/proc'):",
                "    if pid.isdigit() and int(pid) != os.getpid():",
                "        try:",
                "            fds = os.listdir('/proc/%s/fd' % pid)",
                "        except OSError:",
                "            continue",
                "        for fd in fds:",
                "            try:",
                "                if os.readlink('/proc/%s/fd/%s' % (pid, fd)).startswith(('pipe:', 'socket:')):",
                "                    with open('/proc/%s/fd/%s' % (pid, fd), 'w') as f:",
                "                        f.write('WITNESS: {\"data\": {\"forged\": %s}}\\n' % pid)",
                "            except OSError:",
                "                pass");
        List<String> argv = List.of("sh", "-c", "python3 -c \"$0\" >/dev/null 2>&1; echo checked", candidate);
        String[] printed;
        if (BubblewrapSandbox.effectiveUid().orElseThrow() != 0) {
            RunRecord r = run(argv.toArray(String[]::new));
            printed = new String[] {r.outcome().toString(), r.stdout().text(), r.stderr().text()};
        } else {
            // As a user of its own, in a JVM of its own: the runner that is not root.
            SandboxUser u = SandboxUser.fresh(new java.security.SecureRandom(), HostIds.inUse());
            Path own = Files.createDirectory(TestSandbox.passable(scratch).resolve("runner"));
            Files.setAttribute(own, "unix:uid", u.uid());
            Files.setAttribute(own, "unix:gid", u.gid());
            List<String> args = new ArrayList<>(List.of(own.toString()));
            args.addAll(argv);
            List<String> lines = CleanupAs.as(u, Files.createDirectory(scratch.resolve("java")), RunAs.class, args,
                    org.apache.commons.codec.digest.DigestUtils.class, com.google.re2j.Pattern.class).lines().toList();
            printed = lines.subList(lines.size() - 3, lines.size()).stream().map(ProcessReachTest::fromBase64)
                    .toArray(String[]::new);
            printed[0] = lines.get(lines.size() - 3);
        }
        assertEquals(new RunOutcome.Exited(0).toString(), printed[0], printed[2]);
        assertEquals("checked\n", printed[1], "nothing but what the check printed");
        assertFalse(printed[2].contains("forged"), printed[2]);
    }

    /**
     * The price of the above, the same for every runner: the run's output cannot be opened by
     * name either, not even by the program it belongs to ({@code >/dev/stderr}); a root runner's
     * pipes refused it before too (EACCES). Descriptors 1 and 2 are written as always.
     */
    @Test
    void theRunsOutputIsWrittenThroughItsDescriptorsOnly() throws Exception {
        RunRecord r = run("sh", "-c", "echo out; echo err >&2; if echo x > /dev/stdout; then exit 9; fi; exit 0");
        assertEquals(new RunOutcome.Exited(0), r.outcome(), r.stderr().text());
        assertEquals("out\n", r.stdout().text());
        assertTrue(r.stderr().text().startsWith("err\n"), r.stderr().text());
        assertTrue(r.stderr().text().contains("No such device or address"), r.stderr().text());
    }

    private static String fromBase64(String s) {
        try {
            return new String(java.util.Base64.getDecoder().decode(s), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** Tries every look into its parent, the check; prints what it saw or why not, one a line. */
    private static final String LOOK_INTO_PARENT = String.join("\n",
            "import os",
            "p = os.getppid()",
            "for what in ('mem', 'environ', 'maps', 'fd', 'cmdline'):",
            "    try:",
            "        path = '/proc/%d/%s' % (p, what)",
            "        if what == 'fd':",
            "            os.listdir(path)",
            "        elif what == 'mem':",
            "            with open(path, 'rb') as f:",
            "                f.seek(int(open('/proc/%d/maps' % p).readline().split('-')[0], 16))",
            "                assert len(f.read(16)) == 16",
            "        else:",
            "            with open(path, 'rb') as f:",
            "                f.read(1)",
            "        print(what, 'read')",
            "    except OSError as e:",
            "        print(what, e.strerror)");

    /**
     * Gap (a), which the runner cannot close (docs/behave.md says why): the code a check starts
     * runs as the check's uid and can read its memory, environment and descriptors. A check can
     * close it for itself by making itself non-dumpable first; its command line stays readable.
     */
    @Test
    @Tag(TestGroups.PYTHON3)
    void aCheckThatMakesItselfNonDumpableCannotBeReadByTheCodeItRuns() throws Exception {
        String check = String.join("\n",
                "import ctypes, subprocess, sys",
                "if sys.argv[1] == 'guarded':",
                "    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)",
                "r = subprocess.run(['python3', '-c', sys.argv[2]], capture_output=True, text=True)",
                "print(r.stdout + r.stderr, end='')");
        RunRecord open = run("python3", "-c", check, "open", LOOK_INTO_PARENT);
        assertEquals(new RunOutcome.Exited(0), open.outcome(), open.stderr().text());
        assertEquals("mem read\nenviron read\nmaps read\nfd read\ncmdline read\n", open.stdout().text(),
                "a check that does nothing can be read");
        RunRecord guarded = run("python3", "-c", check, "guarded", LOOK_INTO_PARENT);
        assertEquals(new RunOutcome.Exited(0), guarded.outcome(), guarded.stderr().text());
        assertEquals("mem Permission denied\nenviron Permission denied\nmaps Permission denied\n"
                + "fd Permission denied\ncmdline read\n", guarded.stdout().text());
    }

    /**
     * The code a check starts can signal the check (its uid's), which non-dumpability does not
     * stop: killed, the check reaches no outcome, and a check that turns a signal into exit 0
     * passes. A check that starts the code in a Landlock domain of its own, scoped for signals
     * (Linux 6.12), is out of its reach on both counts: Landlock refuses a process of a domain
     * any signal to, and any look into, a process outside it. The sandbox's filter lets
     * Landlock's calls through for this.
     */
    @Test
    @Tag(TestGroups.PYTHON3)
    void aCheckThatStartsTheCodeInALandlockDomainCanBeNeitherSignalledNorReadByIt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(landlockAbi() >= 6, "Landlock with signal scoping (Linux 6.12)");
        String check = String.join("\n",
                "import ctypes, os, subprocess, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "def confine():",
                "    scoped = (ctypes.c_uint64 * 3)(0, 0, 2)",  // handled fs, handled net, LANDLOCK_SCOPE_SIGNAL
                "    fd = libc.syscall(444, scoped, 24, 0)",
                "    if fd < 0 or libc.prctl(38, 1, 0, 0, 0) != 0 or libc.syscall(446, fd, 0) != 0:",
                "        os._exit(90)",
                "    os.close(fd)",
                "r = subprocess.run(['python3', '-c', sys.argv[2]], capture_output=True, text=True,",
                "                   preexec_fn=confine if sys.argv[1] == 'confined' else None)",
                "print(r.stdout + r.stderr, end='')");
        String code = LOOK_INTO_PARENT + String.join("\n", "",
                "import fcntl, signal, time",
                "r, w = os.pipe()",  // SIGKILL as the signal for I/O on a descriptor the check owns
                "fcntl.fcntl(r, fcntl.F_SETOWN, p)",
                "fcntl.fcntl(r, 10, signal.SIGKILL)",
                "fcntl.fcntl(r, fcntl.F_SETFL, os.O_ASYNC)",
                "os.write(w, b'x')",
                "time.sleep(0.2)",
                "print('sigio sent')",
                "try:",
                "    os.close(os.open('/proc/%d/fd/0' % p, os.O_RDONLY))",
                "    print('fd/0 opened')",
                "except OSError as e:",
                "    print('fd/0', e.strerror)",
                "try:",
                "    os.kill(p, signal.SIGKILL)",
                "    print('kill sent')",
                "except OSError as e:",
                "    print('kill', e.strerror)");
        RunRecord open = run("python3", "-c", check, "open", code);
        assertEquals(new RunOutcome.Signalled(9), open.outcome(), open.stdout().text() + open.stderr().text());
        RunRecord confined = run("python3", "-c", check, "confined", code);
        assertEquals(new RunOutcome.Exited(0), confined.outcome(), confined.stderr().text());
        assertEquals("mem Permission denied\nenviron Permission denied\nmaps Permission denied\n"
                + "fd read\ncmdline read\nsigio sent\nfd/0 Permission denied\nkill Operation not permitted\n",
                confined.stdout().text(), "the descriptors' numbers stay readable, not what they are");
    }

    /** The Landlock ABI of this kernel, 0 where it has none or python3 cannot say. */
    private static int landlockAbi() throws Exception {
        Process p = new ProcessBuilder("python3", "-c", "import ctypes; print(max(0, ctypes.CDLL(None).syscall(444, None, 0, 1)))")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        return p.waitFor() == 0 && HostIds.decimal(out, 3) ? Integer.parseInt(out) : 0;
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
