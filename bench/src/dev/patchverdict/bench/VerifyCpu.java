// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;

/**
 * The processor time of one verification, as the verifying thread's CPU time per operation after warm-up: on a
 * machine shared with other work, wall time (what JMH reports) moves with the load, while the thread's own time
 * mostly does not. Usage: VerifyCpu DIR PLAN... (the inputs bench/verify.sh prepares); prints the median of five
 * measurements of about one CPU second each, per plan, after five CPU seconds of warm-up.
 */
public final class VerifyCpu {
    private VerifyCpu() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Verifier verifier = new Verifier(new Verifier.Environment(Clock.systemUTC(), "bench", "bench", "bench"));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int a = 1; a < args.length; a++) {
            VerifyRequest request = VerifyRequest.of(dir.resolve("work-unit.json"), dir.resolve("result-manifest.json"),
                    dir.resolve("candidate"), dir.resolve(args[a]));
            int sink = 0;
            long warm = threads.getCurrentThreadCpuTime();
            while (threads.getCurrentThreadCpuTime() - warm < 5_000_000_000L) {
                sink += verifier.verify(request).result().size();
            }
            double[] perOp = new double[5];
            for (int r = 0; r < perOp.length; r++) {
                long start = threads.getCurrentThreadCpuTime();
                long n = 0;
                while (threads.getCurrentThreadCpuTime() - start < 1_000_000_000L) {
                    for (int i = 0; i < 20; i++) {
                        sink += verifier.verify(request).result().size();
                    }
                    n += 20;
                }
                perOp[r] = (threads.getCurrentThreadCpuTime() - start) / 1e3 / n;
            }
            Arrays.sort(perOp);
            System.out.printf("%s %.1f%n", args[a], perOp[2] + (sink == 42 ? 1e-9 : 0));
        }
    }
}
