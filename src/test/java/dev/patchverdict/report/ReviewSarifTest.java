// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewSarifTest {
    static ReviewEntry entry(int i, int findings) {
        List<ReviewEntry.Finding> f = new java.util.ArrayList<>();
        for (int k = 0; k < findings; k++) {
            f.add(new ReviewEntry.Finding("HUNK_TRUNCATED", "error", k + 1, "finding " + k, true));
        }
        return new ReviewEntry(i, "p" + i + ".patch", null, "p" + i + ".patch", null, 0, ReviewEntry.Status.REJECTED,
                String.format("%064x", i), 10, List.of(), 0, 0, f, null, null, 0, null);
    }

    static JsonNode render(int maxResults, long maxBytes, int entries, int findingsEach) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(b, true, StandardCharsets.UTF_8);
        ReviewSarif s = new ReviewSarif(out, "test", List.of(new RuleInfo("HUNK_TRUNCATED", "HunkTruncated", "d", "h", "error")),
                maxResults, maxBytes);
        ReviewSummary sum = new ReviewSummary();
        s.begin();
        for (int i = 0; i < entries; i++) {
            ReviewEntry e = entry(i, findingsEach);
            sum.add(e);
            s.accept(e);
        }
        s.end(sum);
        return new ObjectMapper().readTree(b.toByteArray());
    }

    @Test
    void pastTheResultLimitOneClosingResultSaysHowManyWereCut() throws Exception {
        JsonNode s = render(10, 10_000_000, 4, 5);
        JsonNode results = s.path("runs").get(0).path("results");
        assertEquals(10, results.size());
        JsonNode last = results.get(9);
        assertEquals("RESULTS_CUT", last.path("ruleId").asText());
        assertEquals(11, last.path("properties").path("resultsCut").asInt());
        assertEquals(9, last.path("properties").path("resultsWritten").asInt());
    }

    @Test
    void pastTheSizeLimitTheFileStaysUnderIt() throws Exception {
        long limit = 200_000;
        JsonNode s = render(25_000, limit, 2000, 3);
        byte[] again = new ObjectMapper().writeValueAsBytes(s);
        assertTrue(again.length < limit, "written " + again.length);
        JsonNode results = s.path("runs").get(0).path("results");
        assertEquals("RESULTS_CUT", results.get(results.size() - 1).path("ruleId").asText());
    }

    @Test
    void underTheLimitsNothingIsCut() throws Exception {
        JsonNode s = render(25_000, 10_000_000, 3, 2);
        JsonNode results = s.path("runs").get(0).path("results");
        assertEquals(6, results.size());
        results.forEach(r -> assertEquals("HUNK_TRUNCATED", r.path("ruleId").asText()));
    }
}
