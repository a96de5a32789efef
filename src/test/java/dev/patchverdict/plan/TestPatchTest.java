// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestPatchTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(GlobSyntax.class)
    void aLiteralPathMatchesItselfAndNothingElse(GlobSyntax syntax) {
        List<List<String>> cases = List.of(
                List.of("tests/data/case[1].txt", "tests/data/case1.txt", "x/tests/data/case[1].txt"),
                List.of("a*b.py", "axxb.py", "sub/a*b.py"),
                List.of("q?.py", "qq.py", "dir/q?.py"),
                List.of("conftest.py", "pkg/conftest.py", "conftest.pyc"),
                List.of("back\\slash.py", "backslash.py", "back/slash.py"),
                List.of("#notes.md", "notes.md", "x/#notes.md"),
                List.of("!bang.py", "bang.py", "x/!bang.py"),
                List.of("name with space ", "name with space", "x/name with space "),
                List.of("[!x].py", "a.py", "x.py"));
        for (List<String> c : cases) {
            PathGlob g = PathGlob.compile(syntax, PathGlob.literal(syntax, c.get(0)));
            assertTrue(g.matches(c.get(0)), g + " on " + c.get(0));
            for (String other : c.subList(1, c.size())) {
                assertFalse(g.matches(other), g + " on " + other);
            }
        }
    }

    @Test
    void literalsAreWrittenInTheSyntaxTheyAreReadIn() {
        assertEquals("tests/case[[]1].txt", PathGlob.literal(GlobSyntax.FNMATCH, "tests/case[1].txt"));
        assertEquals("/tests/case\\[1].txt", PathGlob.literal(GlobSyntax.GITIGNORE, "tests/case[1].txt"));
        assertEquals("/conftest.py", PathGlob.literal(GlobSyntax.GITIGNORE, "conftest.py"));
        assertThrows(IllegalArgumentException.class, () -> PathGlob.literal(GlobSyntax.GITIGNORE, "/abs.py"));
    }

    @Test
    void everyPathTheTestPatchTouchesOldAndNew() {
        TestPatch t = TestPatch.read(bytes("""
                diff --git a/tests/test_widget.py b/tests/test_widget.py
                index 1111111..2222222 100644
                --- a/tests/test_widget.py
                +++ b/tests/test_widget.py
                @@ -1 +1,2 @@
                 import widget
                +assert widget.ok()
                diff --git a/widget/data/expected.txt b/widget/data/expected.txt
                new file mode 100644
                index 0000000..3333333
                --- /dev/null
                +++ b/widget/data/expected.txt
                @@ -0,0 +1 @@
                +ok
                diff --git a/old/name.py b/new/name.py
                similarity index 100%
                rename from old/name.py
                rename to new/name.py
                diff --git a/gone.py b/gone.py
                deleted file mode 100644
                index 4444444..0000000
                --- a/gone.py
                +++ /dev/null
                @@ -1 +0,0 @@
                -x
                """));
        assertEquals(List.of("tests/test_widget.py", "widget/data/expected.txt", "old/name.py", "new/name.py", "gone.py"), t.paths());
        assertEquals(List.of("/tests/test_widget.py", "/widget/data/expected.txt", "/old/name.py", "/new/name.py", "/gone.py"),
                t.globs(GlobSyntax.GITIGNORE));
    }

    @Test
    void aPatchGitWouldNotApplyOrThatNamesNoFileIsRefused() {
        IllegalArgumentException broken = assertThrows(IllegalArgumentException.class, () -> TestPatch.read(bytes("""
                diff --git a/a.py b/a.py
                --- a/a.py
                +++ b/a.py
                @@ -1,3 +1,3 @@
                -x
                +y
                """)));
        assertTrue(broken.getMessage().startsWith("git would not apply it: line "), broken.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> TestPatch.read(bytes("just prose\n")));
        assertTrue(empty.getMessage().contains("names no file") || empty.getMessage().startsWith("git would not apply it"),
                empty.getMessage());
    }

    @Test
    void aPathThatIsNotUtf8CannotBeAGlob() {
        byte[] patch = bytes("""
                diff --git "a/caf\\351.py" "b/caf\\351.py"
                new file mode 100644
                index 0000000..3333333
                --- /dev/null
                +++ "b/caf\\351.py"
                @@ -0,0 +1 @@
                +ok
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TestPatch.read(patch));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }
}
