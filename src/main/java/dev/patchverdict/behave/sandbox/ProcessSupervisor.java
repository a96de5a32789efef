package dev.patchverdict.behave.sandbox;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Starts one process and watches it: stdout and stderr drained concurrently (so a chatty program
 * never blocks on a full pipe) and capped, a wall-clock timeout enforced here, and on expiry the
 * process and every descendant killed. This is the one place that starts processes.
 */
final class ProcessSupervisor {
    /** How long to wait for the output pipes to close once the process has ended. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    /** A finished process. {@code exitCode} is empty when the timeout killed it. */
    record Finished(OptionalInt exitCode, CapturedOutput stdout, CapturedOutput stderr, Duration duration) {
        boolean timedOut() {
            return exitCode.isEmpty();
        }
    }

    private ProcessSupervisor() {}

    static Finished run(List<String> command, Path cwd, Map<String, String> env, Duration timeout, long capPerStream)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        // Nothing is read from the runner's own stdin.
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        long start = System.nanoTime();
        Process process = pb.start();
        StreamDrainer out = StreamDrainer.start(process.getInputStream(), capPerStream, "stdout");
        StreamDrainer err = StreamDrainer.start(process.getErrorStream(), capPerStream, "stderr");
        boolean exited;
        try {
            exited = process.waitFor(timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
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
    }

    /**
     * Kills the process and everything below it. For a sandbox, killing bubblewrap is what ends
     * the PID namespace (its init dies with its parent and takes every member with it, even
     * double-forked ones); the descendants are killed too in case the namespace is not there.
     */
    private static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
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
