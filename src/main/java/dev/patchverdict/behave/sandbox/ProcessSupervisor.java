// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Starts one process and watches it: stdout and stderr drained concurrently (so a chatty program
 * never blocks on a full pipe) and capped, a wall-clock timeout enforced here, and on expiry the
 * process and every descendant killed. This is the one place that starts processes.
 */
final class ProcessSupervisor {
    /** How long to wait for the output pipes to close once the process has ended. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    /** A finished process. {@code exitCode} is empty when the timeout killed it. */
    record Finished(OptionalInt exitCode, CapturedOutput stdout, CapturedOutput stderr, Duration duration,
            Optional<String> stoppedBecause) {
        /** Ended by the runner: the timeout expired, or the watch stopped it (see {@link #stoppedBecause}). */
        boolean timedOut() {
            return exitCode.isEmpty();
        }
    }

    /**
     * Looked at while the process runs; a reason stops it. A look that takes long asks
     * {@code expired} and gives up once the wall-clock timeout has passed, which then applies.
     */
    @FunctionalInterface
    interface Watch {
        Optional<String> reasonToStop(BooleanSupplier expired);
    }

    /** How long the processes of a killed tree get to be gone before the run is reported anyway. */
    private static final Duration REAP_GRACE = Duration.ofSeconds(5);

    /** How often a watch is looked at, at least; slower when looking takes long. */
    private static final Duration WATCH_INTERVAL = Duration.ofMillis(200);

    private ProcessSupervisor() {}

    static Finished run(List<String> command, Path cwd, Map<String, String> env, Duration timeout, long capPerStream)
            throws IOException {
        return run(command, cwd, env, timeout, capPerStream, expired -> Optional.empty());
    }

    static Finished run(List<String> command, Path cwd, Map<String, String> env, Duration timeout, long capPerStream,
            Watch watch) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        // Nothing is read from the runner's own stdin.
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        Process process = pb.start();
        StreamDrainer out = StreamDrainer.start(process.getInputStream(), capPerStream, "stdout");
        StreamDrainer err = StreamDrainer.start(process.getErrorStream(), capPerStream, "stderr");
        boolean exited = false;
        Optional<String> stopped = Optional.empty();
        long interval = WATCH_INTERVAL.toNanos();
        // Looks happen on their own thread: one the program makes block (a folder swapped for a
        // FIFO just as it is opened) must not hold up the timeout, which ends the run instead.
        ExecutorService looker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sandbox-watch");
            t.setDaemon(true);
            return t;
        });
        try {
            while (!exited && stopped.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                exited = process.waitFor(Math.min(left, interval), TimeUnit.NANOSECONDS);
                if (!exited) {
                    long looked = System.nanoTime();
                    Future<Optional<String>> look = looker.submit(
                            () -> watch.reasonToStop(() -> System.nanoTime() - deadline >= 0));
                    try {
                        stopped = look.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    } catch (TimeoutException e) {
                        break;
                    } catch (ExecutionException e) {
                        stopped = Optional.of("the watch failed: " + e.getCause());
                    }
                    // Looking costs at most a fifth of the time: a large tree is looked at less often.
                    interval = Math.max(WATCH_INTERVAL.toNanos(), 5 * (System.nanoTime() - looked));
                }
            }
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(0), e);
        } finally {
            looker.shutdownNow();
        }
        if (!exited) {
            killTree(process);
        }
        int code = waitUninterruptibly(process);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        CapturedOutput stdout = finish(out, process.getInputStream());
        CapturedOutput stderr = finish(err, process.getErrorStream());
        return new Finished(exited ? OptionalInt.of(code) : OptionalInt.empty(), stdout, stderr, elapsed, stopped);
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
        for (ProcessHandle h : all) {
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
