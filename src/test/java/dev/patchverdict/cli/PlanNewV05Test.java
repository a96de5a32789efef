// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.DocumentType;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code patchverdict plan new --version 0.5}: the strict transition and its change policy. */
class PlanNewV05Test {
    @TempDir
    Path dir;


    private CliRun run(String... args) {
        return CliRun.in(dir, args);
    }

    @BeforeEach
    void workUnit() throws Exception {
        Files.write(dir.resolve("wu.json"), Fixtures.bytes(DocumentVersion.of(DocumentType.WORK_UNIT, "0.2")));
    }

    private StrictTransitionContract written(CliRun r) throws Exception {
        assertEquals(0, r.code(), r.err());
        EvaluatorPlan plan = EvaluatorPlanReader.strict().read(dir.resolve("plan.json"));
        assertEquals("0.4.0", plan.verifier().adapterVersion());
        assertTrue(r.out().contains("EvaluatorPlan v0.5"), r.out());
        return (StrictTransitionContract) plan.contract();
    }

    @Test
    void aTransitionWithTheSafeDefaults() throws Exception {
        StrictTransitionContract c = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.5",
                "--transition", "unsafe_call(=>safe_call(", "--glob-syntax", "gitignore", "--output", "plan.json"));
        assertEquals(List.of(new Transition("unsafe_call(", "safe_call(")), c.requiredTransitions());
        assertEquals(List.of(), c.requiredAddedSubstrings());
        assertEquals(ChangePolicy.safe(GlobSyntax.GITIGNORE), c.changePolicy());
    }

    @Test
    void allowancesExtraProtectionAndSubstrings() throws Exception {
        StrictTransitionContract c = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.5",
                "--added", "-(-n // size)", "--removed", "n // size", "--glob-syntax", "fnmatch", "--protect", "docs/*",
                "--allow", "symlink,mode", "--allow", "invisible", "--output", "plan.json"));
        ChangePolicy p = c.changePolicy();
        assertEquals(List.of(true, false, true, false, false), List.of(p.allowSymlinks(), p.allowSubmodules(),
                p.allowModeChanges(), p.allowBinary(), p.forbidInvisibleCharacters()));
        List<String> expected = new ArrayList<>(ChangePolicy.defaultProtectedPaths(GlobSyntax.FNMATCH));
        expected.add("docs/*");
        assertEquals(expected, p.protectedPaths());
        assertEquals(List.of("n // size"), c.requiredRemovedSubstrings());
    }

    @Test
    void noDefaultProtectionLeavesOnlyWhatIsAsked() throws Exception {
        StrictTransitionContract c = written(run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--added", "x",
                "--glob-syntax", "gitignore", "--no-default-protection", "--protect", "secrets/", "--output", "plan.json"));
        assertEquals(List.of("secrets/"), c.changePolicy().protectedPaths());
    }

    @Test
    void optionsThatDoNotMakeAV05PlanAreUsageErrors() {
        CliRun noSyntax = run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--transition", "a=>b",
                "--output", "plan.json");
        assertEquals(ExitCode.USAGE, noSyntax.code());
        assertTrue(noSyntax.err().contains("needs --glob-syntax"), noSyntax.err());
        CliRun nothing = run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--glob-syntax", "gitignore",
                "--output", "plan.json");
        assertEquals(ExitCode.USAGE, nothing.code());
        assertTrue(nothing.err().contains("at least one required added substring, removed substring or transition"), nothing.err());
        CliRun badArrow = run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--transition", "a->b",
                "--glob-syntax", "gitignore", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, badArrow.code());
        CliRun badAllow = run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--added", "x", "--allow", "everything",
                "--glob-syntax", "gitignore", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, badAllow.code());
        assertTrue(badAllow.err().contains("--allow takes symlink, submodule, mode, binary, invisible"), badAllow.err());
        CliRun badGlob = run("plan", "new", "--work-unit", "wu.json", "--version", "0.5", "--added", "x", "--protect", "!tests/",
                "--glob-syntax", "gitignore", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, badGlob.code());
        assertTrue(badGlob.err().contains("is a negation"), badGlob.err());
        CliRun policyOnV04 = run("plan", "new", "--work-unit", "wu.json", "--version", "0.4", "--added", "a", "--removed", "b",
                "--glob-syntax", "gitignore", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, policyOnV04.code());
        assertTrue(policyOnV04.err().contains("only EvaluatorPlan v0.5 has"), policyOnV04.err());
        CliRun transitionOnV03 = run("plan", "new", "--work-unit", "wu.json", "--version", "0.3", "--added", "a",
                "--transition", "a=>b", "--output", "plan.json");
        assertEquals(ExitCode.USAGE, transitionOnV03.code());
        assertTrue(transitionOnV03.err().contains("need v0.5"), transitionOnV03.err());
        assertFalse(Files.exists(dir.resolve("plan.json")));
    }
}
