// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.result;

import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.judge.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text made of characters outside the BMP, cut where the result and the report cut it (the
 * argv excerpt, a check's diagnostics, the report's diff): no cut leaves half a surrogate pair.
 * Each kind of text comes twice, one char apart, so one of the two puts a pair across every cut
 * whatever the length of the text before it.
 */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class CutsKeepSurrogatePairsTest {
    private static final String GRIN = "\uD83D\uDE00";

    @TempDir
    Path dir;

    /** On the patched tree, {@code pad} and then forty lines of 150 grins: a diff of some 12,000 chars. */
    private static String manyGrins(String pad) {
        return "import calc, sys\n"
                + "if calc.add(2, 3) == 5:\n"
                + "    sys.stdout.buffer.write(('" + pad + "\\n' + ('\\U0001F600' * 150 + '\\n') * 40).encode())\n"
                + "else:\n"
                + "    print('same')\n";
    }

    @Test
    void noCutSplitsAPairOfSurrogates() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", CALC_FIXED))
                .records(checks(python("grins-even", "preserve", manyGrins("")),
                        python("grins-odd", "preserve", manyGrins("a")),
                        python("long-argv-even", "contract", "x = 1  # " + GRIN.repeat(600)),
                        python("long-argv-odd", "contract", "x = 1  #  " + GRIN.repeat(600))));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());

        List<String> texts = new ArrayList<>();
        strings(o.result().toJson(), texts);
        List<String> diagnostics = texts.stream().filter(t -> t.contains(GRIN) && t.endsWith("\n... cut\n")).toList();
        List<String> argv = texts.stream().filter(t -> t.startsWith("[\"python3\",\"-c\",\"x = 1") && t.endsWith("..."))
                .toList();
        // The report escapes a lone surrogate as \ud83d: a whole pair is shown as the character.
        assertAll(
                () -> assertTrue(o.report().contains("\n        ... cut\n"), "the report's diff is cut"),
                () -> assertFalse(o.report().contains("\\ud83d"), "the report's diff keeps its pairs whole"),
                () -> assertTrue(diagnostics.size() >= 2, "both checks' diagnostics are cut"),
                () -> assertTrue(diagnostics.stream().allMatch(t -> dev.patchverdict.text.Utf8.firstLoneSurrogate(t) < 0),
                        "the diagnostics keep their pairs whole"),
                () -> assertTrue(argv.size() >= 2, "the argv excerpts are cut"),
                () -> assertTrue(argv.stream().allMatch(t -> dev.patchverdict.text.Utf8.firstLoneSurrogate(t) < 0),
                        "the argv excerpts keep their pairs whole"),
                () -> assertTrue(texts.stream().allMatch(t -> dev.patchverdict.text.Utf8.firstLoneSurrogate(t) < 0), "no text in the result splits a pair"));
    }

    private static void strings(JsonNode n, List<String> out) {
        if (n.isTextual()) {
            out.add(n.textValue());
        }
        n.forEach(child -> strings(child, out));
    }

}
