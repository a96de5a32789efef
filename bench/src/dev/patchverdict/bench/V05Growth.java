// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import dev.patchverdict.verify.SemanticEvaluation;
import dev.patchverdict.verify.StrictTransitionEvaluator;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One measurement for bench/v05-growth.sh: builds a pathological patch of one family at one scale, evaluates it
 * under a v0.5 transition plan (after warm-up runs on the same input), and prints {@code family, bytes, best CPU ms
 * of five} (this thread's CPU time: on a shared machine wall time mostly measures the other processes). It uses only API every v0.5 evaluator had, so the script can run it against an older build too.
 *
 * <p>Families: {@code alternating-hunks} (hunks of 15 removed lines alternating with hunks adding one line, in one
 * file), {@code runs-of-spaces} (one added line of spaces with the new form at its end), {@code sections-one-path}
 * (the same small section on one path again and again).
 */
public final class V05Growth {
    private V05Growth() {}

    public static void main(String[] args) {
        String family = args[0];
        int scale = Integer.parseInt(args[1]);
        byte[] patch = build(family, scale);
        StrictTransitionContract plan = new StrictTransitionContract(DiffBackend.of(1L << 30, 1000), List.of(LogType.STDOUT),
                List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")),
                new ChangePolicy(false, false, false, false, true, List.of(), GlobSyntax.GITIGNORE));
        DiffReader.Options options = DiffReader.Options.DEFAULT.withMaxLineBytes(256 << 20);
        // CPU time of this thread: on a shared machine, wall time mostly measures the other processes.
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        // Warm-up runs until one takes no longer than the one before (the JIT has settled), at most five; a run of
        // over a second is its own measurement (compilation no longer matters), so a slow build runs once.
        long last = Long.MAX_VALUE;
        SemanticEvaluation e = null;
        for (int i = 0; i < 5; i++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            e = StrictTransitionEvaluator.evaluate(patch, plan, options);
            long t = cpu.getCurrentThreadCpuTime() - t0;
            if (t >= last) {
                break;
            }
            last = t;
            if (t > 1_000_000_000L) {
                break;
            }
        }
        long best = last;
        for (int i = 0; i < 5 && last <= 1_000_000_000L; i++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            e = StrictTransitionEvaluator.evaluate(patch, plan, options);
            best = Math.min(best, cpu.getCurrentThreadCpuTime() - t0);
        }
        String outcome = e.accepted() ? "accepted" : "rejected";
        System.out.printf("%s\t%d\t%.1f\t%s%n", family, patch.length, best / 1e6, outcome);
    }

    static byte[] build(String family, int scale) {
        StringBuilder out = new StringBuilder();
        switch (family) {
            case "alternating-hunks" -> {
                out.append("diff --git a/app.py b/app.py\nindex 1111111..2222222 100644\n--- a/app.py\n+++ b/app.py\n");
                long oldLine = 1;
                long newLine = 1;
                for (int k = 0; k < 4_000 * scale; k++) {
                    out.append("@@ -").append(oldLine).append(",17 +").append(newLine).append(",2 @@\n c\n");
                    out.append("-unsafe_call(\n".repeat(15)).append(" c\n");
                    oldLine += 25;
                    newLine += 10;
                    out.append("@@ -").append(oldLine).append(",2 +").append(newLine).append(",3 @@\n c\n+safe_call(").append(k)
                            .append(")\n c\n");
                    oldLine += 10;
                    newLine += 11;
                }
            }
            case "runs-of-spaces" -> {
                out.append("diff --git a/app.py b/app.py\nindex 1111111..2222222 100644\n--- a/app.py\n+++ b/app.py\n")
                        .append("@@ -1,2 +1,2 @@\n def f():\n-    unsafe_call(x)\n+").append(" ".repeat(1 << 20).repeat(scale))
                        .append("safe_call(x)\n");
            }
            case "sections-one-path" -> {
                for (int k = 0; k < 10_000 * scale; k++) {
                    out.append("diff --git a/app.py b/app.py\nindex 1111111..2222222 100644\n--- a/app.py\n+++ b/app.py\n")
                            .append("@@ -1,3 +1,3 @@\n c\n-unsafe_call(x)\n+safe_call(x)\n c\n");
                }
            }
            default -> throw new IllegalArgumentException("no family " + family);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
