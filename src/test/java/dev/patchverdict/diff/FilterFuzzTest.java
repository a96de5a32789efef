// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.diff.filter.FilterOutcome;
import dev.patchverdict.diff.filter.FilterRules;
import dev.patchverdict.diff.filter.PathPattern;
import dev.patchverdict.diff.filter.PatchFilter;
import dev.patchverdict.diff.filter.SectionDecision;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The reader fuzzer's mutants of real diffs, filtered with a path choice drawn from the same seed: the
 * filter returns a refusal or a patch (never throws), and a patch is the input less exactly the removed
 * sections, which reads back as the kept ones. A fixed count of mutants from a fixed seed (override with
 * {@code -Dpatchverdict.fuzz.seed=N}), so the run is bounded and a failure replays.
 */
class FilterFuzzTest {
    private static final int MUTANTS = 8000;

    @Test
    void mutantsOfRealDiffsNeverBreakTheFilter() throws Exception {
        long seed = Long.getLong("patchverdict.fuzz.seed", 20261201L);
        List<byte[]> seeds = DiffReaderFuzzTest.seeds();
        SplittableRandom rnd = new SplittableRandom(seed);
        int filtered = 0;
        for (int i = 0; i < MUTANTS; i++) {
            byte[] input = DiffReaderFuzzTest.mutate(seeds, rnd);
            int salt = rnd.nextInt();
            boolean dropBinary = rnd.nextBoolean();
            // Each path is excluded or not by a hash of it and the salt: a stable, seeded half of the paths.
            FilterRules rules = new FilterRules(List.of(),
                    List.of(new PathPattern("half", "fuzz", p -> ((p.hashCode() ^ salt) & 1) == 0)), dropBinary);
            try {
                if (PatchFilter.filter(input, rules) instanceof FilterOutcome.Filtered f) {
                    filtered++;
                    check(input, f);
                }
            } catch (RuntimeException | AssertionError e) {
                fail("mutant " + i + " of seed " + seed + ": " + e + "\n" + HexFormat.of().formatHex(input), e);
            }
        }
        System.out.printf("filter fuzz: %d mutants of seed %d, %d filtered%n", MUTANTS, seed, filtered);
        assertTrue(filtered > MUTANTS / 20, "too few mutants were patches git reads: " + filtered);
    }

    private static void check(byte[] input, FilterOutcome.Filtered f) {
        List<SectionDecision> kept = f.kept();
        if (kept.isEmpty()) {
            assertEquals(0, f.patch().length);
            return;
        }
        long removed = f.removed().stream().mapToLong(d -> d.end() - d.start()).sum();
        assertEquals(input.length - removed, f.patch().length, "output size");
        DiffResult back = DiffReader.read(f.patch(), Profile.GIT);
        assertTrue(back.accepted(), "the output reads");
        StringBuilder want = new StringBuilder();
        kept.forEach(d -> want.append(new String(d.section().numstatLine(), java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(want.toString(), back.numstat());
    }
}
