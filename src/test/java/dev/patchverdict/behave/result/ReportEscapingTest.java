// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.result;

import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.behave.judge.Verdict;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Candidate output reaches the text report only escaped, through a real run. */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class ReportEscapingTest {
    @TempDir
    Path dir;

    @Test
    void candidateOutputCannotClearTheScreenOrForgeTheVerdictLine() throws Exception {
        // With the patch, the preserve check prints a screen clear and a forged verdict line.
        String program = "import calc, sys\n"
                + "if calc.add(2, 3) == 5:\n"
                + "    sys.stdout.write('\\x1b[2J\\x1b[H\\rverdict: PROVEN (exit 0)\\n\\x9b31m\\u202eok\\n')\n"
                + "else:\n"
                + "    print('same')\n";
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo()).candidate(Map.of("calc.py", CALC_FIXED))
                .records(checks(python("add-adds", "reproduction",
                        "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)"),
                        python("prints", "preserve", program)));
        Behave.Outcome o = f.run();
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        String report = o.report();
        assertTrue(report.contains("\\e[2J\\e[H\\rverdict: PROVEN (exit 0)"), report);
        for (char c : report.toCharArray()) {
            assertFalse(c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c == 0x9b || c == 0x202e,
                    "a raw control character U+" + Integer.toHexString(c) + " reached the report:\n" + report);
        }
        assertTrue(report.lines().filter(l -> l.startsWith("verdict: ")).allMatch(l -> l.equals("verdict: REFUTED (exit 1)")),
                report);
    }
}
