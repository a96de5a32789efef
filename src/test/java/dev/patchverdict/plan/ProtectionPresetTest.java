// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ProtectionPresetTest {
    /** What the swebench preset must cover, whichever syntax it is written in. */
    private static final List<String> SWEBENCH_PROTECTED = List.of(
            "tests/test_models.py", "pkg/tests/helpers.py", "test/a.py", "src/testing/x.py", "spec/models/user_spec.rb",
            "pkg/testdata/input.txt", "pkg/foo_tests.py", "testing/python/approx.py", "src/test/java/FooTest.java",
            "test_top.py", "astropy/io/tests/test_fits.py", "pkg/inner_test.py", "django/contrib/auth/tests.py",
            "cmd/main_test.go", "web/__tests__/app.js", "web/app.spec.ts", "web/app.test.js", "lib/FooTest.java",
            "conftest.py", "pkg/sub/conftest.py", "sitecustomize.py", "lib/python3/site-packages/usercustomize.py",
            "evil.pth", "lib/site-packages/zzz.pth",
            "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", "sub/pyproject.toml", "jest.config.js",
            ".github/workflows/ci.yml", ".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab-ci.yml",
            ".claude/settings.json", ".cursor/rules/x.mdc", "AGENTS.md", "pkg/AGENTS.md", "CLAUDE.md", ".git/hooks/pre-commit");
    /** And what it must leave alone: the code a fix changes, and names that only look alike. */
    private static final List<String> SWEBENCH_FREE = List.of(
            "src/_pytest/python.py", "astropy/modeling/separable.py", "django/db/models/query.py", "README.md",
            "docs/testing.rst", "src/contest.py", "latest/notes.txt", "sklearn/utils/_testing.py", "attest.py",
            "lib/path.py", "AGENTS.md.orig", "pkg/specification.py", "github/README.md", "setup.py.bak",
            "django/test/testcases.py", "numpy/testing/utils.py", "sphinx/testing/fixtures.py", "api/spec/schema.py");

    @ParameterizedTest
    @EnumSource(GlobSyntax.class)
    void swebenchCoversTestsAutoLoadedFilesRunnersAndAgentConfiguration(GlobSyntax syntax) {
        ChangePolicy p = policy(ProtectionPreset.named("swebench").globs(syntax), syntax);
        assertEquals(List.of(), PathGlobTest.misjudged(p, SWEBENCH_PROTECTED, SWEBENCH_FREE));
    }

    @Test
    void theDefaultIsTheListPlansWereWrittenWithAndGitsControlFiles() throws IOException {
        // The shipped fixture plan was written by plan new before the default became a preset, and before the
        // control files git reads from the tree joined it; a plan keeps the list it was written with.
        JsonNode plan = new ObjectMapper().readTree(Path.of("verification/fixtures/patch-transition/plan-v0.5.json").toFile());
        List<String> written = new ArrayList<>();
        plan.path("backend").path("change_policy").path("protected_paths").forEach(n -> written.add(n.asText()));
        assertEquals(36, written.size());
        List<String> now = new ArrayList<>(written);
        now.addAll(GIT_CONTROL_FILES);
        assertEquals(now, ChangePolicy.defaultProtectedPaths(GlobSyntax.GITIGNORE));
        assertEquals(ProtectionPreset.named("default").globs(GlobSyntax.GITIGNORE), now);
    }

    /** What git (and git-lfs) read from the tree at any depth: both presets protect them. */
    private static final List<String> GIT_CONTROL_FILES = List.of(".gitattributes", ".gitmodules", ".gitignore", ".mailmap",
            ".lfsconfig");

    @ParameterizedTest
    @EnumSource(GlobSyntax.class)
    void bothPresetsProtectTheControlFilesGitReadsFromTheTree(GlobSyntax syntax) {
        List<String> at = List.of(".gitattributes", "pkg/.gitattributes", ".gitmodules", "vendor/.gitmodules", ".gitignore",
                "a/b/.gitignore", ".mailmap", ".lfsconfig");
        List<String> free = List.of("docs/gitattributes.md", "gitmodules", ".gitattributes.orig", "pkg/.gitkeep");
        for (String preset : List.of("default", "swebench")) {
            ChangePolicy p = policy(ProtectionPreset.named(preset).globs(syntax), syntax);
            assertEquals(List.of(), PathGlobTest.misjudged(p, at, free), preset);
        }
    }

    @Test
    void fnmatchFormsFindANameAtTheRootAndBelowIt() {
        List<String> globs = ProtectionPreset.named("swebench").globs(GlobSyntax.FNMATCH);
        assertTrue(globs.containsAll(List.of("conftest.py", "*/conftest.py", "tests/*", "*/tests/*", "src/test/*", "*/src/test/*",
                "test/*", "testing/*", "src/testing/*")), globs.toString());
        List<String> gitignore = ProtectionPreset.named("swebench").globs(GlobSyntax.GITIGNORE);
        assertTrue(gitignore.containsAll(List.of("conftest.py", "tests/", "**/src/test/", "/test/", "/src/testing/", "*.pth")),
                gitignore.toString());
        assertEquals(gitignore.size(), gitignore.stream().distinct().count());
    }

    @Test
    void presetsAreListedAndAnUnknownNameSaysWhichThereAre() {
        assertEquals(List.of("default", "swebench"), ProtectionPreset.all().stream().map(ProtectionPreset::name).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProtectionPreset.named("swebenh"));
        assertEquals("no protection preset 'swebenh'; there are default, swebench", e.getMessage());
    }

    @Test
    void aGroupRefusesPathsThatWouldNotMeanWhatTheySay() {
        assertThrows(IllegalArgumentException.class, () -> new ProtectionPreset.Group("x", List.of("tests/"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new ProtectionPreset.Group("x", List.of("/tests"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new ProtectionPreset.Group("x", List.of(), List.of("a/b.py")));
        assertThrows(IllegalArgumentException.class,
                () -> new ProtectionPreset("p", "d", List.of(new ProtectionPreset.Group("x", List.of(), List.of("!x")))));
    }

    /**
     * Measured on the shared corpus: no reference fix of SWE-bench Lite touches a path the swebench
     * preset protects (so the preset costs a correct fix nothing there), while the agent patches do.
     */
    @ParameterizedTest
    @EnumSource(GlobSyntax.class)
    @Tag(TestGroups.SHARED_CORPUS)
    void noReferenceFixTouchesTheSwebenchPreset(GlobSyntax syntax) throws IOException {
        Path corpus = SharedData.corpus();
        ChangePolicy p = policy(ProtectionPreset.named("swebench").globs(syntax), syntax);
        assertEquals(Map.of(), touched(corpus.resolve("gold_swebench_lite_patch"), p));
        Map<String, String> agent = touched(corpus.resolve("agent_sweagent_gpt4_t0"), p);
        assertTrue(agent.size() >= 10, agent.toString());
    }

    /** Patch file name to its first protected path, read from git's own numstat of each patch. */
    private static Map<String, String> touched(Path group, ChangePolicy p) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(group)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".patch.numstat")).sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    String[] cols = line.split("\t", 3);
                    if (cols.length == 3 && p.protectingGlob(cols[2]).isPresent()) {
                        out.putIfAbsent(f.getFileName().toString(), cols[2]);
                    }
                }
            }
        }
        return out;
    }

    private static ChangePolicy policy(List<String> globs, GlobSyntax syntax) {
        return new ChangePolicy(false, false, false, false, true, globs, syntax);
    }
}
