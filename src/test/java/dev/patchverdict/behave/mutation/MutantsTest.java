// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.plan.MutationOperator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MutantsTest {
    @TempDir
    Path dir;

    @Test
    void eachOperatorChangesOneThingOnTheLine() {
        assertEquals(List.of("if a != b:"), Mutants.mutate(MutationOperator.COMPARISON_FLIP, "if a == b:"));
        assertEquals(List.of("x = a >= b", "x = a < b"),
                List.of(Mutants.mutate(MutationOperator.COMPARISON_FLIP, "x = a < b").get(0),
                        Mutants.mutate(MutationOperator.COMPARISON_FLIP, "x = a >= b").get(0)));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.COMPARISON_FLIP, "f = lambda x: x -> y << 2"));
        assertEquals(List.of("ok = False and x", "ok = True or x"),
                Mutants.mutate(MutationOperator.BOOLEAN_NEGATION, "ok = True and x"));
        assertEquals(List.of("return a - b"), Mutants.mutate(MutationOperator.ARITHMETIC_SWAP, "return a + b"));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.ARITHMETIC_SWAP, "x = -1; i += 2; y = a ** 2"));
        assertEquals(List.of("for i in range(11):", "for i in range(9):"),
                Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "for i in range(10):"));
        assertEquals(List.of("x = 1"), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "x = 0"));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "v2 = x1 + 1.5"));
        assertEquals(List.of("    return None"), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "    return a + b"));
        assertEquals(List.of("  return null;"), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "  return total;"));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "print(a)"));
    }

    @Test
    void mutantsOnlyTouchAddedLinesAndApplyWithGit() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY));
        f.candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED.replace("    return a + b\n",
                "    if a < 0:\n        return 0\n    return a + b\n")));
        List<Mutants.Mutant> all = Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 100).mutants();
        assertTrue(all.size() >= 6, all.toString());
        Set<String> originals = Set.of("    if a < 0:", "        return 0", "    return a + b");
        for (Mutants.Mutant m : all) {
            assertTrue(originals.contains(m.original()), m.describe());
            assertTrue(!Arrays.equals(m.patch(), bytes(f.patchText)));
            Path p = dir.resolve(m.id() + ".patch");
            Files.write(p, m.patch());
            // Each mutant is a patch git accepts against the same base.
            BehaveFixture.git(f.repo, "apply", "--check", p.toString());
        }
        assertTrue(all.stream().anyMatch(m -> m.operator() == MutationOperator.LINE_DELETION));
        assertEquals(all.size(), all.stream().map(m -> new String(m.patch(), StandardCharsets.ISO_8859_1)).distinct().count(), "no duplicates");
    }

    @Test
    void selectionIsCappedDeterministicAndSpread() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY));
        f.candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED.replace("    return a + b\n",
                "    if a < 0 and b > 10:\n        return 0\n    return a + b + 0 * 1\n")));
        List<Mutants.Mutant> all = Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 1000).mutants();
        List<Mutants.Mutant> some = Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 4).mutants();
        assertEquals(4, some.size());
        assertEquals(some, Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 4).mutants());
        assertArrayEquals(all.get(0).patch(), some.get(0).patch());
        assertTrue(some.get(3).line() > some.get(0).line(), "spread over the patch");
        assertEquals(List.of("m1", "m2", "m3", "m4"), some.stream().map(Mutants.Mutant::id).toList());
    }

    @Test
    void garbageGitSkipsIsNoAddedLineAndEveryMutantStillApplies() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY));
        f.candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED));
        // A hunk header without a final newline is garbage to git, which applies the fix before it.
        byte[] hostile = bytes(f.patchText + "x\n@@ -1 +1,99999999999 @@");
        Mutants.Generated g = Mutants.generate(hostile, EnumSet.allOf(MutationOperator.class), 100);
        assertEquals(java.util.Optional.empty(), g.refused());
        List<String> made = g.mutants().stream().map(Mutants.Mutant::describe).toList();
        assertEquals(Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 100).mutants().stream()
                .map(Mutants.Mutant::describe).toList(), made, "the same added lines as without the garbage");
        assertTrue(!made.isEmpty());
        for (Mutants.Mutant m : g.mutants()) {
            Path p = Files.write(dir.resolve(m.id() + ".patch"), m.patch());
            BehaveFixture.git(f.repo, "apply", "--check", p.toString());
        }
    }

    @Test
    void aPatchGitRefusesIsRefusedWithGitsReason() {
        Mutants.Generated g = Mutants.generate(bytes("diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n+x = 1\n"),
                EnumSet.allOf(MutationOperator.class), 10);
        assertEquals(List.of(), g.mutants());
        assertTrue(g.refused().orElseThrow().contains("not a patch git applies"), g.refused().toString());
    }

    @Test
    void deletingALineShiftsTheLaterHunksOfItsFileAndEveryMutantApplies() throws Exception {
        StringBuilder before = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            before.append("v").append(i).append(" = ").append(i).append('\n');
        }
        BehaveFixture f = BehaveFixture.create(dir, Map.of("m.py", before.toString(), "n.py", before.toString()));
        String after = before.toString().replace("v3 = 3\n", "v3 = 3\nw = v3 + 1\nx = w > 2\n")
                .replace("v30 = 30\n", "v30 = 30\ny = v30 - 1\n");
        f.candidate(Map.of("m.py", after, "n.py", after));
        assertTrue(f.patchText.split("\n@@ ", -1).length - 1 == 4, "two hunks in each of two files: " + f.patchText);
        List<Mutants.Mutant> all = Mutants.generate(bytes(f.patchText), EnumSet.allOf(MutationOperator.class), 1000)
                .mutants();
        // Of the six added lines, the two that are their hunk's only change cannot go: git calls a hunk of
        // context alone corrupt.
        assertEquals(4, all.stream().filter(m -> m.operator() == MutationOperator.LINE_DELETION).count(), all.toString());
        for (Mutants.Mutant m : all) {
            Path p = Files.write(dir.resolve(m.id() + ".patch"), m.patch());
            BehaveFixture.git(f.repo, "apply", "--check", p.toString());
        }
    }

    @Test
    void aLongLineWithManyOperatorsIsScannedNotCopiedPerPosition() {
        // 200,000 comparisons on one 800 KB line: a mutated copy of the line per position would need 160 GB,
        // and only the chosen positions are kept.
        String line = "x = a" + " < b".repeat(200_000);
        byte[] patch = bytes("diff --git a/big.py b/big.py\nnew file mode 100644\n--- /dev/null\n+++ b/big.py\n"
                + "@@ -0,0 +1 @@\n+" + line + "\n");
        List<Mutants.Mutant> some = Mutants.generate(patch, EnumSet.of(MutationOperator.COMPARISON_FLIP), 3).mutants();
        assertEquals(3, some.size());
        assertEquals(patch.length + 1, some.get(1).patch().length, "'<' became '>='");
        assertEquals(200_000, Mutants.positions(patch, EnumSet.of(MutationOperator.COMPARISON_FLIP)).size());
    }

    @Test
    void integersOfAnyLengthChangeByOneAsText() {
        String n = "9".repeat(40_000);
        assertEquals(List.of("x = 1" + "0".repeat(40_000), "x = " + "9".repeat(39_999) + "8"),
                Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "x = " + n));
        assertEquals(List.of("y = 11", "y = 9"), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "y = 0010"));
        assertEquals(List.of("z = 100", "z = 98"), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "z = 99"));
        assertEquals(List.of("z = 10", "z = 8"), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "z = 9"));
        assertEquals(List.of("t = 1"), Mutants.mutate(MutationOperator.INTEGER_OFF_BY_ONE, "t = 000"));
    }

    @Test
    void aReturnWithLongRunsOfSpacesHasOneMutantFromOneScan() {
        // A lazy pattern for the value would retry the run of spaces after every one of them: quadratic.
        String pad = " ".repeat(100_000);
        assertEquals(List.of("return None" + pad), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP,
                "return x" + pad + "y" + pad));
        assertEquals(List.of("  return null;  "), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "  return a;  "));
        assertEquals(List.of("return None"), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "return x; y"));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "return   "));
        assertEquals(List.of(), Mutants.mutate(MutationOperator.RETURN_VALUE_SWAP, "returned = 1"));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A patch adding {@code lines} lines to a new file, each with several mutation positions. */
    private static byte[] largePatch(int lines) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            body.append("+    if a").append(i).append(" < ").append(i).append(" and b > 10: return x + ").append(i)
                    .append('\n');
        }
        return ("diff --git a/big.py b/big.py\nnew file mode 100644\n--- /dev/null\n+++ b/big.py\n@@ -0,0 +1,"
                + lines + " @@\n" + body).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void onlyTheSelectedMutantsAreRendered() {
        byte[] patch = largePatch(2600);
        assertTrue(patch.length > 120_000, "about the size of the patch that exhausted a 1 GB heap: " + patch.length);
        int positions = Mutants.positions(patch, EnumSet.allOf(MutationOperator.class)).size();
        assertTrue(positions > 20_000, "every position is found: " + positions);
        List<Mutants.Mutant> rendered = Mutants.generate(patch, EnumSet.allOf(MutationOperator.class), 7).mutants();
        // Rendering every position would hold positions x 124 KB (gigabytes); only max_mutants are made.
        assertEquals(7, rendered.size());
        assertTrue(rendered.get(6).line() > rendered.get(0).line() + 2000, "spread over the patch");
        for (Mutants.Mutant m : rendered) {
            assertEquals(patch.length, m.patch().length, 100, m.describe());
        }
    }

    @Test
    void aCandidateThatIsNotUtf8IsMutatedByteForByte() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY));
        // Latin-1 "caf\u00e9" in a comment: the byte 0xE9, which is not UTF-8.
        byte[] raw = Files.readAllBytes(writeDiff(f));
        assertTrue(indexOf(raw, (byte) 0xE9) >= 0, "the candidate holds the byte 0xE9");
        List<Mutants.Mutant> all = Mutants.generate(raw, EnumSet.allOf(MutationOperator.class), 50).mutants();
        assertTrue(!all.isEmpty());
        for (Mutants.Mutant m : all) {
            byte[] p = m.patch();
            if (m.operator() != MutationOperator.LINE_DELETION) {
                assertTrue(indexOf(p, (byte) 0xE9) >= 0, "the other bytes are kept exactly: " + m.describe());
            }
            Path file = dir.resolve(m.id() + ".patch");
            Files.write(file, p);
            BehaveFixture.git(f.repo, "apply", "--check", file.toString());
        }
    }

    /** git's diff as raw bytes (the fixture's helper decodes output as UTF-8). */
    private static Path writeDiff(BehaveFixture f) throws Exception {
        Files.write(f.repo.resolve("calc.py"), (BehaveFixture.CALC_FIXED.replace("    return a + b\n",
                "    # caf\u00e9\n    return a + b\n")).getBytes(StandardCharsets.ISO_8859_1));
        Path out = f.dir.resolve("raw.patch");
        Process p = new ProcessBuilder("git", "diff", "--no-color", "--output=" + out).directory(f.repo.toFile())
                .redirectErrorStream(true).start();
        assertEquals(0, p.waitFor());
        BehaveFixture.git(f.repo, "checkout", "-q", "--", ".");
        return out;
    }

    private static int indexOf(byte[] a, byte b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
