// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.ProtectionPreset;
import dev.patchverdict.plan.StrictTransitionContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plan new --protect-preset} and {@code --test-patch}. */
class PlanNewProtectionTest {
    static final Path FIXTURES = Path.of("verification/fixtures/v05-tricks").toAbsolutePath();
    static final Path WORK_UNIT = Path.of("verification/fixtures/patch-transition/work-unit.json").toAbsolutePath();

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir, args);
    }

    private List<String> protectedPaths() throws Exception {
        return ((StrictTransitionContract) EvaluatorPlanReader.strict().read(dir.resolve("plan.json")).contract())
                .changePolicy().protectedPaths();
    }

    @Test
    void aPresetAddsToTheDefaultInTheChosenSyntax() throws Exception {
        for (GlobSyntax syntax : GlobSyntax.values()) {
            CliRun r = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                    "--glob-syntax", syntax.wire(), "--protect-preset", "swebench", "--output", "plan.json", "--force");
            assertEquals(0, r.code(), r.err());
            LinkedHashSet<String> expected = new LinkedHashSet<>(ChangePolicy.defaultProtectedPaths(syntax));
            expected.addAll(ProtectionPreset.named("swebench").globs(syntax));
            assertEquals(new ArrayList<>(expected), protectedPaths());
        }
    }

    @Test
    void withoutTheDefaultOnlyThePresetIsProtected() throws Exception {
        CliRun r = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                "--glob-syntax", "fnmatch", "--no-default-protection", "--protect-preset", "swebench", "--protect", "docs/*",
                "--output", "plan.json");
        assertEquals(0, r.code(), r.err());
        List<String> expected = new ArrayList<>(ProtectionPreset.named("swebench").globs(GlobSyntax.FNMATCH));
        expected.add("docs/*");
        assertEquals(expected, protectedPaths());
    }

    @Test
    void anUnknownPresetIsAUsageErrorNamingThePresetsThereAre() {
        CliRun r = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                "--glob-syntax", "gitignore", "--protect-preset", "swe-bench", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().contains("no protection preset 'swe-bench'; there are default, swebench"), r.err());
        assertFalse(Files.exists(dir.resolve("plan.json")));
    }

    /** The checked-in collision plan is what these arguments write, byte for byte. */
    @Test
    void theTestPatchPlanIsTheCheckedInOne() throws Exception {
        Path folder = FIXTURES.resolve("test-patch-collision");
        CliRun r = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5",
                "--transition", "unsafe_call(=>safe_call(", "--glob-syntax", "gitignore",
                "--test-patch", folder.resolve("evaluation-test-patch.diff").toString(), "--output", "plan.json");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(Files.readAllBytes(folder.resolve("plan.json")), Files.readAllBytes(dir.resolve("plan.json")));
        List<String> paths = protectedPaths();
        assertEquals(List.of("/tests/test_safe_call.py", "/examples/safe_call_output.txt", "/examples/case\\[1].txt"),
                paths.subList(paths.size() - 3, paths.size()));
    }

    @Test
    void aTestPatchThatCannotBeReadOrUsedIsExit2NamingIt() throws Exception {
        CliRun missing = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                "--glob-syntax", "gitignore", "--test-patch", "absent.diff", "--output", "plan.json");
        assertEquals(ExitCode.UNDECIDED, missing.code());
        assertTrue(missing.err().contains("absent.diff"), missing.err());
        Files.writeString(dir.resolve("broken.diff"), "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,3 +1,3 @@\n-x\n+y\n");
        CliRun broken = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                "--glob-syntax", "gitignore", "--test-patch", "broken.diff", "--output", "plan.json");
        assertEquals(ExitCode.UNDECIDED, broken.code());
        assertTrue(broken.err().contains("broken.diff") && broken.err().contains("not a usable test patch: git would not apply it: line"),
                broken.err());
        assertFalse(Files.exists(dir.resolve("plan.json")));
        CliRun onV04 = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.4", "--added", "a", "--removed", "b",
                "--test-patch", "broken.diff", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, onV04.code());
        assertTrue(onV04.err().contains("only EvaluatorPlan v0.5 has"), onV04.err());
        CliRun overwrite = run("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.5", "--transition", "a=>b",
                "--glob-syntax", "gitignore", "--test-patch", "broken.diff", "--output", "broken.diff", "--force");
        assertEquals(ExitCode.UNDECIDED, overwrite.code());
        assertTrue(overwrite.err().contains("--test-patch broken.diff"), overwrite.err());
    }
}
