// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts one process and watches it: stdout and stderr drained concurrently (so a chatty program
 * never blocks on a full pipe) and capped, a wall-clock timeout enforced here, and on expiry the
 * process and every descendant killed. This is the one place that starts processes, so it is
 * also where the runner, being stopped, kills every process it started and starts no more.
 */
final class ProcessSupervisor {
    /** How long to wait for the output pipes to close once the process has ended. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    /** A finished process. {@code exitCode} is empty when the timeout killed it. */
    record Finished(OptionalInt exitCode, CapturedOutput stdout, CapturedOutput stderr, Duration duration) {
        /** Ended by the runner's timeout. */
        boolean timedOut() {
            return exitCode.isEmpty();
        }
    }

    /** How long the processes of a killed tree get to be gone before the run is reported anyway. */
    private static final Duration REAP_GRACE = Duration.ofSeconds(5);

    /** Every process started and not yet seen to end; guarded by itself. */
    private static final Set<Process> LIVE = new HashSet<>();
    /** Set once the runner is being stopped; then nothing starts or returns any more. */
    private static boolean stopping;

    private ProcessSupervisor() {}

    static Finished run(List<String> command, Path cwd, Map<String, String> env, Duration timeout, long capPerStream)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        // Nothing is read from the runner's own stdin.
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        long start = System.nanoTime();
        Process process;
        synchronized (LIVE) {
            process = stopping ? null : pb.start();
            if (process != null) {
                LIVE.add(process);
            }
        }
        if (process == null) {
            holdUntilTheEnd();
        }
        try {
            StreamDrainer out = StreamDrainer.start(process.getInputStream(), capPerStream, "stdout");
            StreamDrainer err = StreamDrainer.start(process.getErrorStream(), capPerStream, "stderr");
            boolean exited;
            try {
                exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                killTree(process);
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + command.get(0), e);
            }
            if (!exited) {
                killTree(process);
            }
            int code = waitUninterruptibly(process);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            CapturedOutput stdout = finish(out, process.getInputStream());
            CapturedOutput stderr = finish(err, process.getErrorStream());
            return new Finished(exited ? OptionalInt.of(code) : OptionalInt.empty(), stdout, stderr, elapsed);
        } finally {
            boolean stopped;
            synchronized (LIVE) {
                LIVE.remove(process);
                stopped = stopping;
            }
            if (stopped) {
                // Killed by the stop, not by the program or its timeout: what it did is no outcome.
                holdUntilTheEnd();
            }
        }
    }

    /**
     * Stops the runner: from now on no process starts, and a caller waiting for one is held
     * (the process is ending); every process started, with all its descendants, is killed, and
     * this returns once they are gone (or after a few seconds), so what they wrote can be removed.
     */
    static void stopAll() {
        List<Process> all;
        synchronized (LIVE) {
            stopping = true;
            all = new ArrayList<>(LIVE);
        }
        for (Process p : all) {
            killTree(p);
        }
    }

    /** Never returns: the caller's work is being stopped with the whole process. */
    private static void holdUntilTheEnd() {
        while (true) {
            LockSupport.park(ProcessSupervisor.class);
            Thread.interrupted();
        }
    }

    /**
     * Kills the process and everything below it. For a sandbox, killing bubblewrap is what ends
     * the PID namespace (its init dies with its parent and takes every member with it, even
     * double-forked ones); the descendants are killed too in case the namespace is not there.
     */
    private static void killTree(Process process) {
        List<ProcessHandle> all = process.descendants().toList();
        all.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        // Bubblewrap is reaped before the namespace's last members are: waiting for every one of
        // them (its init goes last, once the rest are gone) means nothing of the run can still
        // change the tree when the runner measures or deletes it.
        long until = System.nanoTime() + REAP_GRACE.toNanos();
        List<ProcessHandle> waitFor = new ArrayList<>(all);
        waitFor.add(process.toHandle());
        for (ProcessHandle h : waitFor) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    private static int waitUninterruptibly(Process process) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return process.waitFor();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static CapturedOutput finish(StreamDrainer drainer, InputStream stream) {
        if (!drainer.await(DRAIN_GRACE)) {
            // Something outside the killed tree still holds the pipe; stop reading rather than hang.
            try {
                stream.close();
            } catch (IOException ignored) {
                // Closing is only to unblock the reader.
            }
            drainer.await(DRAIN_GRACE);
        }
        return drainer.result();
    }
}
