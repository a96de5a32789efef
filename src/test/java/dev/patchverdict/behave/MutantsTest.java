package dev.patchverdict.behave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        List<Mutants.Mutant> all = Mutants.generate(f.patchText, EnumSet.allOf(MutationOperator.class), 100);
        assertTrue(all.size() >= 6, all.toString());
        Set<String> originals = Set.of("    if a < 0:", "        return 0", "    return a + b");
        for (Mutants.Mutant m : all) {
            assertTrue(originals.contains(m.original()), m.describe());
            assertTrue(!m.patch().equals(f.patchText));
            Path p = dir.resolve(m.id() + ".patch");
            Files.writeString(p, m.patch());
            // Each mutant is a patch git accepts against the same base.
            BehaveFixture.git(f.repo, "apply", "--check", p.toString());
        }
        assertTrue(all.stream().anyMatch(m -> m.operator() == MutationOperator.LINE_DELETION));
        assertEquals(all.size(), all.stream().map(Mutants.Mutant::patch).distinct().count(), "no duplicates");
    }

    @Test
    void selectionIsCappedDeterministicAndSpread() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, Map.of("calc.py", BehaveFixture.CALC_BUGGY));
        f.candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED.replace("    return a + b\n",
                "    if a < 0 and b > 10:\n        return 0\n    return a + b + 0 * 1\n")));
        List<Mutants.Mutant> all = Mutants.generate(f.patchText, EnumSet.allOf(MutationOperator.class), 1000);
        List<Mutants.Mutant> some = Mutants.generate(f.patchText, EnumSet.allOf(MutationOperator.class), 4);
        assertEquals(4, some.size());
        assertEquals(some, Mutants.generate(f.patchText, EnumSet.allOf(MutationOperator.class), 4));
        assertEquals(all.get(0).patch(), some.get(0).patch());
        assertTrue(some.get(3).line() > some.get(0).line(), "spread over the patch");
        assertEquals(List.of("m1", "m2", "m3", "m4"), some.stream().map(Mutants.Mutant::id).toList());
    }
}
