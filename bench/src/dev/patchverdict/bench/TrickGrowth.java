// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.tricks.TrickDetector;
import java.nio.charset.StandardCharsets;

/**
 * One pathological patch for the trick detectors, of one size, searched by every rule: prints the best of three
 * searches in milliseconds (reading the patch is not timed). bench/tricks-growth.sh runs it at doubling sizes.
 * Usage: TrickGrowth CASE SIZE, CASE one of spaces-return, spaces-assert, spaces-python, open-equals, nested-eq.
 */
public final class TrickGrowth {
    private TrickGrowth() {}

    static String patch(String path, String... added) {
        StringBuilder sb = new StringBuilder();
        sb.append("diff --git a/").append(path).append(" b/").append(path).append('\n');
        sb.append("--- a/").append(path).append('\n').append("+++ b/").append(path).append('\n');
        sb.append("@@ -1,1 +1,").append(added.length + 1).append(" @@\n").append(" first\n");
        for (String a : added) {
            sb.append('+').append(a).append('\n');
        }
        return sb.toString();
    }

    static String input(String kind, int n) {
        return switch (kind) {
            // A return followed by n spaces and more: the old pattern's lazy value re-read the spaces at each step.
            case "spaces-return" -> patch("src/Money.java", "public boolean equals(Object o) {", "return x" + " ".repeat(n) + "|| y;", "}");
            case "spaces-assert" -> patch("tests/test_money.py", "    self.assertEqual(x" + " ".repeat(n) + ")");
            case "spaces-python" -> patch("pkg/money.py", "def __eq__(self, o):", "    return x" + " ".repeat(n) + "y");
            // n equals defs none of which closes: each body ran to the end of the section.
            case "open-equals" -> patch("src/Money.java", repeat("boolean equals(Object o) { return true;", n));
            // n defs each indented one deeper: each body ran over every deeper def.
            case "nested-eq" -> {
                String[] lines = new String[n];
                for (int i = 0; i < n; i++) {
                    lines[i] = " ".repeat(i) + "def __eq__(self, o): return True";
                }
                yield patch("pkg/money.py", lines);
            }
            default -> throw new IllegalArgumentException("no case " + kind);
        };
    }

    private static String[] repeat(String line, int n) {
        String[] out = new String[n];
        java.util.Arrays.fill(out, line);
        return out;
    }

    public static void main(String[] args) {
        byte[] bytes = input(args[0], Integer.parseInt(args[1])).getBytes(StandardCharsets.UTF_8);
        DiffResult r = DiffReader.readLines(bytes, Profile.GIT, DiffReader.Options.DEFAULT.withMaxLineBytes(64 << 20));
        TrickDetector all = TrickDetector.all();
        long best = Long.MAX_VALUE;
        int hits = 0;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            hits = all.detect(r).size();
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf(java.util.Locale.ROOT, "%d %.1f %d%n", bytes.length, best / 1e6, hits);
    }
}
