// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.plan.FilterPresets;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.PathGlob;
import dev.patchverdict.plan.ProtectionPreset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * One table of paths, each a test path or not, held against every definition of a test path: the trick detectors'
 * {@code PathKinds.isTest}, the swebench protection preset's test groups in both glob syntaxes, the
 * {@code diff filter --preset swebench-tests} list, and the {@code default} protection preset. Where a definition
 * differs from the table, the difference is listed below with its reason; an unlisted difference, or a listed one
 * that no longer holds, fails.
 */
class PathConventionsTest {
    private static final String CASE = "globs match with case, as git does (core.ignorecase off); the detectors fold a folder"
            + " name's case, so a Tests/ made on a case-insensitive system still counts";
    private static final String DEFAULT = "the default preset is the list plans were written with before presets: it stays"
            + " as it was, so plan new writes the same plans";
    private static final String DEFAULT_ANY_DEPTH = "the default preset protects test/ at any depth (it was written before"
            + " django/test/ was found to be library code) and stays as it was";
    private static final String FNMATCH = "an fnmatch * also crosses /, so */test_*.py covers a file below a test_* folder:"
            + " the fnmatch form protects a little more, never less";

    /** Each path and whether it is a test path. */
    private static final Map<String, Boolean> TABLE = new LinkedHashMap<>();

    /** Per definition, the paths where it differs from the table on purpose, with why. */
    private static final Map<String, Map<String, String>> DIFFERS = new LinkedHashMap<>();

    private static final Map<String, Predicate<String>> DEFINITIONS = new LinkedHashMap<>();

    private static final String DETECTORS = "PathKinds.isTest";
    private static final String SWEBENCH_GITIGNORE = "swebench preset's test groups (gitignore)";
    private static final String SWEBENCH_FNMATCH = "swebench preset's test groups (fnmatch)";
    private static final String FILTER = "diff filter --preset swebench-tests";
    private static final String DEFAULT_GITIGNORE = "default preset (gitignore)";
    private static final String DEFAULT_FNMATCH = "default preset (fnmatch)";

    static {
        for (String p : List.of(
                // test folders at any depth
                "tests/test_core.py", "sympy/core/tests/test_basic.py", "astropy/io/fits/tests/data/x.fits",
                "web/__tests__/sum.js", "web/__test__/sum.js", "web/__snapshots__/App.test.js.snap", "pkg/parse/testdata/in.txt",
                "pkg/test_data/in.csv", "src/test/java/org/acme/Parser.java", "module/src/test/resources/data.txt",
                // test folders at the root or under the top-level src/
                "testing/python/collect.py", "test/unit/parse.js", "src/testing/helpers.py", "spec/models/user.rb",
                "e2e/login.js", "src/e2e/flow.js", "integration-tests/run.sh",
                // test modules by each language's convention
                "test_requests.py", "pkg/core_test.py", "pkg/core_tests.py", "app/tests.py", "conftest.py", "sympy/conftest.py",
                "src/main/java/org/acme/ParserTest.java", "src/main/java/org/acme/ParserTests.java",
                "src/main/java/org/acme/ParserIT.java", "src/main/java/org/acme/ParserTestCase.java", "app/ParserTest.kt",
                "app/ParserIT.kt", "core/ParserTest.scala", "core/ParserTestCase.groovy", "src/app.spec.ts", "src/app.test.tsx",
                "src/app.test.mjs", "src/app.spec.cts", "pkg/parse/parse_test.go", "lib/models/user_spec.rb",
                "lib/models/user_test.rb", "src/lib_test.rs",
                // a folder named with other case
                "Tests/TestFoo.py")) {
            TABLE.put(p, true);
        }
        for (String p : List.of(
                // library code in folders named like tests
                "django/test/utils.py", "numpy/testing/utils.py", "sphinx/testing/fixtures.py", "api/spec/schema.py",
                "module/src/testing/helpers.py", "lib/e2e/driver.js", "sklearn/utils/_testing.py",
                // names that only look alike
                "src/testing_utils.py", "pkg/contest.py", "pkg/latest.py", "pkg/attest/sign.go", "lib/protest.js",
                "docs/testing.md", "src/main/java/org/acme/TestUtils.java", "pkg/parse/parse.go", "src/test_data.json",
                "tests_helper/x.py", "mytests/x.py", "pkg/test_utils/helpers.py", "src/app.spec.json")) {
            TABLE.put(p, false);
        }

        DEFINITIONS.put(DETECTORS, PathKinds::isTest);
        ProtectionPreset swebench = ProtectionPreset.named("swebench");
        ProtectionPreset dflt = ProtectionPreset.named("default");
        DEFINITIONS.put(SWEBENCH_GITIGNORE, matcher(swebench.testGlobs(GlobSyntax.GITIGNORE), GlobSyntax.GITIGNORE));
        DEFINITIONS.put(SWEBENCH_FNMATCH, matcher(swebench.testGlobs(GlobSyntax.FNMATCH), GlobSyntax.FNMATCH));
        DEFINITIONS.put(FILTER, matcher(FilterPresets.globs("swebench-tests"), GlobSyntax.GITIGNORE));
        DEFINITIONS.put(DEFAULT_GITIGNORE, matcher(dflt.globs(GlobSyntax.GITIGNORE), GlobSyntax.GITIGNORE));
        DEFINITIONS.put(DEFAULT_FNMATCH, matcher(dflt.globs(GlobSyntax.FNMATCH), GlobSyntax.FNMATCH));
        DEFINITIONS.keySet().forEach(d -> DIFFERS.put(d, new LinkedHashMap<>()));

        for (String d : List.of(SWEBENCH_GITIGNORE, SWEBENCH_FNMATCH, FILTER, DEFAULT_GITIGNORE, DEFAULT_FNMATCH)) {
            DIFFERS.get(d).put("Tests/TestFoo.py", CASE);
        }
        DIFFERS.get(SWEBENCH_FNMATCH).put("pkg/test_utils/helpers.py", FNMATCH);
        DIFFERS.get(DEFAULT_FNMATCH).put("pkg/test_utils/helpers.py", FNMATCH);
        for (String d : List.of(DEFAULT_GITIGNORE, DEFAULT_FNMATCH)) {
            DIFFERS.get(d).put("django/test/utils.py", DEFAULT_ANY_DEPTH);
            for (String p : List.of("web/__test__/sum.js", "web/__snapshots__/App.test.js.snap", "pkg/parse/testdata/in.txt",
                    "pkg/test_data/in.csv", "testing/python/collect.py", "src/testing/helpers.py", "spec/models/user.rb",
                    "e2e/login.js", "src/e2e/flow.js", "integration-tests/run.sh", "pkg/core_tests.py", "app/tests.py",
                    "src/main/java/org/acme/ParserTest.java", "src/main/java/org/acme/ParserTests.java",
                    "src/main/java/org/acme/ParserIT.java", "src/main/java/org/acme/ParserTestCase.java", "app/ParserTest.kt",
                    "app/ParserIT.kt", "core/ParserTest.scala", "core/ParserTestCase.groovy", "src/app.spec.ts",
                    "src/app.test.tsx", "src/app.test.mjs", "src/app.spec.cts", "lib/models/user_spec.rb",
                    "lib/models/user_test.rb", "src/lib_test.rs")) {
                DIFFERS.get(d).put(p, DEFAULT);
            }
        }
    }

    private static Predicate<String> matcher(List<String> globs, GlobSyntax syntax) {
        List<PathGlob> compiled = globs.stream().map(g -> PathGlob.compile(syntax, g)).toList();
        return path -> compiled.stream().anyMatch(g -> g.matches(path));
    }

    @Test
    void everyDefinitionAgreesWithTheTableOrSaysWhyNot() {
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Predicate<String>> d : DEFINITIONS.entrySet()) {
            Map<String, String> differs = DIFFERS.get(d.getKey());
            for (Map.Entry<String, Boolean> row : TABLE.entrySet()) {
                boolean expected = row.getValue() ^ differs.containsKey(row.getKey());
                if (d.getValue().test(row.getKey()) != expected) {
                    wrong.add(d.getKey() + (expected ? " misses " : " takes ") + row.getKey()
                            + (differs.containsKey(row.getKey()) ? " (listed as differing: " + differs.get(row.getKey()) + ")" : ""));
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyListedDifferenceIsAPathOfTheTable() {
        DIFFERS.forEach((d, paths) -> paths.keySet().forEach(p -> assertTrue(TABLE.containsKey(p), d + ": " + p)));
    }

    /** The filter preset is no list of its own: it is the swebench protection preset's test groups. */
    @Test
    void theFilterPresetIsTheSwebenchPresetsTestPaths() {
        assertEquals(List.of("swebench-tests"), FilterPresets.names());
        List<String> tests = ProtectionPreset.named("swebench").testGlobs(GlobSyntax.GITIGNORE);
        assertEquals(tests, FilterPresets.globs("swebench-tests"));
        assertTrue(ProtectionPreset.named("swebench").globs(GlobSyntax.GITIGNORE).containsAll(tests));
        assertTrue(tests.containsAll(List.of("tests/", "/test/", "/testing/", "test_*.py", "*_test.py", "*_tests.py", "tests.py",
                "conftest.py")), tests.toString());
        assertTrue(!tests.contains("sitecustomize.py") && !tests.contains("pytest.ini"), tests.toString());
    }
}
