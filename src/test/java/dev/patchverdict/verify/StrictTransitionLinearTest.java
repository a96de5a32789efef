// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Inputs on which any evaluation that pairs every removed line with every hunk, or every occurrence of a text with
 * every other, runs for minutes to hours; read in linear time they take a fraction of a second. Speed itself is
 * measured by bench/v05-growth.sh; the timeouts here only stop a test that would otherwise hang the build.
 */
class StrictTransitionLinearTest {
    private static StrictTransitionContract plan(Transition t, List<String> allowedIn) {
        return new StrictTransitionContract(DiffBackend.of(1L << 30, 1000), List.of(LogType.STDOUT), List.of(), List.of(),
                List.of(t), new ChangePolicy(false, false, false, false, true, List.of(), GlobSyntax.GITIGNORE), allowedIn);
    }

    /**
     * One file's hunks alternate: 15 lines removing the old form, then one line adding the new one, 70,000 times
     * over (9 MB); with {@code pairAtEnd} the last hunk removes one more line beside its addition. Pairing each
     * removed line with each hunk's added line is 1,050,000 x 70,000, about 7e10 steps: the evaluator that did so
     * was still at it after five minutes.
     */
    static byte[] alternatingHunks(int pairs, int removedPerHunk, boolean pairAtEnd) {
        StringBuilder out = new StringBuilder(pairs * (4 * removedPerHunk + 64));
        out.append("diff --git a/app.py b/app.py\nindex 1111111..2222222 100644\n--- a/app.py\n+++ b/app.py\n");
        long oldLine = 1;
        long newLine = 1;
        for (int k = 0; k < pairs; k++) {
            // Context on both sides, as git writes it (a hunk without trailing context would have to end the file).
            out.append("@@ -").append(oldLine).append(',').append(removedPerHunk + 2).append(" +").append(newLine).append(",2 @@\n c\n");
            for (int i = 0; i < removedPerHunk; i++) {
                out.append("-u(\n");
            }
            out.append(" c\n");
            oldLine += removedPerHunk + 10;
            newLine += 10;
            boolean pair = pairAtEnd && k == pairs - 1;
            out.append("@@ -").append(oldLine).append(',').append(pair ? 3 : 2).append(" +").append(newLine).append(",3 @@\n c\n")
                    .append(pair ? "-u(\n" : "").append("+s(").append(k).append("\n c\n");
            oldLine += 10;
            newLine += 11;
        }
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The one pair sits in the last hunk: reading in order finds it there without pairing anything before it. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void alternatingHunksAreReadOnce() {
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(alternatingHunks(70_000, 15, true),
                plan(new Transition("u(", "s("), List.of()));
        assertTrue(e.accepted(), e.reasons().toString());
        assertEquals(139_999, e.requirements().get(0).evidence().get(0).hunk());
        assertEquals(139_999, e.requirements().get(0).evidence().get(1).hunk());
    }

    /** A one-hunk patch whose removed line is {@code repeats} copies of {@code unit} and then {@code tail}, built as bytes. */
    static byte[] longRemovedLine(String unit, int repeats, String tail) {
        byte[] head = "diff --git a/f b/f\nindex 1111111..2222222 100644\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n c\n-"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] end = (tail + "\n+b(\n").getBytes(StandardCharsets.US_ASCII);
        byte[] u = unit.getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + u.length * repeats + end.length];
        System.arraycopy(head, 0, out, 0, head.length);
        for (int i = 0, at = head.length; i < repeats; i++, at += u.length) {
            System.arraycopy(u, 0, out, at, u.length);
        }
        System.arraycopy(end, 0, out, out.length - end.length, end.length);
        return out;
    }

    /**
     * One 8 MiB line holding the removed text 2.8 million times, each inside a text the plan allows it in, and once
     * bare at its end: telling the bare one apart by comparing occurrences pairwise is about 8e12 steps.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLineOfManyOccurrencesIsScannedOnce() {
        int repeats = 8 * 1024 * 1024 / 3;
        StrictTransitionContract c = plan(new Transition("a(", "b("), List.of("xa("));
        DiffReader.Options wide = DiffReader.Options.DEFAULT.withMaxLineBytes(16 << 20);
        // Every occurrence inside an allowed one: the removed line removes nothing.
        SemanticEvaluation covered = StrictTransitionEvaluator.evaluate(longRemovedLine("xa(", repeats, ""), c, wide);
        assertEquals(List.of(), covered.fatalDiagnostics());
        assertEquals(Unmet.Reason.REMOVED_SIDE_MISSING, covered.unmet().get(0).unmet().orElseThrow().reason());
        // One bare occurrence at the end: it does.
        SemanticEvaluation bare = StrictTransitionEvaluator.evaluate(longRemovedLine("xa(", repeats, "a("), c, wide);
        assertTrue(bare.accepted(), bare.reasons().toString());
    }
}
