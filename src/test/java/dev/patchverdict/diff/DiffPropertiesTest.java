// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.ChangeDelta;
import com.github.difflib.patch.Chunk;
import com.github.difflib.patch.Patch;
import com.github.difflib.patch.PatchFailedException;
import dev.patchverdict.JqwikGroups;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random pairs of files, diffed by java-diff-utils and by {@code git diff --no-index}: the reader must
 * accept every such diff in both profiles, count exactly the lines a longest common subsequence says
 * changed, and its hunks, applied to the old text, must give the new text. The one exception: hunks
 * written without context, which git applies only one at the end of the file (the strict reader
 * rejects the second; git apply refuses it without --unidiff-zero).
 */
class DiffPropertiesTest {
    private static Path work;

    @BeforeContainer
    static void setUp() throws IOException {
        work = Files.createTempDirectory("pv-diff-props");
    }

    @AfterContainer
    static void tearDown() throws IOException {
        try (Stream<Path> s = Files.walk(work)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Lines drawn from a small pool, so that files share lines and diffs have context and moves. */
    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.of("", " ", "a", "b", "c", "\tindented", "héllo wörld", "-x", "+y", "\\ z", "@@ not a header",
                        "return 0;", "}", "{"),
                Arbitraries.strings().withChars("abcxyz \t{}();=").ofMaxLength(12));
        return line.list().ofMaxSize(40);
    }

    @Property(tries = 400)
    void javaDiffUtilsDiffsAreReadExactly(@ForAll("lines") List<String> oldLines, @ForAll("lines") List<String> newLines,
            @ForAll("context") int context) throws PatchFailedException {
        Assume.that(!oldLines.equals(newLines));
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff("a/f.txt", "b/f.txt", oldLines,
                DiffUtils.diff(oldLines, newLines), context);
        StringBuilder sb = new StringBuilder("diff --git a/f.txt b/f.txt\n");
        unified.forEach(l -> sb.append(l).append('\n'));
        byte[] patch = sb.toString().getBytes(StandardCharsets.UTF_8);
        String oldText = text(oldLines, true);
        String newText = text(newLines, true);
        if (context == 0 && unified.stream().filter(l -> l.startsWith("@@ ")).count() > 1) {
            // Without context every hunk but the last must end the file, so git refuses the patch (unless told
            // --unidiff-zero); the strict reader says so, and nothing else.
            DiffResult strict = DiffReader.read(patch, Profile.STRICT);
            assertEquals(List.of(DiagnosticCode.HUNK_AFTER_FILE_END), strict.diagnostics().stream().map(Diagnostic::code).distinct()
                    .toList(), sb.toString());
            assertTrue(DiffReader.read(patch, Profile.GIT).accepted(), sb.toString());
            return;
        }
        // java-diff-utils' Myers diff is minimal, so its counts are what a longest common subsequence leaves.
        int lcs = lcs(terminatedLines(oldText), terminatedLines(newText));
        check(patch, oldText, newText, terminatedLines(newText).size() - lcs, terminatedLines(oldText).size() - lcs);
    }

    @Provide
    Arbitrary<Integer> context() {
        return Arbitraries.of(0, 1, 3);
    }

    @Property(tries = 150)
    @Tag(TestGroups.GIT)
    @AddLifecycleHook(JqwikGroups.class)
    void gitDiffsAreReadExactly(@ForAll("lines") List<String> oldLines, @ForAll("lines") List<String> newLines,
            @ForAll boolean oldEndsInNewline, @ForAll boolean newEndsInNewline) throws Exception {
        TestGroups.require(TestGroups.GIT); // reached without git only where git is required: it fails there
        String oldText = text(oldLines, oldEndsInNewline);
        String newText = text(newLines, newEndsInNewline);
        Assume.that(!oldText.equals(newText));
        Path dir = Files.createTempDirectory(work, "pair");
        Files.createDirectories(dir.resolve("x"));
        Files.createDirectories(dir.resolve("y"));
        Files.writeString(dir.resolve("x/f.txt"), oldText, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("y/f.txt"), newText, StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder("git", "diff", "--no-index", "--no-color", "--no-ext-diff", "x/f.txt", "y/f.txt")
                .directory(dir.toFile());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        byte[] patch = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), new String(patch, StandardCharsets.UTF_8));
        // git's diff is not always minimal (its heuristics may replace a line it could keep), so the
        // expected counts come from git's own numstat of the same pair.
        String[] numstat = run(dir, "git", "diff", "--no-index", "--numstat", "x/f.txt", "y/f.txt").split("\t");
        check(patch, oldText, newText, Integer.parseInt(numstat[0]), Integer.parseInt(numstat[1]));
    }

    private static String text(List<String> lines, boolean finalNewline) {
        String s = String.join("\n", lines);
        return lines.isEmpty() ? "" : finalNewline ? s + "\n" : s;
    }

    private static String run(Path dir, String... argv) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    private void check(byte[] patch, String oldText, String newText, int added, int removed) throws PatchFailedException {
        String shown = new String(patch, StandardCharsets.UTF_8);
        for (Profile profile : List.of(Profile.GIT, Profile.STRICT)) {
            DiffResult r = DiffReader.read(patch, profile);
            assertTrue(r.accepted(), profile.name() + " rejected:\n" + shown + "\n" + r.diagnostics());
            assertEquals(1, r.sections().size());
        }
        FileSection s = DiffReader.read(patch, Profile.STRICT).sections().get(0);
        assertEquals(added, s.added(), "added\n" + shown);
        assertEquals(removed, s.removed(), "removed\n" + shown);
        assertEquals(newText, apply(patch, oldText), "applying the hunks\n" + shown);
    }

    private static List<String> terminatedLines(String text) {
        List<String> out = new ArrayList<>();
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int to = nl < 0 ? text.length() : nl + 1;
            out.add(text.substring(from, to));
            from = to;
        }
        return out;
    }

    /** Lines without their terminators; a final line without newline is still a line. */
    private static List<String> splitLines(String text) {
        List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    private static int lcs(List<String> a, List<String> b) {
        int[][] t = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                t[i][j] = a.get(i).equals(b.get(j)) ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
            }
        }
        return t[0][0];
    }

    /**
     * Rebuilds the old and new side of every hunk from the reader's body lines, then lets java-diff-utils
     * apply them to the old text (it verifies each hunk's old side against the text).
     */
    private static String apply(byte[] patch, String oldText) throws PatchFailedException {
        List<HunkHeader> headers = new ArrayList<>();
        List<List<String>> sources = new ArrayList<>();
        List<List<String>> targets = new ArrayList<>();
        boolean[] newNoNewline = new boolean[1];
        DiffReader.read(patch, Profile.STRICT, new DiffVisitor() {
            @Override
            public void onHunk(HunkHeader header) {
                headers.add(header);
                sources.add(new ArrayList<>());
                targets.add(new ArrayList<>());
            }

            @Override
            public void onLine(DiffLine line) {
                String t = line.strictText().orElseThrow();
                int i = headers.size() - 1;
                switch (line.kind()) {
                    case CONTEXT -> {
                        sources.get(i).add(t);
                        targets.get(i).add(t);
                    }
                    case REMOVED -> sources.get(i).add(t);
                    case ADDED -> targets.get(i).add(t);
                    default -> { }
                }
            }

            @Override
            public void onSectionEnd(FileSection section) {
                newNoNewline[0] = section.newNoNewline();
            }
        }, DiffReader.Options.DEFAULT);
        Patch<String> p = new Patch<>();
        for (int i = 0; i < headers.size(); i++) {
            HunkHeader h = headers.get(i);
            int oldAt = (int) (h.oldCount() == 0 ? gapIndex(h.oldStart(), patch) : h.oldStart() - 1);
            int newAt = (int) (h.newCount() == 0 ? gapIndex(h.newStart(), patch) : h.newStart() - 1);
            p.addDelta(new ChangeDelta<>(new Chunk<>(oldAt, sources.get(i)), new Chunk<>(newAt, targets.get(i))));
        }
        List<String> result = DiffUtils.patch(splitLines(oldText), p);
        String joined = String.join("\n", result);
        return result.isEmpty() ? "" : newNoNewline[0] ? joined : joined + "\n";
    }

    /** The 0-based index of an empty range: git names the line before it, java-diff-utils the line after. */
    private static long gapIndex(long start, byte[] patch) {
        boolean gitStyle = new String(patch, 0, Math.min(patch.length, 200), StandardCharsets.UTF_8).contains("\nindex ");
        return gitStyle ? start : Math.max(0, start - 1);
    }
}
