// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.plan.FilterPresets;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.PathGlob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shipped swebench-tests preset: what it matches, and what it does to the corpus's SWE-bench patches. */
class SwebenchTestsPresetTest {
    private static final List<PathGlob> GLOBS = FilterPresets.globs("swebench-tests").stream()
            .map(g -> PathGlob.compile(GlobSyntax.GITIGNORE, g)).toList();

    private static boolean matches(String path) {
        return GLOBS.stream().anyMatch(g -> g.matches(path));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tests/test_x.py", "astropy/io/fits/tests/test_core.py", "testing/python/collect.py",
        "sympy/core/tests/data/x.txt", "test_requests.py", "src/utils_test.py", "lib/foo_tests.py",
        "django/contrib/auth/tests.py", "conftest.py", "src/pkg/conftest.py", "test/unit/a.py",
        // The swebench protection preset's test paths in the other languages too.
        "web/app.spec.ts", "web/__tests__/a.js", "src/test/java/org/acme/A.java", "lib/FooTest.java", "cmd/main_test.go",
        "spec/models/user_spec.rb", "pkg/testdata/in.txt"})
    void testPathsMatch(String path) {
        assertTrue(matches(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"src/contest.py", "src/testutils.py", "docs/testing.rst", "latest/x.py", "attest.py",
        "src/test_data.json", "pytest.ini", "sphinx/testing.py", "tests_helper/x.py", "mytests/x.py",
        "sphinx/testing/fixtures.py", "django/test/client.py", "sitecustomize.py", "setup.cfg", ".github/workflows/ci.yml"})
    void otherPathsDoNot(String path) {
        assertTrue(!matches(path), path);
    }

    @Test
    void everyLineIsAGitignoreGlobAndUnknownPresetsAreNamed() {
        assertTrue(GLOBS.size() >= 8, "preset has " + GLOBS.size() + " globs");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FilterPresets.globs("nope"));
        assertTrue(e.getMessage().contains("swebench-tests"), e.getMessage());
    }

    /**
     * A reference fix is the change under evaluation, never a test edit (the benchmark keeps those in its test
     * patch), so the preset must leave every one of the 300 whole. The agent groups' figures are printed.
     */
    @Test
    @Tag(TestGroups.SHARED_CORPUS)
    void referenceFixesKeepEverySectionAndAgentFiguresArePrinted() throws Exception {
        List<String> strippedFromGold = new ArrayList<>();
        int goldPatches = 0;
        try (Stream<Path> groups = Files.list(SharedData.corpus())) {
            for (Path g : groups.filter(Files::isDirectory).sorted().toList()) {
                int patches = 0;
                int touched = 0;
                int sections = 0;
                int removed = 0;
                try (Stream<Path> s = Files.list(g)) {
                    for (Path p : s.filter(x -> x.toString().endsWith(".patch") || x.toString().endsWith(".diff")).sorted().toList()) {
                        DiffResult r = DiffReader.read(p, Profile.GIT);
                        patches++;
                        int before = removed;
                        for (FileSection f : r.sections()) {
                            sections++;
                            if (Stream.of(f.oldPath(), f.newPath()).filter(Objects::nonNull).anyMatch(n -> matches(n.text()))) {
                                removed++;
                                if (g.getFileName().toString().equals("gold_swebench_lite_patch")) {
                                    strippedFromGold.add(p.getFileName() + ": " + f.path());
                                }
                            }
                        }
                        touched += removed > before ? 1 : 0;
                    }
                }
                if (g.getFileName().toString().equals("gold_swebench_lite_patch")) {
                    goldPatches = patches;
                }
                System.out.printf("swebench-tests preset: %s: %d of %d patches lose sections, %d of %d sections%n",
                        g.getFileName(), touched, patches, removed, sections);
            }
        }
        assertEquals(300, goldPatches, "the reference fixes were all read");
        assertEquals(List.of(), strippedFromGold, "reference fixes the preset would strip");
    }
}
