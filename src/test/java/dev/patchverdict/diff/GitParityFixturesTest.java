// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.GitApply;
import dev.patchverdict.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every way the git profile was found to read a patch differently from git (by the generated differential,
 * {@link GitParityDifferentialTest}, or by hand), kept under verification/fixtures/git-parity: each
 * {@code NAME.patch} has beside it {@code NAME.expected}, git's exit code and exactly what
 * {@code git apply --numstat --summary} printed, and where {@code git apply} applies it to the differential's
 * base tree ({@link GitParityDifferentialTest#baseTree()}), what it changed there ({@code applied} lines). The
 * reader is held to them without git (the tree through {@link TreeModel}); where git 2.39 (the
 * version the expectations come from) is installed, they are also held to git, and
 * {@code -Dpatchverdict.fixtures.update=true} rewrites them from it.
 */
class GitParityFixturesTest {
    static final Path DIR = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "git-parity");
    private static final String REFERENCE = "git version 2.39.";
    private static final boolean UPDATE = SharedData.fixturesUpdate(
            Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv());

    static List<Path> fixtures() {
        return FixtureGoldenTest.patches(DIR);
    }

    private static final String APPLIED = "applied ";

    /** Git's reading as kept: its exit code, the lines it printed, what it changed in the base tree ('#' lines are notes). */
    record Expected(int exit, String printed, List<String> applied) {
        static Expected read(Path patch) throws IOException {
            List<String> lines = Files.readAllLines(expectedFile(patch), StandardCharsets.UTF_8);
            int exit = -1;
            StringBuilder printed = new StringBuilder();
            List<String> applied = new ArrayList<>();
            for (String l : lines) {
                if (l.startsWith("exit ")) {
                    exit = Integer.parseInt(l.substring(5).trim());
                } else if (l.startsWith(APPLIED)) {
                    applied.add(l.substring(APPLIED.length()));
                } else if (!l.startsWith("#")) {
                    printed.append(l).append('\n');
                }
            }
            assertTrue(exit >= 0, "no exit line in " + expectedFile(patch));
            return new Expected(exit, printed.toString(), applied);
        }
    }

    /** What applying the patch changes in the base tree, by the reader's reading; empty when the model would not apply it. */
    private static List<String> modelChanges(byte[] patch) {
        Map<String, TreeModel.Entry> base = GitParityDifferentialTest.baseTree();
        TreeModel.Outcome o = TreeModel.apply(base, DiffReader.readLines(patch, Profile.GIT));
        return o instanceof TreeModel.Applied a ? GitParityDifferentialTest.changeList(base, a.tree(), 1000) : List.of("<" + o + ">");
    }

    /** What git apply changes in a scratch copy of the base tree, or null when it refuses. */
    private static List<String> gitChanges(byte[] patch) throws IOException, InterruptedException {
        Map<String, TreeModel.Entry> base = GitParityDifferentialTest.baseTree();
        Path dir = Files.createTempDirectory("pv-parity-fixture");
        try {
            TreeModel.write(dir, base);
            GitApply.Result r = GitApply.in(dir, patch);
            return r.rc() == 0 ? GitParityDifferentialTest.changeList(base, TreeModel.read(dir), 1000) : null;
        } finally {
            TreeModel.delete(dir);
        }
    }

    static Path expectedFile(Path patch) {
        return patch.resolveSibling(patch.getFileName().toString().replaceAll("\\.patch$", ".expected"));
    }

    @TestFactory
    Stream<DynamicTest> theGitProfileReadsEveryFixtureAsGitDid() {
        return fixtures().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            Expected want = Expected.read(p);
            DiffResult r = DiffReader.read(Files.readAllBytes(p), Profile.GIT);
            assertEquals(want.exit() == 0, r.accepted(), "verdict; the reader says " + r.errors());
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            ours.writeBytes(r.numstatBytes());
            ours.writeBytes(r.summaryBytes());
            assertEquals(want.printed(), ours.toString(StandardCharsets.UTF_8), "--numstat --summary");
            if (!want.applied().isEmpty()) {
                assertEquals(want.applied(), modelChanges(Files.readAllBytes(p)), "what applying it changes in the base tree");
            }
        }));
    }

    @Test
    void thereIsAFixtureForEachKindOfDivergenceFound() {
        assertTrue(fixtures().size() >= 12, "only " + fixtures().size() + " git parity fixtures");
        for (Path p : fixtures()) {
            assertTrue(Files.exists(expectedFile(p)), "no expectations beside " + p.getFileName());
        }
    }

    @TestFactory
    Stream<DynamicTest> theExpectationsAreWhatGitPrints() throws Exception {
        SharedData.require(GitApply.available(), "git is not installed, so the git parity fixtures cannot be checked against it");
        String version = gitVersion();
        SharedData.require(version.startsWith(REFERENCE), "the git parity fixtures hold what " + REFERENCE
                + "x prints, and this is " + version + " (later versions canonicalize modes)");
        return fixtures().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            byte[] patch = Files.readAllBytes(p);
            GitApply.Result git = GitApply.numstatSummary(patch);
            List<String> applied = git.rc() == 0 ? gitChanges(patch) : null;
            if (UPDATE) {
                StringBuilder sb = new StringBuilder("# git apply --numstat --summary on " + p.getFileName()
                        + " (" + version + "): its exit code, then what it printed\n");
                sb.append("exit ").append(git.rc()).append('\n');
                for (String l : git.stderr().split("\n")) {
                    if (!l.isBlank()) {
                        sb.append("# ").append(l).append('\n');
                    }
                }
                sb.append(git.out());
                if (applied != null) {
                    sb.append("# git apply on the differential's base tree changes:\n");
                    applied.forEach(a -> sb.append(APPLIED).append(a).append('\n'));
                }
                Files.writeString(expectedFile(p), sb.toString(), StandardCharsets.UTF_8);
            }
            Expected want = Expected.read(p);
            assertEquals(want.exit(), git.rc(), "exit code; git said " + git.stderr());
            assertEquals(want.printed(), git.out(), "what git printed");
            assertEquals(want.applied(), applied == null ? List.of() : applied, "what git apply changed in the base tree");
        }));
    }

    private static String gitVersion() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("git", "--version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor(20, TimeUnit.SECONDS);
        return out;
    }
}
