// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class TargetsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode workUnit(String allowed) throws Exception {
        return JSON.readTree("{\"constraints\":{\"allowed_paths\":[" + allowed + "],\"forbidden_paths\":[]},"
                + "\"permissions\":{\"filesystem_write\":[" + allowed + "]}}");
    }

    private static JsonNode plan() throws Exception {
        return JSON.readTree("{\"schema_version\":\"0.4\",\"backend\":{\"required_added_substrings\":[\"new(\"],"
                + "\"required_removed_substrings\":[\"old(\"]}}");
    }

    @Test
    void aLiteralScopeGivesItsFileAndAPathOutsideIt() throws Exception {
        Targets t = Targets.of(plan(), workUnit("\"README.md\""));
        assertEquals("README.md", t.inScope());
        assertEquals(Optional.empty(), t.secondInScope());
        assertEquals(Optional.of("outside-scope/notes.md"), t.outOfScope());
        assertEquals(List.of("new("), t.allAdded());
        assertEquals(List.of("old("), t.allRemoved());
    }

    @Test
    @Timeout(5)
    void aScopeThatAdmitsEveryPathHasNoOutsideAndOperatorsThatNeedOneDoNotApply() throws Exception {
        Targets t = Targets.of(plan(), workUnit("\"*\""));
        assertEquals(Optional.empty(), t.outOfScope());
        assertTrue(t.secondInScope().isPresent());
        assertEquals(List.of(), new OutOfScopeFile().build(t));
        assertEquals(1, new SplitAcrossFiles().build(t).size(), "two in-scope files still split the transition");
    }
}
