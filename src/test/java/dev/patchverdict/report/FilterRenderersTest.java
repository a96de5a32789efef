// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A value the report does not have is a JSON null under its key, never a missing key or the text "null". */
class FilterRenderersTest {
    @Test
    void absentValuesAreJsonNulls() throws Exception {
        FilterReport.Section added = new FilterReport.Section(0, "img/logo.png", null, "img/logo.png", "add", true, 1, 0, 40,
                "-\t-\timg/logo.png", List.of(new FilterReport.Reason("binary", null, null, null, null)));
        FilterReport report = new FilterReport("-", "sha256:aa", 40, null, "sha256:bb", 0, List.of(), List.of(added));
        JsonNode j = new ObjectMapper().readTree(FilterRenderers.json(report));
        assertTrue(j.get("output").isNull(), j.toString());
        JsonNode s = j.get("removed").get(0);
        assertTrue(s.get("old_path").isNull(), s.toString());
        assertEquals("img/logo.png", s.get("new_path").asText());
        JsonNode r = s.get("reasons").get(0);
        for (String key : List.of("side", "path", "glob", "origin")) {
            assertTrue(r.get(key).isNull(), key + ": " + r);
        }
        assertEquals("binary (--drop-binary)", r.get("text").asText());
    }
}
