// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The reader's bounds (line, header, sections), and reader failures that must not pass for bad input. */
class ReaderLimitsTest {

    private static List<Diagnostic> diagnostics(byte[] input, DiffReader.Options options) {
        List<Diagnostic> ds = new ArrayList<>();
        DiffReader.read(new ByteArrayInputStream(input), Profile.STRICT, new DiffVisitor() {
            @Override
            public void onDiagnostic(Diagnostic d) {
                ds.add(d);
            }
        }, options);
        return ds;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aBodyLineOverTheLimitIsRefusedAlikeFromAnArrayAndAStreamWhateverTheWindowHolds() {
        // The hunk body's fast path reads lines the window already holds: a line between the limit and the
        // window's size (four limits) was accepted there, and an in-memory read accepted any length.
        DiffReader.Options options = new DiffReader.Options(true, 1024);
        for (int length : new int[] {1023, 1024, 1025, 2000, 4100, 5000, 20_000}) {
            byte[] patch = ascii("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+"
                    + "y".repeat(length - 2) + "\n c\n");
            for (Profile profile : List.of(Profile.STRICT, Profile.GIT)) {
                List<DiagnosticCode> fromArray = new ArrayList<>();
                List<DiagnosticCode> fromStream = new ArrayList<>();
                DiffReader.read(patch, profile, codes(fromArray), options);
                DiffReader.read(new ByteArrayInputStream(patch), profile, codes(fromStream), options);
                List<DiagnosticCode> expected = length > 1024 ? List.of(DiagnosticCode.LINE_TOO_LONG) : List.of();
                assertEquals(expected, fromArray, profile.name() + ", array, a body line of " + length + " bytes");
                assertEquals(expected, fromStream, profile.name() + ", stream, a body line of " + length + " bytes");
            }
        }
    }

    private static DiffVisitor codes(List<DiagnosticCode> into) {
        return new DiffVisitor() {
            @Override
            public void onDiagnostic(Diagnostic d) {
                into.add(d.code());
            }
        };
    }

    @Test
    void theDefaultLineLimitIsOneMebibyteSoTheWindowStaysSmall() {
        byte[] patch = ascii("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+" + "y".repeat((1 << 20) + 10) + "\n");
        List<Diagnostic> ds = diagnostics(patch, DiffReader.Options.DEFAULT);
        assertEquals(DiagnosticCode.LINE_TOO_LONG, ds.get(0).code(), ds.toString());
        assertTrue(ds.get(0).message().contains("1048576 bytes"), ds.get(0).message());
        // Settable: with room for the line the same input is read.
        assertTrue(diagnostics(patch, DiffReader.Options.DEFAULT.withMaxLineBytes(2 << 20)).isEmpty());
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedWithoutGrowingTheWindowPastIt() {
        byte[] patch = ascii("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+" + "y".repeat(3 << 20) + "\n");
        ByteWindow w = new ByteWindow(new ByteArrayInputStream(patch), null, 1 << 16, 64 << 20, 64 << 10);
        long at = 0;
        for (int line = 1; line <= 5; line++) {
            at = w.lineEnd(at);
            w.release(at);
        }
        assertEquals(50, at);
        assertEquals(-1, w.lineEnd(at));
        assertTrue(w.buf.length <= 256 << 10, "window grew to " + w.buf.length);
    }

    @Test
    void aHeaderLineOverTheHeaderLimitIsNamed() {
        String name = "a b ".repeat(20_000);
        byte[] patch = ascii("diff --git a/" + name + " b/" + name + "\nnew file mode 100644\n");
        List<Diagnostic> ds = diagnostics(patch, DiffReader.Options.DEFAULT);
        assertEquals(List.of(DiagnosticCode.HEADER_TOO_LONG), ds.stream().map(Diagnostic::code).toList());
        assertEquals(1, ds.get(0).line());
        assertTrue(ds.get(0).message().contains("65536 bytes"), ds.get(0).message());
        // The limit is settable; then the line is read and named as git would.
        assertEquals(List.of(), diagnostics(patch, DiffReader.Options.DEFAULT.withMaxHeaderBytes(1 << 20)).stream()
                .filter(d -> d.code() == DiagnosticCode.HEADER_TOO_LONG).toList());
    }

    @Test
    void traditionalHeadersAreBoundedToo() {
        byte[] patch = ascii("--- a/" + "x ".repeat(40_000) + "\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
        assertEquals(DiagnosticCode.HEADER_TOO_LONG, diagnostics(patch, DiffReader.Options.DEFAULT).get(0).code());
    }

    @Test
    void sectionsPastTheLimitAreNamedAndTheRestIsStillHashed() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            sb.append("diff --git a/f").append(i).append(" b/f").append(i).append("\nnew file mode 100644\nindex 0000000..e69de29\n");
        }
        byte[] patch = ascii(sb.toString());
        List<Diagnostic> ds = new ArrayList<>();
        DiffOutcome o = DiffReader.read(new ByteArrayInputStream(patch), Profile.STRICT, new DiffVisitor() {
            @Override
            public void onDiagnostic(Diagnostic d) {
                ds.add(d);
            }
        }, DiffReader.Options.DEFAULT.withMaxSections(10));
        assertEquals(List.of(DiagnosticCode.TOO_MANY_SECTIONS), ds.stream().map(Diagnostic::code).toList());
        assertEquals(31, ds.get(0).line());
        assertEquals(10, o.sections());
        assertEquals(patch.length, o.bytes());
        assertEquals(FuzzChecks.sha256(patch), o.sha256());
        assertTrue(DiffReader.read(new ByteArrayInputStream(patch), Profile.STRICT, DiffVisitor.NONE,
                DiffReader.Options.DEFAULT.withMaxSections(12)).accepted());
    }

    @Test
    void aFailureOfTheReaderItselfPropagatesInsteadOfPassingForBadInput() {
        InputStream broken = new InputStream() {
            @Override
            public int read() {
                throw new IllegalStateException("boom");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                throw new IllegalStateException("boom");
            }
        };
        DiffReaderBug bug = assertThrows(DiffReaderBug.class,
                () -> DiffReader.read(broken, Profile.STRICT, DiffVisitor.NONE));
        assertTrue(bug.getMessage().startsWith("internal error in the diff reader at byte 0, line 1: "), bug.getMessage());
    }

    /** git's name splitting as it was written before (quadratic in spaces); the linear one must agree with it. */
    private static byte[] referenceSplit(int pValue, byte[] line) {
        int name = GitNames.skipTreePrefix(pValue, line, 11, line.length - 11);
        if (name < 0) {
            return null;
        }
        int nl = line.length - 1;
        int lineLen = nl - name;
        for (int len = 0;; len++) {
            int c = line[name + len] & 0xff;
            if (c == '\n') {
                return null;
            }
            if (c == '\t' || c == ' ') {
                if (name + len + 1 >= line.length) {
                    return null;
                }
                int second = GitNames.skipTreePrefix(pValue, line, name + len + 1, lineLen - (len + 1));
                if (second < 0) {
                    return null;
                }
                if (second + len <= nl && line[second + len] == '\n'
                        && Arrays.equals(line, name, name + len, line, second, second + len)) {
                    return Arrays.copyOfRange(line, name, name + len);
                }
            }
        }
    }

    @Test
    void linearNameSplittingAgreesWithGitsQuadraticOne() {
        Random rnd = new Random(11);
        byte[] alphabet = ascii("ab/ /\t");
        int agreed = 0;
        for (int i = 0; i < 200_000; i++) {
            int n = 1 + rnd.nextInt(10);
            byte[] path = new byte[n];
            for (int k = 0; k < n; k++) {
                path[k] = alphabet[rnd.nextInt(alphabet.length)];
            }
            String p = new String(path, StandardCharsets.US_ASCII);
            String q = rnd.nextInt(4) == 0 ? p.replace('a', 'b') : p;
            String prefixes = rnd.nextInt(5) == 0 ? "" : rnd.nextBoolean() ? "a/" : "x/y/";
            byte[] line = ascii("diff --git " + prefixes + p + " " + prefixes.replace('a', 'b') + q + "\n");
            if (line[line.length - 2] == '\n' || p.contains("\"") || p.isEmpty() || line[11] == '"') {
                continue;
            }
            for (int pValue : new int[] {0, 1, 2}) {
                byte[] expected = referenceSplit(pValue, line);
                byte[] got = GitNames.gitHeaderName(pValue, line, 0, line.length);
                assertEquals(expected == null ? null : new String(expected, StandardCharsets.US_ASCII),
                        got == null ? null : new String(got, StandardCharsets.US_ASCII),
                        "p" + pValue + " " + new String(line, StandardCharsets.US_ASCII));
                agreed++;
            }
        }
        assertTrue(agreed > 100_000, "compared " + agreed);
    }

    @Test
    void anUnknownHeaderLineAfterMoreHeaderThanTheWindowHoldsIsReportedAtItsLine() {
        // The diff --git line has left the window by the time the header ends: its line is known without it.
        int repeats = 2000;
        byte[] patch = ascii("diff --git a/f b/f\n" + "old mode 100644\n".repeat(repeats) + "foo bar\n@@ -1 +1 @@\n-a\n+b\n");
        List<Diagnostic> ds = diagnostics(patch, new DiffReader.Options(true, 1024));
        Diagnostic unknown = ds.stream().filter(d -> d.code() == DiagnosticCode.UNKNOWN_HEADER_LINE).findFirst()
                .orElseThrow(() -> new AssertionError(ds.toString()));
        assertEquals(repeats + 2, unknown.line(), unknown.toString());
        assertEquals(diagnostics(patch, DiffReader.Options.DEFAULT), ds);
    }

    @Test
    void theJazzerRegressionRunHasASeedCorpus() throws Exception {
        Path seeds = Path.of("src/test/resources/dev/patchverdict/diff/DiffReaderJazzerFuzzTestInputs/readerSurvivesAnyInput");
        assertTrue(Files.isDirectory(seeds), seeds + " is missing");
        try (Stream<Path> files = Files.list(seeds)) {
            assertTrue(files.filter(Files::isRegularFile).count() >= 20, "fewer than 20 seeds in " + seeds);
        }
    }
}
