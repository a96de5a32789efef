// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Parser011Test {

    private static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    private static Parser011.Parsed parse(String text) throws Parser011.Rejected {
        return Parser011.parse(text);
    }

    private static void rejects(String text, String message) {
        Parser011.Rejected e = assertThrows(Parser011.Rejected.class, () -> parse(text));
        assertEquals(message, e.getMessage());
    }

    private static final String GIT = "diff --git a/README.md b/README.md";
    private static final String OLD = "--- a/README.md";
    private static final String NEW = "+++ b/README.md";

    // ------------------------------------------------------------ A4.10 worked examples, B6, B7, B13

    @Test
    void example1GoodFixture() throws Exception {
        String text = lines(GIT, "index 1111111..2222222 100644", OLD, NEW, "@@ -1 +1,2 @@", " # IDKMesh",
                "+<!-- patch-evaluator expected -->");
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(157, bytes.length);
        assertEquals("58d51f936f4043b1ec49b84587df932098ec57bdce2dd5727e67b7e9024b82a5",
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        assertEquals(new Parser011.Parsed(List.of("README.md"), List.of("<!-- patch-evaluator expected -->")),
                parse(text));
    }

    @Test
    void example2TwoFilesWithRenameAndNoNewlineMarkers() throws Exception {
        String text = String.join("\n", GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "\\ No newline at end of file", "+b",
                "\\ No newline at end of file", "diff --git a/x b/y", "similarity index 90%", "rename from x",
                "rename to y", "--- a/x", "+++ b/y", "@@ -1 +1 @@", "-a", "+c");
        assertEquals(new Parser011.Parsed(List.of("README.md", "x", "y"), List.of("b", "c")), parse(text));
    }

    @Test
    void example3UndeclaredExtraLineB7() {
        // B7: the upstream test expected "line counts|exceeded"; the stored 0.1.1 parser says this (C47)
        rejects(lines(GIT, "index 1111111..2222222 100644", OLD, NEW, "@@ -1 +1 @@", "-# IDKMesh",
                        "+<!-- patch-evaluator expected -->", "+extra undeclared line"),
                "unexpected content after completed hunk at line 8: '+extra undeclared line'");
    }

    @Test
    void example4AddedLineOutsideHunkB6() {
        rejects(lines(GIT, "index 1111111..2222222 100644", OLD, NEW, "+<!-- patch-evaluator expected -->"),
                "unexpected content between file headers and hunk at line 5: '+<!-- patch-evaluator expected -->'");
    }

    @Test
    void b13AddedLineWithoutHunk() {
        rejects(String.join("\n", GIT, OLD, NEW, "+patch-evaluator expected", ""),
                "unexpected content between file headers and hunk at line 4: '+patch-evaluator expected'");
    }

    // ------------------------------------------------------------ A4.9 accepts / rejects

    @Test
    void emptyAndBlankPatches() {
        rejects("", "unified diff contains no repository paths");
        rejects(" \n\t\n\n", "unified diff contains no repository paths");
        rejects("\u3000\n\u00a0\u2029", "unified diff contains no repository paths");
    }

    @Test
    void textBeforeFirstSection() {
        rejects("hello\n", "content outside diff --git section at line 1: 'hello'");
        rejects(lines("--- a/x", "+++ b/x", "@@ -1 +1 @@", "-a", "+b"),
                "content outside diff --git section at line 1: '--- a/x'");
    }

    @Test
    void hunkHeadersWithAndWithoutCounts() throws Exception {
        assertEquals(List.of("b"), parse(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b")).added());
        assertEquals(List.of("x", "y"),
                parse(lines(GIT, OLD, NEW, "@@ -1,2 +1,3 @@ def f():", " c", "-a", "+x", "+y")).added());
        assertEquals(List.of(), parse(lines(GIT, OLD, NEW, "@@ -1,0 +1,0 @@")).added());
        assertEquals(List.of("b"), parse(lines(GIT, OLD, NEW, "@@ -1 +1 @@ ", "-a", "+b")).added());
    }

    @Test
    void unicodeDigitsAndHugeCounts() throws Exception {
        assertEquals(List.of("b"), parse(lines(GIT, OLD, NEW, "@@ -\u0661 +\u0661,\u0661 @@", "-a", "+b")).added());
        rejects(lines(GIT, OLD, NEW, "@@ -1,99999999999999999999 +1 @@", "+a"),
                "unified-diff hunk count mismatch before line 6: old_remaining=99999999999999999999, new_remaining=0");
        rejects(lines(GIT, OLD, NEW, "@@ -1,\u0662 +1 @@", "-a"),
                "unified-diff hunk count mismatch before line 6: old_remaining=1, new_remaining=1");
        // counts past a long's range are counted down exactly, as Python's ints are
        rejects(lines(GIT, OLD, NEW, "@@ -1,99999999999999999999 +1,18446744073709551616 @@", " c", "-a", "+b"),
                "unified-diff hunk count mismatch before line 8: old_remaining=99999999999999999997, new_remaining=18446744073709551614");
        rejects(lines(GIT, OLD, NEW, "@@ -1,9223372036854775807 +1,4611686018427387904 @@", " c", "-a"),
                "unified-diff hunk count mismatch before line 7: old_remaining=9223372036854775805, new_remaining=4611686018427387903");
        rejects(lines(GIT, OLD, NEW, "@@ -1,4611686018427387903 +1 @@", "-a", "+b", "+c"),
                "unified-diff hunk exceeded declared line counts at line 7");
    }

    @Test
    void invalidHunkHeaders() {
        for (String header : List.of("@@ -1 +1 @@x", "@@ -a +1 @@", "@@ -1, +1 @@", "@@  -1 +1 @@", "@@ -1 +1",
                "@@ -1 -1 @@", "@@ -1 +1 @@\t", "@@ -1 +1,2,3 @@")) {
            rejects(lines(GIT, OLD, NEW, header), "invalid unified-diff hunk header at line 4: " + PyStr.repr(header));
        }
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@x"), "invalid unified-diff hunk header at line 4: '@@ -1 +1 @@x'");
    }

    @Test
    void unbalancedCounts() {
        rejects(lines(GIT, OLD, NEW, "@@ -1,2 +1,2 @@", "-a", "+b"),
                "unified-diff hunk count mismatch before line 7: old_remaining=1, new_remaining=1");
        rejects(lines(GIT, OLD, NEW, "@@ -1,2 +1,2 @@", "-a", "+b", "@@ -5 +5 @@", "-c", "+d"),
                "unified-diff hunk count mismatch before line 7: old_remaining=1, new_remaining=1");
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "diff --git a/x b/x"),
                "unified-diff hunk count mismatch before line 6: old_remaining=0, new_remaining=1");
    }

    @Test
    void tooManyLines() {
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b", "+c"),
                "unexpected content after completed hunk at line 7: '+c'");
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1,2 @@", "-a", "-b"),
                "unified-diff hunk exceeded declared line counts at line 6");
        rejects(lines(GIT, OLD, NEW, "@@ -0,0 +1,2 @@", " a"),
                "unified-diff hunk exceeded declared line counts at line 5");
    }

    @Test
    void noNewlineMarkerInsideOrAfterHunkIsIgnored() throws Exception {
        assertEquals(List.of("b"), parse(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b",
                "\\ No newline at end of file", "\\ No newline at end of file")).added());
    }

    @Test
    void noNewlineMarkerBetweenHeadersAndHunk() {
        rejects(lines(GIT, OLD, NEW, "\\ No newline at end of file", "@@ -1 +1 @@", "-a", "+b"),
                "unexpected content between file headers and hunk at line 4: '\\\\ No newline at end of file'");
    }

    @Test
    void binaryPatches() {
        rejects(lines("diff --git a/x.png b/x.png", "Binary files a/x.png and b/x.png differ"),
                "unsupported unified-diff metadata at line 2: 'Binary files a/x.png and b/x.png differ'");
        rejects(lines("diff --git a/x.png b/x.png", "index 1111111..2222222", "GIT binary patch", "literal 1"),
                "unsupported unified-diff metadata at line 3: 'GIT binary patch'");
    }

    @Test
    void sectionsWithoutHunk() {
        rejects(lines("diff --git a/x b/x", "old mode 100644", "new mode 100755"),
                "unified-diff file section ending before line 4 lacks ---/+++/@@ structure");
        rejects(lines("diff --git a/x b/y", "similarity index 100%", "rename from x", "rename to y"),
                "unified-diff file section ending before line 5 lacks ---/+++/@@ structure");
        rejects(lines("diff --git a/x b/x", "new file mode 100644", "index 0000000..e69de29", "diff --git a/y b/y"),
                "unified-diff file section ending before line 4 lacks ---/+++/@@ structure");
        rejects(lines("diff --git a/x b/x", "--- a/x", "+++ b/x"),
                "unified-diff file section ending before line 4 lacks ---/+++/@@ structure");
    }

    @Test
    void renameWithHunk() throws Exception {
        assertEquals(new Parser011.Parsed(List.of("x", "y"), List.of("c")),
                parse(lines("diff --git a/x b/y", "rename from x", "rename to y", "--- a/x", "+++ b/y",
                        "@@ -1 +1 @@", "-a", "+c")));
    }

    @Test
    void newAndDeletedFiles() throws Exception {
        assertEquals(new Parser011.Parsed(List.of("n"), List.of("hello")),
                parse(lines("diff --git a/n b/n", "new file mode 100644", "index 0000000..1111111",
                        "--- /dev/null", "+++ b/n", "@@ -0,0 +1 @@", "+hello")));
        assertEquals(new Parser011.Parsed(List.of("d"), List.of()),
                parse(lines("diff --git a/d b/d", "deleted file mode 100644", "--- a/d", "+++ /dev/null",
                        "@@ -1 +0,0 @@", "-bye")));
    }

    @Test
    void devNullInDiffGitHeader() {
        rejects(lines("diff --git /dev/null b/x"), "diff --git header may not use /dev/null");
        rejects(lines("diff --git a/x /dev/null"), "diff --git header may not use /dev/null");
        // both tokens are normalised first, so an unsafe second path wins
        rejects(lines("diff --git /dev/null a/../x"), "unsafe repository path in unified diff: 'a/../x'");
    }

    @Test
    void crlfParsesLikeLf() throws Exception {
        String lf = lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b");
        assertEquals(parse(lf), parse(lf.replace("\n", "\r\n")));
    }

    @Test
    void severalFilesMergedAndSorted() throws Exception {
        String text = lines("diff --git a/z b/z", "--- a/z", "+++ b/z", "@@ -1 +1 @@", "-a", "+1",
                "diff --git a/\u00e9 b/\u00e9", "--- a/\u00e9", "+++ b/\u00e9", "@@ -1 +1 @@", "-a", "+2",
                "diff --git a/B b/B", "--- a/B", "+++ b/B", "@@ -1 +1 @@", "-a", "+3",
                "diff --git a/z b/z", "--- a/z", "+++ b/z", "@@ -1 +1 @@", "-a", "+4");
        assertEquals(new Parser011.Parsed(List.of("B", "z", "\u00e9"), List.of("1", "2", "3", "4")), parse(text));
    }

    @Test
    void blankLinesInAndAfterHunks() {
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b", ""),
                "unexpected content after completed hunk at line 7: ''");
        rejects(lines(GIT, OLD, NEW, "@@ -1,2 +1,2 @@", "", " a"),
                "invalid unified-diff hunk line at 5: ''");
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "xa"), "invalid unified-diff hunk line at 5: 'xa'");
    }

    @Test
    void doubleDashAndPlusLinesInsideHunk() throws Exception {
        assertEquals(List.of("++ b/x", "+y"),
                parse(lines(GIT, OLD, NEW, "@@ -2 +2,2 @@", "--- a/x", "+++ b/x", "++y")).added());
    }

    @Test
    void secondHeaderPairWithoutDiffGit() {
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b", "--- a/y", "+++ b/y"),
                "unexpected content after completed hunk at line 7: '--- a/y'");
    }

    @Test
    void quotedPaths() throws Exception {
        assertEquals(new Parser011.Parsed(List.of("my file"), List.of("b")),
                parse(lines("diff --git \"a/my file\" \"b/my file\"", "--- \"a/my file\"", "+++ \"b/my file\"",
                        "@@ -1 +1 @@", "-a", "+b")));
        assertEquals(List.of("#x"), parse(lines("diff --git a/#x b/#x", "--- a/#x", "+++ b/#x",
                "@@ -1 +1 @@", "-a", "+b")).paths());
    }

    @Test
    void headerPathTokens() {
        rejects(lines(GIT, "--- a/x\t2020-01-01", NEW), "--- path header must contain exactly one path token");
        rejects(lines(GIT, OLD, "+++ b/x\t2020-01-01"), "+++ path header must contain exactly one path token");
        rejects(lines(GIT, "--- "), "--- path header must contain exactly one path token");
        rejects(lines(GIT, "--- a/my file"), "--- path header must contain exactly one path token");
        rejects(lines(GIT, "---  \"a/x"), "invalid --- path header: '\"a/x'");
        rejects(lines(GIT, OLD, "+++ 'b/x"), "invalid +++ path header: \"'b/x\"");
    }

    // ------------------------------------------------------------ the other rules and messages

    @Test
    void diffGitHeaderShape() {
        rejects(lines("diff --git \"a/x b/x"), "invalid diff --git header at line 1: 'diff --git \"a/x b/x'");
        rejects(lines("diff --git a/x"), "diff --git header at line 1 must contain exactly two paths");
        rejects(lines("diff --git a/x b/x c"), "diff --git header at line 1 must contain exactly two paths");
        rejects(lines("diff --git a/x b/x\\"), "invalid diff --git header at line 1: 'diff --git a/x b/x\\\\'");
    }

    @Test
    void headerOrder() {
        rejects(lines(GIT, "@@ -1 +1 @@"), "hunk at line 2 appears before ---/+++ headers");
        rejects(lines(GIT, OLD, "@@ -1 +1 @@"), "hunk at line 3 appears before ---/+++ headers");
        rejects(lines(GIT, OLD, OLD), "duplicate/out-of-order --- header at line 3");
        rejects(lines(GIT, OLD, NEW, OLD), "duplicate/out-of-order --- header at line 4");
        rejects(lines(GIT, NEW), "out-of-order +++ header at line 2");
        rejects(lines(GIT, OLD, NEW, NEW), "out-of-order +++ header at line 4");
        rejects(lines(GIT, OLD, "index 1..2"), "unexpected content between file headers and hunk at line 3: 'index 1..2'");
    }

    @Test
    void metadataLines() throws Exception {
        assertEquals(List.of("x", "y"), parse(lines("diff --git a/x b/y", "old mode 100644", "new mode 100755",
                "dissimilarity index 10%", "copy from x", "copy to y", "--- a/x", "+++ b/y",
                "@@ -1 +1 @@", "-a", "+b")).paths());
        rejects(lines(GIT, "index"), "unsupported unified-diff metadata at line 2: 'index'");
        rejects(lines(GIT, "Index: x"), "unsupported unified-diff metadata at line 2: 'Index: x'");
        rejects(lines(GIT, ""), "unsupported unified-diff metadata at line 2: ''");
    }

    @Test
    void pathsDisagree() {
        rejects(lines("diff --git a/x b/x", "--- a/y", "+++ b/y", "@@ -1 +1 @@", "-a", "+b"),
                "unified-diff diff --git paths disagree with ---/+++ paths: diff=['x'], headers=['y']");
        rejects(lines("diff --git a/x b/y", "--- /dev/null", "+++ b/y", "@@ -0,0 +1 @@", "+b"),
                "unified-diff diff --git paths disagree with ---/+++ paths: diff=['x', 'y'], headers=['y']");
        rejects(lines("diff --git a/x b/x", "--- /dev/null", "+++ /dev/null", "@@ -0,0 +0,0 @@"),
                "unified-diff diff --git paths disagree with ---/+++ paths: diff=['x'], headers=[]");
    }

    @Test
    void pythonLineSplittingAndRepr() {
        // a form feed splits the line (C21); the fragment after it is content outside any hunk
        rejects(lines(GIT, OLD, NEW, "@@ -1 +1 @@", "-a", "+b\fc"),
                "unexpected content after completed hunk at line 7: 'c'");
        rejects("\u00e9\u200b\n", "content outside diff --git section at line 1: '\u00e9\\u200b'");
        rejects("it's\n", "content outside diff --git section at line 1: \"it's\"");
    }

    // ------------------------------------------------------------ A4.7 path normalisation

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a/          | unsafe repository path in unified diff: 'a/'",
        "a//x/./y/   | unsafe repository path in unified diff: 'a//x/./y/'",
        "a/.         | empty repository path in unified diff: 'a/.'",
        "a/../x      | unsafe repository path in unified diff: 'a/../x'",
        "..          | unsafe repository path in unified diff: '..'",
        "/etc/passwd | unsafe repository path in unified diff: '/etc/passwd'",
        "b/x/..      | unsafe repository path in unified diff: 'b/x/..'",
        "./.         | empty repository path in unified diff: './.'",
        "b/./        | empty repository path in unified diff: 'b/./'",
    })
    void unsafeAndEmptyPaths(String raw, String message) {
        Parser011.Rejected e = assertThrows(Parser011.Rejected.class, () -> Parser011.normalizeRepoPath(raw));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "README.md     | README.md",
        "a/a/x         | a/x",
        "b/x//y/./z/   | x/y/z",
        "./x           | x",
        "a\\b          | a\\b",
        "c/X.md        | c/X.md",
        "x/...         | x/...",
    })
    void normalisedPaths(String raw, String expected) throws Exception {
        assertEquals(expected, Parser011.normalizeRepoPath(raw));
    }

    @Test
    void devNullIsNoPath() throws Exception {
        assertNull(Parser011.normalizeRepoPath("/dev/null"));
        rejects(lines("diff --git a/x b/x", "--- a/", "+++ b/x"), "unsafe repository path in unified diff: 'a/'");
        rejects(lines("diff --git a/. b/x"), "empty repository path in unified diff: 'a/.'");
    }
}
