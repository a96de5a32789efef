// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class DiffReaderTest {
    private static final String TWO_FILES = """
            diff --git a/src/a.py b/src/a.py
            index 1111111..2222222 100644
            --- a/src/a.py
            +++ b/src/a.py
            @@ -1,3 +1,3 @@ def f():
             keep
            -old = 1
            +new = 2
             tail
            @@ -10,2 +10,3 @@
             x
            +added
             y
            diff --git a/b.txt b/b.txt
            new file mode 100644
            index 0000000..3333333
            --- /dev/null
            +++ b/b.txt
            @@ -0,0 +1 @@
            +only
            """;

    @Test
    void visitorSeesEveryBodyLineWithItsPathHunkAndPosition() {
        List<String> seen = new ArrayList<>();
        DiffOutcome o = DiffReader.read(TWO_FILES.getBytes(StandardCharsets.UTF_8), Profile.STRICT, new DiffVisitor() {
            @Override
            public void onLine(DiffLine line) {
                seen.add(line.section().path().text() + "#" + line.hunkIndex() + "@" + line.lineNumber() + " "
                        + line.kind() + " [" + line.strictText().orElseThrow() + "]");
            }
        }, DiffReader.Options.DEFAULT);
        assertTrue(o.accepted());
        assertEquals(List.of(
                "src/a.py#0@6 CONTEXT [keep]",
                "src/a.py#0@7 REMOVED [old = 1]",
                "src/a.py#0@8 ADDED [new = 2]",
                "src/a.py#0@9 CONTEXT [tail]",
                "src/a.py#1@11 CONTEXT [x]",
                "src/a.py#1@12 ADDED [added]",
                "src/a.py#1@13 CONTEXT [y]",
                "b.txt#0@20 ADDED [only]"), seen);
    }

    @Test
    void summaryResultHoldsSectionsHunksAndGitTexts() {
        byte[] bytes = TWO_FILES.getBytes(StandardCharsets.UTF_8);
        DiffResult r = DiffReader.read(bytes, Profile.STRICT);
        assertEquals(2, r.sections().size());
        FileSection a = r.sections().get(0);
        assertEquals(ChangeKind.MODIFY, a.kind());
        assertEquals(2, a.added());
        assertEquals(1, a.removed());
        assertEquals(2, r.hunksOf(a).size());
        assertEquals("def f():", r.hunksOf(a).get(0).header().heading());
        assertEquals(10, r.hunksOf(a).get(1).header().newStart());
        assertEquals(ChangeKind.ADD, r.sections().get(1).kind());
        assertEquals("2\t1\tsrc/a.py\n1\t0\tb.txt\n", r.numstat());
        assertEquals(" create mode 100644 b.txt\n", r.summary());
        assertEquals(FuzzChecks.sha256(bytes), r.sha256());
        assertEquals(bytes.length, r.outcome().bytes());
        assertEquals(20, r.outcome().lines());
    }

    @Test
    void aLineLongerThanTheWindowIsAnErrorNotAnOutOfMemory() {
        String patch = "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+" + "y".repeat(50_000) + "\n";
        byte[] bytes = patch.getBytes(StandardCharsets.US_ASCII);
        List<Diagnostic> ds = new ArrayList<>();
        DiffOutcome o = DiffReader.read(new ByteArrayInputStream(bytes), Profile.GIT, new DiffVisitor() {
            @Override
            public void onDiagnostic(Diagnostic d) {
                ds.add(d);
            }
        }, new DiffReader.Options(true, 4096));
        assertFalse(o.accepted());
        assertEquals(DiagnosticCode.LINE_TOO_LONG, ds.get(0).code());
        assertEquals(7, ds.get(0).line());
        assertEquals(bytes.length, o.bytes(), "the rest is still read");
        assertEquals(FuzzChecks.sha256(bytes), o.sha256(), "and hashed");
        // With room for the line, the same input is fine.
        assertTrue(DiffReader.read(new ByteArrayInputStream(bytes), Profile.GIT, DiffVisitor.NONE,
                new DiffReader.Options(true, 1 << 20)).accepted());
    }

    @Test
    void aFailingStreamIsReportedNotThrown() {
        InputStream failing = new InputStream() {
            int n;

            @Override
            public int read() throws IOException {
                if (n++ < 40) {
                    return "diff --git a/x b/x\nindex 1..2 100644\n--- ".charAt(n - 1);
                }
                throw new IOException("disk on fire");
            }
        };
        List<Diagnostic> ds = new ArrayList<>();
        DiffOutcome o = DiffReader.read(failing, Profile.STRICT, new DiffVisitor() {
            @Override
            public void onDiagnostic(Diagnostic d) {
                ds.add(d);
            }
        });
        assertFalse(o.accepted());
        assertTrue(ds.stream().anyMatch(d -> d.code() == DiagnosticCode.INPUT_UNREADABLE
                && d.message().contains("disk on fire")), ds.toString());
    }

    @Test
    void aVisitorsOwnExceptionPropagates() {
        RuntimeException boom = new IllegalStateException("visitor gave up");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> DiffReader.read(
                TWO_FILES.getBytes(StandardCharsets.UTF_8), Profile.STRICT, new DiffVisitor() {
                    @Override
                    public void onLine(DiffLine line) {
                        throw boom;
                    }
                }, DiffReader.Options.DEFAULT));
        assertTrue(thrown == boom || thrown.getCause() == boom, thrown.toString());
    }

    @Test
    void messagesEscapeWhatTheyQuote() {
        String patch = "\u202eevil\u0007 text before\n" + TWO_FILES;
        DiffResult r = DiffReader.read(patch.getBytes(StandardCharsets.UTF_8), Profile.STRICT);
        Diagnostic d = r.errors().get(0);
        assertEquals(DiagnosticCode.LEADING_GARBAGE, d.code());
        assertTrue(d.message().contains("\\u{202E}evil\\x07 text before"), d.message());
        String longLine = "x".repeat(500) + "\n" + TWO_FILES;
        String m = DiffReader.read(longLine.getBytes(StandardCharsets.UTF_8), Profile.STRICT).errors().get(0).message();
        assertTrue(m.length() < 200 && m.contains("..."), m);
    }

    @Test
    void bodyLineViewDecodesStrictlyAndSearchesBytes() {
        byte[] patch = ("diff --git a/l.txt b/l.txt\nindex 1..2 100644\n--- a/l.txt\n+++ b/l.txt\n@@ -1 +1 @@\n-M\u00e4rchen\n+M")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] full = new byte[patch.length + 9];
        System.arraycopy(patch, 0, full, 0, patch.length);
        System.arraycopy("\u00e4rchen\n".getBytes(StandardCharsets.UTF_8), 0, full, patch.length, 8);
        full = java.util.Arrays.copyOf(full, patch.length + 8);
        List<String> out = new ArrayList<>();
        DiffReader.read(full, Profile.STRICT, new DiffVisitor() {
            @Override
            public void onLine(DiffLine line) {
                out.add(line.kind() + " " + line.isValidUtf8() + " " + line.strictText().isPresent() + " "
                        + line.contains("rchen".getBytes(StandardCharsets.US_ASCII)) + " " + line.length());
            }
        }, DiffReader.Options.DEFAULT);
        assertEquals(List.of("REMOVED false false true 7", "ADDED true true true 8"), out);
    }

    @Property(tries = 300)
    void quotingRoundTrips(@ForAll byte[] name) {
        byte[] q = GitQuote.quote(name);
        if (!GitQuote.needsQuoting(name)) {
            assertArrayEquals(name, q);
            return;
        }
        GitQuote.Unquoted u = GitQuote.unquote(q, 0, q.length);
        assertArrayEquals(name, u.bytes());
        assertEquals(q.length, u.end());
        for (byte b : q) {
            assertTrue(b >= 0x20 && b < 0x7f, "quoted names are printable ASCII");
        }
    }

    @Test
    void gitDirAliasesAreRecognized() {
        for (String s : List.of(".git", ".GIT", ".Git.", ".git ", "git~1", "GIT~1", ".git::$INDEX_ALLOCATION",
                ".g\u200cit", "\ufeff.git")) {
            assertTrue(PathRules.isGitDirAlias(s), s);
        }
        for (String s : List.of(".github", ".gitignore", "git", "git~2", ".gitmodules")) {
            assertFalse(PathRules.isGitDirAlias(s), s);
        }
    }
    @Test
    void aSectionAfterALoneDiffLineKeepsTheLoneLinesNamesAsGitDoes() {
        String patch = """
                diff --git a/tests/test_calc.py b/tests/test_calc.py
                diff --git a/src/notes.py b/src/notes.py
                index 1111111..2222222 100644
                @@ -1,2 +1,1 @@
                 def test_add():
                -    assert add(1, 2) == 3
                """;
        DiffResult r = DiffReader.readLines(patch.getBytes(StandardCharsets.UTF_8), Profile.GIT);
        assertTrue(r.accepted(), r.errors().toString());
        assertEquals("tests/test_calc.py", r.sections().get(0).path().text());
        assertEquals("tests/test_calc.py", r.lines().get(1).path().text());
        // The strict profile refuses the lone line, whatever it lends.
        assertFalse(DiffReader.read(patch.getBytes(StandardCharsets.UTF_8), Profile.STRICT).accepted());
    }

    @Test
    void aDeletionHoldingALoneLinesNameChangesItsOwnFileWhileNumstatPrintsTheOtherName() {
        String patch = """
                diff --git a/src/notes.py b/src/notes.py
                diff --git a/tests/test_calc.py b/tests/test_calc.py
                deleted file mode 100644
                @@ -1 +0,0 @@
                -assert add(1, 2) == 3
                """;
        FileHeader h = DiffReader.read(patch.getBytes(StandardCharsets.UTF_8), Profile.GIT).sections().get(0).header();
        assertTrue(h.isDeleted());
        assertEquals("tests/test_calc.py", h.path().text());
        assertEquals("src/notes.py", h.numstatPath().text());
    }

    @Test
    void hunksThatRemoveEverythingUnderNamesThatSayNothingAreAGuessedDeletion() {
        String guessed = "--- a/x\n+++ b/x\n@@ -1 +0,0 @@\n-a\n";
        FileHeader h = DiffReader.read(guessed.getBytes(StandardCharsets.UTF_8), Profile.GIT).sections().get(0).header();
        assertTrue(h.isDeleted() && h.guessed(), h.toString());
        String stated = "--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n";
        FileHeader s = DiffReader.read(stated.getBytes(StandardCharsets.UTF_8), Profile.GIT).sections().get(0).header();
        assertTrue(s.isDeleted() && !s.guessed(), s.toString());
        String git = "diff --git a/x b/x\ndeleted file mode 100644\n--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n";
        assertFalse(DiffReader.read(git.getBytes(StandardCharsets.UTF_8), Profile.GIT).sections().get(0).header().guessed());
    }
}
