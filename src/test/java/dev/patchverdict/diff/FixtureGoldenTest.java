// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile and edge-case fixtures under verification/fixtures/diff: each {@code NAME.patch} has beside it
 * {@code NAME.expected}, the diagnostics both profiles report (line, code, severity) and each profile's
 * verdict. The expectations were written by reading each fixture; after a deliberate change, review the
 * differences and rewrite them with {@code -Dpatchverdict.fixtures.update=true}.
 *
 * <p>Where git is installed, each fixture is also given to {@code git apply --numstat} and
 * {@code --summary}, and the git profile must agree with it byte for byte.
 */
class FixtureGoldenTest {
    static final Path DIR = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "diff");
    private static final boolean UPDATE = dev.patchverdict.SharedData.fixturesUpdate(
            Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv());

    static List<Path> fixtures() {
        return patches(DIR);
    }

    /** The {@code *.patch} files of a fixture folder, sorted. */
    static List<Path> patches(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String render(byte[] patch) {
        StringBuilder sb = new StringBuilder();
        sb.append("# line code severity, per profile; see FixtureGoldenTest\n");
        for (Profile p : List.of(Profile.GIT, Profile.STRICT)) {
            DiffResult r = DiffReader.read(patch, p);
            sb.append(p.name()).append(": ").append(r.accepted() ? "accepted" : "rejected").append('\n');
            for (Diagnostic d : r.diagnostics()) {
                sb.append(p.name()).append(' ').append(d.line()).append(' ').append(d.code()).append(' ')
                        .append(d.severity().name().toLowerCase(Locale.ROOT)).append('\n');
            }
        }
        return sb.toString();
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureReadsAsExpected() {
        return fixtures().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            byte[] patch = Files.readAllBytes(p);
            Path expected = p.resolveSibling(p.getFileName().toString().replaceAll("\\.patch$", ".expected"));
            String actual = render(patch);
            if (UPDATE) {
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
            }
            assertTrue(Files.exists(expected), "no expectations beside " + p.getFileName());
            assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual, p.getFileName().toString());
        }));
    }

    @Test
    void thereAreEnoughFixturesAndTogetherTheyCoverEveryRule() throws IOException {
        List<Path> all = fixtures();
        assertTrue(all.size() >= 45, "only " + all.size() + " fixtures");
        Set<DiagnosticCode> seen = EnumSet.noneOf(DiagnosticCode.class);
        for (Path p : all) {
            for (String line : Files.readAllLines(p.resolveSibling(p.getFileName().toString()
                    .replaceAll("\\.patch$", ".expected")))) {
                String[] f = line.split(" ");
                if (f.length == 4) {
                    seen.add(DiagnosticCode.valueOf(f[2]));
                }
            }
        }
        // These need inputs no fixture file should be: over-long lines, too many sections, a failing stream. Unit tests cover them.
        Set<DiagnosticCode> elsewhere = EnumSet.of(DiagnosticCode.LINE_TOO_LONG, DiagnosticCode.INPUT_UNREADABLE,
                DiagnosticCode.HEADER_TOO_LONG, DiagnosticCode.TOO_MANY_SECTIONS);
        List<DiagnosticCode> missing = new ArrayList<>();
        for (DiagnosticCode c : DiagnosticCode.values()) {
            if (!seen.contains(c) && !elsewhere.contains(c)) {
                missing.add(c);
            }
        }
        assertEquals(List.of(), missing, "rules no fixture shows");
    }

    @TestFactory
    @org.junit.jupiter.api.Tag(dev.patchverdict.TestGroups.GIT)
    Stream<DynamicTest> gitProfileAgreesWithGitOnEveryFixture() {
        return fixtures().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            GitTool.Result git = GitTool.apply(p);
            DiffResult r = DiffReader.read(p, Profile.GIT);
            assertEquals(git.rc() == 0, r.accepted(), "verdict; git said " + git.stderr());
            assertEquals(git.numstat(), r.numstat(), "numstat");
            assertEquals(git.summary(), r.summary(), "summary");
        }));
    }

    /** Runs git apply in an empty folder outside any repository, as the corpus was made. */
    static final class GitTool {
        record Result(int rc, String numstat, String summary, String stderr) {}

        static boolean available() {
            return dev.patchverdict.GitApply.available();
        }

        static Result apply(Path patch) throws IOException, InterruptedException {
            Path dir = Files.createTempDirectory("pv-git-apply");
            try {
                String[] numstat = run(dir, patch, "--numstat");
                String[] summary = run(dir, patch, "--summary");
                return new Result(Integer.parseInt(numstat[0]), numstat[1], summary[1], numstat[2]);
            } finally {
                Files.deleteIfExists(dir);
            }
        }

        private static String[] run(Path dir, Path patch, String what) throws IOException, InterruptedException {
            ProcessBuilder pb = new ProcessBuilder("git", "apply", what, patch.toAbsolutePath().toString())
                    .directory(dir.toFile());
            pb.environment().put("GIT_CEILING_DIRECTORIES", dir.getParent().toString());
            pb.environment().put("LC_ALL", "C");
            Path err = Files.createTempFile("pv-git", ".err");
            pb.redirectError(err.toFile());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git apply did not finish");
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            Files.deleteIfExists(err);
            return new String[] {Integer.toString(p.exitValue()), out, stderr};
        }
    }
}
