// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.StrictTransitionContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lone {@code diff --git} line lends its names to the section after it when that section has no
 * {@code ---}/{@code +++} lines: git applies the hunk to the lone line's file (here a test file, losing an
 * assertion), so every command that reads a patch as git does must see that file, not the one the second
 * header names.
 */
class LoneDiffLineTest {
    static final Path PATCH = Path.of("verification/fixtures/git-parity/lone-diff-line-lends-its-names-to-the-next-section.patch")
            .toAbsolutePath();

    @TempDir
    Path dir;

    @BeforeEach
    void copyPatch() throws Exception {
        Files.copy(PATCH, dir.resolve("p.patch"));
    }

    @Test
    void numstatNamesTheFileGitChanges() {
        CliRun r = CliRun.in(dir, "diff", "numstat", "--profile", "git", "p.patch");
        assertEquals(0, r.code(), r.err());
        assertEquals("0\t1\ttests/test_calc.py\n", r.out());
    }

    @Test
    void theSwebenchTestsPresetRemovesTheSection() {
        CliRun r = CliRun.in(dir, "diff", "filter", "--preset", "swebench-tests", "p.patch");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out(), "nothing is left once the test file's section goes");
        assertTrue(r.err().contains("removed tests/test_calc.py"), r.err());
        assertFalse(r.err().contains("src/notes.py"), r.err());
    }

    @Test
    void reviewWithTheGitProfileFindsTheRemovedAssertion() throws Exception {
        CliRun r = CliRun.in(dir, "review", "--profile", "git", "--detect", "--format", "jsonl", "p.patch");
        assertEquals(ExitCode.FAILED, r.code(), r.out() + r.err());
        JsonNode entry = ReviewCommandTest.jsonl(r.out()).get(0);
        assertEquals("tests/test_calc.py", entry.get("files").get(0).asText(), entry.toString());
        assertTrue(entry.toString().contains("assertion-removed"), entry.toString());
    }

    @Test
    void planNewProtectsTheFileTheTestPatchChanges() throws Exception {
        CliRun r = CliRun.in(dir, "plan", "new", "--work-unit", PlanNewProtectionTest.WORK_UNIT.toString(), "--version", "0.5",
                "--transition", "a=>b", "--glob-syntax", "gitignore", "--no-default-protection", "--test-patch", "p.patch",
                "--output", "plan.json");
        assertEquals(0, r.code(), r.err());
        List<String> paths = ((StrictTransitionContract) EvaluatorPlanReader.strict().read(dir.resolve("plan.json")).contract())
                .changePolicy().protectedPaths();
        assertEquals(List.of("/tests/test_calc.py"), paths);
    }
}
