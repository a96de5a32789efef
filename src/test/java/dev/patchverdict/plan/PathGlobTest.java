// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Protected-path globs in both syntaxes, against golden tables of the reference implementations. */
class PathGlobTest {
    /**
     * {pattern, path, expected}: the expected values are CPython 3.11's
     * {@code fnmatch.fnmatchcase(path, pattern)}, hard-coded.
     */
    private static final String[][] FNMATCH = {
            {"*.py", "a.py", "true"},
            {"*.py", "a/b.py", "true"},
            {"*.py", "a.pyc", "false"},
            {"*", "a/b/c", "true"},
            {"*", "", "true"},
            {"?", "a", "true"},
            {"?", "/", "true"},
            {"?", "ab", "false"},
            {"a?c", "a/c", "true"},
            {"a*c", "a/b/c", "true"},
            {"src/*", "src/a/b.py", "true"},
            {"src/*.py", "src/a/b.py", "true"},
            {"tests/*", "tests/test_x.py", "true"},
            {"tests/*", "pkg/tests/x.py", "false"},
            {"*/tests/*", "pkg/tests/x.py", "true"},
            {"*/tests/*", "tests/x.py", "false"},
            {"**/test_*.py", "test_x.py", "false"},
            {"**/test_*.py", "a/test_x.py", "true"},
            {".github/**", ".github/workflows/ci.yml", "true"},
            {".github/*", ".github/workflows/ci.yml", "true"},
            {"[abc].txt", "b.txt", "true"},
            {"[abc].txt", "d.txt", "false"},
            {"[!abc].txt", "d.txt", "true"},
            {"[!abc].txt", "a.txt", "false"},
            {"[a-c].txt", "b.txt", "true"},
            {"[c-a].txt", "b.txt", "false"},
            {"[az-ab].txt", "b.txt", "true"},
            {"[az-ab].txt", "z.txt", "false"},
            {"[]].txt", "].txt", "true"},
            {"[!]].txt", "a.txt", "true"},
            {"[!]].txt", "].txt", "false"},
            {"[].txt", "[].txt", "true"},
            {"[!].txt", "[!].txt", "true"},
            {"[a", "[a", "true"},
            {"[a", "a", "false"},
            {"a[", "a[", "true"},
            {"[\\]x", "\\x", "true"},
            {"[\\]x", "]x", "false"},
            {"\\*", "\\x", "true"},
            {"\\*", "*", "false"},
            {"[^a]", "b", "false"},
            {"[^a]", "^", "true"},
            {"[^a]", "a", "true"},
            {"[-a]", "-", "true"},
            {"[a-]", "-", "true"},
            {"[a-]", "b", "false"},
            {"[!-]", "-", "false"},
            {"[*]", "*", "true"},
            {"[*]", "x", "false"},
            {"[?]", "?", "true"},
            {"[/]", "/", "true"},
            {"a[/]b", "a/b", "true"},
            {"[[]", "[", "true"},
            {"[a-z0-9]", "5", "true"},
            {"[--0]", ".", "true"},
            {"[!--0]", ".", "false"},
            {"*.PY", "a.py", "false"},
            {"Makefile", "makefile", "false"},
            {"build.gradle*", "build.gradle.kts", "true"},
            {"build.gradle*", "sub/build.gradle", "false"},
            {"*/build.gradle*", "sub/build.gradle.kts", "true"},
            {"pom.xml", "pom.xml", "true"},
            {"pom.xml", "a/pom.xml", "false"},
            {"*pom.xml", "a/notpom.xml", "true"},
            {"\u00e9*", "\u00e9a", "true"},
            {"?", "\u00e9", "true"},
            {"?", "\ud83d\ude00", "true"},
            {"[\ud83d\ude00]", "\ud83d\ude00", "true"},
            {"a**b", "a/x/b", "true"},
            {".git/*", ".git/config", "true"},
            {"*&&*", "a&&b", "true"},
            {"[&&]", "&", "true"},
            {"[a&&b]", "&", "true"},
            {"[~~]", "~", "true"},
            {"[||]", "|", "true"},
            {"[a-a]", "a", "true"},
            {"**", "a/b", "true"},
            {"*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "false"},
            {"[!a-c]x", "bx", "false"},
            {"[!a-c]x", "dx", "true"},
            {"[z-a]x", "zx", "false"},
            {"[a-b-c]", "-", "true"},
            {"[a-b-c]", "c", "true"},
            {"[c-a-z]", "-", "true"},
            {"[c-a-z]", "b", "false"},
            {"[c-a-z]", "z", "true"},
            {"[a-c-e]", "d", "false"},
            {"[!]", "!", "false"},
            {"[!]x]", "]x", "false"},
            {"*.[ch]", "src/a.c", "true"},
    };

    /**
     * {pattern, path, expected}: the expected values are git 2.39's, from a one-line .gitignore
     * holding the pattern and {@code git check-ignore --no-index} on the path, hard-coded.
     */
    private static final String[][] GITIGNORE = {
            {"tests/", "tests/test_x.py", "true"},
            {"tests/", "pkg/tests/x.py", "true"},
            {"tests/", "tests", "false"},
            {"tests/", "testsuite/x.py", "false"},
            {"tests", "pkg/tests/x.py", "true"},
            {"*.py", "a/b/c.py", "true"},
            {"*.py", "a.pyc", "false"},
            {"a/*.py", "a/c.py", "true"},
            {"a/*.py", "a/b/c.py", "false"},
            {"a/*.py", "x/a/c.py", "false"},
            {"**/test_*.py", "test_x.py", "true"},
            {"**/test_*.py", "sub/dir/test_y.py", "true"},
            {"**/test_*.py", "sub/test_dir/y.py", "false"},
            {".github/**", ".github/workflows/ci.yml", "true"},
            {".github/**", "x/.github/ci.yml", "false"},
            {".github/", "x/.github/ci.yml", "true"},
            {"src/test/", "src/test/Foo.java", "true"},
            {"src/test/", "a/src/test/Foo.java", "false"},
            {"**/src/test/", "a/src/test/Foo.java", "true"},
            {"**/src/test/", "src/test/Foo.java", "true"},
            {"build.gradle*", "sub/build.gradle.kts", "true"},
            {"/pom.xml", "pom.xml", "true"},
            {"/pom.xml", "sub/pom.xml", "false"},
            {"pom.xml", "sub/pom.xml", "true"},
            {"a/**/b", "a/b", "true"},
            {"a/**/b", "a/x/y/b", "true"},
            {"a/**/b", "ab", "false"},
            {"a**b", "axyb", "true"},
            {"a**b", "ax/yb", "false"},
            {"?", "a", "true"},
            {"a?b", "a/b", "false"},
            {"[!a]*.txt", "b.txt", "true"},
            {"[!a]*.txt", "a.txt", "false"},
            {"[a-c].txt", "b.txt", "true"},
            {"[[:alpha:]].txt", "b.txt", "true"},
            {"a\\*b", "a*b", "true"},
            {"a\\*b", "axb", "false"},
            {"\\#x", "#x", "true"},
            {"Makefile", "makefile", "false"},
            {"*", "a/b", "true"},
            {"docs/*.md", "docs/a/b.md", "false"},
    };

    private static Stream<DynamicTest> table(GlobSyntax syntax, String[][] rows) {
        return Stream.of(rows).map(row -> DynamicTest.dynamicTest(row[0] + " ~ " + row[1], () ->
                assertEquals(Boolean.parseBoolean(row[2]), PathGlob.compile(syntax, row[0]).matches(row[1]))));
    }

    @TestFactory
    Stream<DynamicTest> fnmatchAgreesWithCPython() {
        return table(GlobSyntax.FNMATCH, FNMATCH);
    }

    @TestFactory
    Stream<DynamicTest> gitignoreAgreesWithGit() {
        return table(GlobSyntax.GITIGNORE, GITIGNORE);
    }

    @Test
    void theTwoSyntaxesDisagreeWhereTheyShould() {
        // The reason glob_syntax is required: one glob, two meanings.
        assertTrue(PathGlob.compile(GlobSyntax.FNMATCH, "src/*.py").matches("src/a/b.py"));
        assertEquals(false, PathGlob.compile(GlobSyntax.GITIGNORE, "src/*.py").matches("src/a/b.py"));
        assertEquals(false, PathGlob.compile(GlobSyntax.FNMATCH, "pom.xml").matches("sub/pom.xml"));
        assertTrue(PathGlob.compile(GlobSyntax.GITIGNORE, "pom.xml").matches("sub/pom.xml"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"!tests/", "#comment", "tests/ ", "[unclosed", "a\nb", ""})
    void gitignoreFormsThatAreNotAPathAreRefused(String glob) {
        assertThrows(IllegalArgumentException.class, () -> PathGlob.compile(GlobSyntax.GITIGNORE, glob));
    }

    @Test
    void anyNonEmptySingleLineFnmatchGlobCompiles() {
        for (String glob : List.of("!tests/", "#x", "[unclosed", "tests/ ", "\\")) {
            assertEquals(glob, PathGlob.compile(GlobSyntax.FNMATCH, glob).pattern());
        }
        assertThrows(IllegalArgumentException.class, () -> PathGlob.compile(GlobSyntax.FNMATCH, "a\rb"));
    }

    @Test
    void starsDoNotBacktrackExponentially() {
        PathGlob g = PathGlob.compile(GlobSyntax.FNMATCH, "*a*a*a*a*a*a*a*a*a*a*b");
        assertEquals(false, g.matches("a".repeat(5000)));
    }

    /** What the default protected paths must cover, and must leave alone, whichever syntax they are written in. */
    private static final List<String> PROTECTED = List.of(
            ".git/config", ".github/workflows/ci.yml", "sub/.github/x.yml", ".gitlab-ci.yml", ".ci/run", "Jenkinsfile",
            ".circleci/config.yml", "pom.xml", "module/pom.xml", "build.gradle", "app/build.gradle.kts", "setup.py",
            "pyproject.toml", "package.json", "web/package.json", "Makefile", "tox.ini", "conftest.py",
            "test/a.c", "tests/test_x.py", "pkg/tests/helpers.py", "src/test/java/FooTest.java",
            "module/src/test/java/BarTest.java", "test_top.py", "pkg/test_inner.py", "pkg/inner_test.py", "cmd/main_test.go",
            "__tests__/a.js");
    private static final List<String> FREE = List.of(
            "README.md", "src/app.py", "src/main/java/App.java", "docs/testing.md", "src/contest.py", "latest/notes.txt",
            "src/attest.py", "pomxml", "src/pom.xml.bak", "testsuite.md", "github/README.md");

    @ParameterizedTest
    @EnumSource(GlobSyntax.class)
    void defaultProtectedPathsMeanTheSameInBothSyntaxes(GlobSyntax syntax) {
        ChangePolicy p = ChangePolicy.safe(syntax);
        assertEquals(List.of(), misjudged(p, PROTECTED, FREE));
    }

    /** Each path of {@code protectedPaths} the policy leaves free and each of {@code free} it protects, saying which. */
    static List<String> misjudged(ChangePolicy p, List<String> protectedPaths, List<String> free) {
        List<String> wrong = new ArrayList<>();
        protectedPaths.stream().filter(path -> p.protectingGlob(path).isEmpty()).forEach(path -> wrong.add("unprotected " + path));
        free.stream().filter(path -> p.protectingGlob(path).isPresent())
                .forEach(path -> wrong.add("protected " + path + " by " + p.protectingGlob(path).orElseThrow()));
        return wrong;
    }

    @Test
    void safeDefaultsAllowNothing() {
        ChangePolicy p = ChangePolicy.safe(GlobSyntax.GITIGNORE);
        assertEquals(List.of(false, false, false, false, true), List.of(p.allowSymlinks(), p.allowSubmodules(),
                p.allowModeChanges(), p.allowBinary(), p.forbidInvisibleCharacters()));
        assertThrows(IllegalArgumentException.class, () -> new ChangePolicy(false, false, false, false, true,
                List.of("!x"), GlobSyntax.GITIGNORE));
        assertThrows(IllegalArgumentException.class, () -> new ChangePolicy(false, false, false, false, true,
                List.of("a", "a"), GlobSyntax.FNMATCH));
    }

    /** A gitignore glob is compiled once per pattern; a refused one is refused every time, never remembered. */
    @Test
    void gitignoreGlobsAreCompiledOncePerPattern() {
        PathGlob first = PathGlob.compile(GlobSyntax.GITIGNORE, "docs/**/*.md");
        assertSame(first, PathGlob.compile(GlobSyntax.GITIGNORE, "docs/**/*.md"));
        assertTrue(first.matches("docs/a/b.md"));
        assertFalse(first.matches("src/b.md"));
        for (int k = 0; k < 2; k++) {
            assertThrows(IllegalArgumentException.class, () -> PathGlob.compile(GlobSyntax.GITIGNORE, "!negated"));
        }
    }
}
