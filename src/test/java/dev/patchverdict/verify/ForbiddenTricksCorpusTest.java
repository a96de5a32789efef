// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.ProtectionPreset;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.record.LogType;
import dev.patchverdict.tricks.TrickHit;
import dev.patchverdict.tricks.TrickSeverity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A v0.5 plan forbidding every hack-severity rule, read over the shared corpus: no patch makes the
 * evaluator throw, and on the SWE-bench Lite reference fixes it refuses at most 1% for a trick (the
 * rules' goal), while the swebench preset refuses none of them.
 */
@Tag(TestGroups.SHARED_CORPUS)
class ForbiddenTricksCorpusTest {
    private static StrictTransitionContract plan(List<String> globs, List<String> tricks) {
        return new StrictTransitionContract(DiffBackend.of(50_000_000, 1_000), List.of(LogType.STDOUT), List.of("x"), List.of(),
                List.of(), new ChangePolicy(true, true, true, true, false, globs, GlobSyntax.GITIGNORE, tricks));
    }

    /** Patch name to the first hit's rule and path, for every patch of the group with one. */
    private static Map<String, String> refused(Path group, StrictTransitionContract plan) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(group)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) {
                SemanticEvaluation e = StrictTransitionEvaluator.evaluate(Files.readAllBytes(p), plan);
                if (!e.trickHits().isEmpty()) {
                    TrickHit h = e.trickHits().get(0);
                    out.put(p.getFileName().toString(), h.ruleId() + " " + h.path());
                }
                if (!e.refusals().isEmpty()) {
                    out.merge(p.getFileName().toString(), "protected " + e.refusals().get(0).path(), (a, b) -> a + "; " + b);
                }
            }
        }
        return out;
    }

    @Test
    void referenceFixesAreRarelyRefusedForATrickAndNeverForTheSwebenchPreset() throws Exception {
        Path corpus = SharedData.corpus();
        Map<String, String> tricks = refused(corpus.resolve("gold_swebench_lite_patch"),
                plan(List.of(), ChangePolicy.trickIdsAtLeast(TrickSeverity.HACK)));
        assertTrue(tricks.size() <= 3, tricks.size() + " of 300 reference fixes hit a hack rule: " + tricks);
        Map<String, String> preset = refused(corpus.resolve("gold_swebench_lite_patch"),
                plan(ProtectionPreset.named("swebench").globs(GlobSyntax.GITIGNORE), List.of()));
        assertEquals(Map.of(), preset);
    }

    @Test
    void agentPatchesAreReadWithoutAnExceptionAndSomeAreRefused() throws Exception {
        Path corpus = SharedData.corpus();
        StrictTransitionContract both = plan(ProtectionPreset.named("swebench").globs(GlobSyntax.GITIGNORE),
                ChangePolicy.trickIdsAtLeast(TrickSeverity.HACK));
        Map<String, String> sweagent = refused(corpus.resolve("agent_sweagent_gpt4_t0"), both);
        refused(corpus.resolve("agent_deepagents_minimax_m25"), both);
        refused(corpus.resolve("human_pip"), both);
        assertTrue(sweagent.size() >= 10, sweagent.size() + ": " + sweagent);
    }
}
