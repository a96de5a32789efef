// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.RuleInfo;
import dev.patchverdict.tricks.TrickRule;
import dev.patchverdict.tricks.TrickRules;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A trick rule's default SARIF level and the level of each of its hits come from the one mapping. */
class RulesTest {
    @Test
    void aTrickRuleAndItsHitsHaveOneLevelBySeverity() {
        Map<String, String> ruleLevels = Rules.all(TrickRules.all()).stream()
                .collect(Collectors.toMap(RuleInfo::id, RuleInfo::level));
        for (TrickRule t : TrickRules.all()) {
            String hit = ReviewEntry.Finding.trick(t.id(), t.severity().label(), 1, "a.py", "m").level();
            assertEquals(hit, ruleLevels.get(t.id()), t.id());
            assertEquals(switch (t.severity()) {
                case HACK -> "error";
                case SUSPECT -> "warning";
                case INFO -> "note";
            }, hit, t.id());
        }
    }

    @Test
    void aReaderRejectionIsAnErrorAndAnUnknownTrickSeverityIsRefused() {
        assertEquals("error", new ReviewEntry.Finding("HUNK_TRUNCATED", "error", 3, "m", true).level());
        assertEquals("warning", new ReviewEntry.Finding("EXECUTABLE_MODE", "warning", 3, "m", false).level());
        assertThrows(IllegalArgumentException.class, () -> ReviewEntry.Finding.trick("x", "severe", 1, "a.py", "m"));
        assertEquals(List.of("error", "warning", "note"),
                List.of("hack", "suspect", "info").stream().map(ReviewEntry.Finding::trickLevel).toList());
    }
}
