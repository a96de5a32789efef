// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.tricks.TrickRules;
import dev.patchverdict.tricks.TrickSeverity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForbiddenTricksPlanTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPlanWithForbiddenTricksReadsAndWritesBackTheSameDocument() throws Exception {
        Path file = Path.of("verification/fixtures/v05-tricks/forbidden-tricks/plan.json");
        EvaluatorPlan plan = EvaluatorPlanReader.strict().read(file);
        ChangePolicy p = ((StrictTransitionContract) plan.contract()).changePolicy();
        assertEquals(ChangePolicy.trickIdsAtLeast(TrickSeverity.HACK), p.forbiddenTricks());
        assertEquals(JSON.readTree(file.toFile()), plan.toJson());
    }

    @Test
    void aPlanWithoutTheFieldForbidsNothingAndWritesNoField() throws Exception {
        Path file = Path.of("verification/fixtures/patch-transition/plan-v0.5.json");
        EvaluatorPlan plan = EvaluatorPlanReader.strict().read(file);
        assertEquals(List.of(), ((StrictTransitionContract) plan.contract()).changePolicy().forbiddenTricks());
        JsonNode written = plan.toJson();
        assertFalse(written.path("backend").path("change_policy").has("forbidden_tricks"));
        assertEquals(JSON.readTree(file.toFile()), written);
    }

    @Test
    void everyIdMustBeAKnownRuleNamedOnce() {
        ChangePolicy safe = ChangePolicy.safe(GlobSyntax.GITIGNORE);
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> safe.forbidding(List.of("exit-early")));
        assertTrue(unknown.getMessage().startsWith("forbidden_tricks names 'exit-early', which is no trick rule; the rules are "),
                unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> safe.forbidding(List.of("early-exit", "early-exit")));
        assertEquals(List.of("early-exit"), safe.forbidding(List.of("early-exit")).forbiddenTricks());
    }

    @Test
    void aSeverityMeansThatSeverityAndStrongerOnes() {
        int hack = ChangePolicy.trickIdsAtLeast(TrickSeverity.HACK).size();
        int suspect = ChangePolicy.trickIdsAtLeast(TrickSeverity.SUSPECT).size();
        assertTrue(hack > 0 && suspect > hack, hack + " < " + suspect);
        assertEquals(TrickRules.all().size(), ChangePolicy.trickIdsAtLeast(TrickSeverity.INFO).size());
        ChangePolicy.trickIdsAtLeast(TrickSeverity.HACK)
                .forEach(id -> assertEquals(TrickSeverity.HACK, TrickRules.byId(id).orElseThrow().severity()));
    }
}
