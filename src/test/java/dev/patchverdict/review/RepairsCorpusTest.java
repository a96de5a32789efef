// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.ReviewEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The repairs of every rejected patch of the shared corpus, decided in one pass over the repaired copies, hold what
 * the repair report promises: replayed one by one from the patch as given, each named repair changes it, and the
 * copy they make reads as the outcome and the remaining codes say. The first reading may come with or without the
 * lines (review with and without --detect): the repairs are the same.
 */
@Tag(TestGroups.SHARED_CORPUS)
class RepairsCorpusTest {
    private static final DiffReader.Options OPTIONS = DiffReader.Options.DEFAULT;

    private static byte[] replay(String repair, byte[] b) {
        return switch (repair) {
            case Repairs.CRLF -> Repairs.crlfToLf(b);
            case Repairs.FINAL_NEWLINE -> {
                byte[] n = Arrays.copyOf(b, b.length + 1);
                n[b.length] = '\n';
                yield n;
            }
            case Repairs.LEADING_PROSE -> Repairs.stripLeading(b);
            case Repairs.RECOUNT -> Repairs.recount(b);
            case Repairs.TRAILING_PROSE -> Repairs.stripTrailing(b, Repairs.read(b, Profile.STRICT, OPTIONS).errors());
            default -> throw new AssertionError(repair);
        };
    }

    @Test
    void everyRejectedCorpusPatchsRepairsReplayToTheirOutcome() throws IOException {
        Path corpus = TestGroups.sharedRoot().resolve("corpus");
        Map<String, Integer> outcomes = new TreeMap<>();
        for (String group : List.of("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25", "gold_swebench_lite_patch",
                "human_git", "human_pip")) {
            List<Path> patches;
            try (Stream<Path> s = Files.list(corpus.resolve(group))) {
                patches = s.filter(p -> p.toString().endsWith(".patch") || p.toString().endsWith(".diff")).sorted().toList();
            }
            for (Path p : patches) {
                byte[] b = Files.readAllBytes(p);
                DiffResult first = Repairs.read(b, Profile.STRICT, OPTIONS);
                if (first.accepted()) {
                    continue;
                }
                ReviewEntry.Repair r = Repairs.suggest(b, first, Profile.STRICT, OPTIONS);
                assertEquals(r, Repairs.suggest(b, DiffReader.readLines(b, Profile.STRICT, OPTIONS), Profile.STRICT, OPTIONS),
                        p + ": the same repairs from a reading with its lines");
                outcomes.merge(r.outcome() + " " + r.repairs(), 1, Integer::sum);
                byte[] copy = b;
                for (String name : r.repairs()) {
                    byte[] next = replay(name, copy);
                    assertFalse(Arrays.equals(next, copy), p + ": " + name + " changes the patch");
                    copy = next;
                }
                DiffResult end = r.outcome().equals("none") ? first : Repairs.read(copy, Profile.STRICT, OPTIONS);
                switch (r.outcome()) {
                    case "accepted" -> assertTrue(end.accepted(), p.toString());
                    case "git-accepts" -> assertTrue(!end.accepted() && end.outcome().gitAccepted() && !r.repairs().isEmpty(),
                            p.toString());
                    case "none" -> assertEquals(List.of(), r.repairs(), p.toString());
                    default -> throw new AssertionError(r.outcome());
                }
                LinkedHashSet<String> remaining = new LinkedHashSet<>();
                end.errors().forEach(d -> remaining.add(d.code().name()));
                assertEquals(r.outcome().equals("accepted") ? List.of() : List.copyOf(remaining), r.remaining(), p.toString());
            }
        }
        // The corpus holds patches that each repair mends, so every branch above is taken.
        assertTrue(outcomes.keySet().stream().anyMatch(k -> k.startsWith("accepted [final-newline")), outcomes.toString());
        assertTrue(outcomes.keySet().stream().anyMatch(k -> k.contains("recount")), outcomes.toString());
        assertTrue(outcomes.keySet().stream().anyMatch(k -> k.startsWith("none")), outcomes.toString());
    }
}
