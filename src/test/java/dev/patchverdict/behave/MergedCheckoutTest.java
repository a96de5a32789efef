// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.TestGroups;
import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.newFile;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.patchverdict.behave.judge.Level;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tree the checks run on is what a checkout of the merged commit holds: the git attributes of the merged
 * commit act on it (ident, eol, working-tree-encoding), as they will for everyone who checks the merge out.
 */
@Tag(TestGroups.GIT)
@Tag(TestGroups.BUBBLEWRAP)
@Tag(TestGroups.PYTHON3)
class MergedCheckoutTest {
    /** Takes the fixed path only while {@code $Id$} is not expanded: in the patch, never in a checkout. */
    static final String ID_KEYED = """
            def add(a, b):
                if "$Id$" == "$" + "Id$":
                    return a + b
                return a - b


            def mul(a, b):
                return a * b
            """;

    @TempDir
    Path dir;

    private Behave.Outcome run(String candidate, String added, Map<String, String> base, ArrayNode checks)
            throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, base).candidate(Map.of("calc.py", candidate));
        return f.withPatchText(f.patchText + added).records(checks).run();
    }

    private String level(Level l) throws Exception {
        VerificationResult r = DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
        JsonNode levels = r.extensions().orElseThrow().get(ResultDocument.EXTENSION).get("levels");
        return levels.get(l.key()).get("verdict").textValue();
    }

    @Test
    void aFixKeyedToAnUnexpandedIdentIsRefutedAsTheMergedCheckoutExpandsIt() throws Exception {
        Behave.Outcome o = run(ID_KEYED, newFile(".gitattributes", "calc.py ident\n"), BehaveFixture.calcRepo(),
                BehaveRunTest.standardChecks());
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        assertEquals("PROVEN", level(Level.APPLIES), o.report());
        assertEquals("REFUTED", level(Level.TARGET), o.report());
    }

    @Test
    void aWorkingTreeEncodingTheCandidateAddsIsAppliedAndTheModuleNoLongerImports() throws Exception {
        Behave.Outcome o = run(CALC_FIXED, newFile(".gitattributes", "calc.py working-tree-encoding=UTF-16\n"),
                BehaveFixture.calcRepo(), BehaveRunTest.standardChecks());
        assertEquals(Verdict.REFUTED, o.verdict(), o.report());
        assertEquals("REFUTED", level(Level.TARGET), o.report());
    }

    @Test
    void aFixToABaseCheckedOutWithCrlfAppliesAndIsCheckedOutWithCrlf() throws Exception {
        ArrayNode checks = BehaveRunTest.standardChecks();
        checks.add(python("checked-out-crlf", "contract",
                "import sys; sys.exit(0 if open('calc.py', 'rb').read().count(b'\\r\\n') == 6 else 1)"));
        Behave.Outcome o = run(CALC_FIXED, "", Map.of("calc.py", BehaveFixture.CALC_BUGGY,
                ".gitattributes", "*.py text eol=crlf\n"), checks);
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
    }
}
