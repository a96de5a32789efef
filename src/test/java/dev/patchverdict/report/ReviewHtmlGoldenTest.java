// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.patchverdict.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whole review pages, byte for byte, for two fixtures: the hostile names (markup, bidi overrides, control
 * characters in ids, models and paths) and the review fixture (two models, a report hook, a patch that needs a
 * repair). After a deliberate change, open the new pages, then rewrite them with
 * {@code -Dpatchverdict.fixtures.update=true}.
 */
class ReviewHtmlGoldenTest {
    @ParameterizedTest
    @CsvSource({"hostile-names.jsonl, hostile-names.html.expected", "../review/predictions.jsonl, review-predictions.html.expected"})
    void thePageIsTheRecordedOne(String input, String expected) throws IOException {
        String page = ReviewPages.render(ReviewHtmlTest.DIR, List.of(input));
        Path golden = ReviewHtmlTest.DIR.resolve(expected);
        if (SharedData.fixturesUpdate(Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv())) {
            Files.writeString(golden, page, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), page, "the page differs from " + golden);
    }
}
