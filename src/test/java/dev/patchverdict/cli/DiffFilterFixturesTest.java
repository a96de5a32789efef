// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.GitApply;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness failure modes under verification/fixtures/filter, each named after what it shows: {@code NAME.patch}
 * is filtered with the options in {@code NAME.args} (one per line); {@code NAME.expected} holds the exit code and
 * what was printed on standard error, and {@code NAME.filtered} the patch written (absent when nothing may be
 * written). The expectations were written by reading each fixture; after a deliberate change, review the
 * differences and rewrite them with {@code -Dpatchverdict.fixtures.update=true}.
 *
 * <p>Where git is installed, git must read each written patch as the kept sections of the original: its numstat
 * lines are the original's, in order, as many as the report says were kept.
 */
class DiffFilterFixturesTest {
    static final Path DIR = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "filter");
    private static final boolean UPDATE = SharedData.fixturesUpdate(
            Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv());
    private static final Pattern KEPT = Pattern.compile("(?m)^kept (\\d+) of (\\d+) sections?");

    @TempDir
    Path tmp;

    static List<Path> fixtures() {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path beside(Path patch, String ext) {
        return patch.resolveSibling(patch.getFileName().toString().replaceAll("\\.patch$", "." + ext));
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureFiltersAsExpected() {
        List<Path> all = fixtures();
        assertTrue(all.size() >= 14, "only " + all.size() + " filter fixtures");
        return all.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            List<String> args = new ArrayList<>(List.of("diff", "filter"));
            args.addAll(Files.readAllLines(beside(p, "args"), StandardCharsets.UTF_8));
            Path out = tmp.resolve(p.getFileName());
            args.addAll(List.of(p.getFileName().toString(), "-o", out.toString()));
            CliRun run = CliRun.in(DIR, args.toArray(String[]::new));
            String actual = "exit " + run.code() + "\n" + run.err();
            byte[] written = Files.exists(out) ? Files.readAllBytes(out) : null;
            Path expected = beside(p, "expected");
            Path filtered = beside(p, "filtered");
            if (UPDATE) {
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
                Files.deleteIfExists(filtered);
                if (written != null) {
                    Files.write(filtered, written);
                }
            }
            assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual, "exit code and standard error");
            assertEquals("", run.out(), "the patch goes to -o, nothing to standard output");
            if (run.code() != ExitCode.PASSED) {
                assertFalse(Files.exists(out), "an output file was written although the filter refused");
                assertFalse(Files.exists(filtered), "a refused fixture has no .filtered file");
                return;
            }
            assertArrayEquals(Files.readAllBytes(filtered), written, "the written patch");
            // Checked against the goldens above already; without git the rest is a skip (a failure in CI).
            TestGroups.require(TestGroups.GIT);
            agreesWithGit(Files.readAllBytes(p), written, run.err());
        }));
    }

    /** git reads the output as a subsequence of the original's numstat lines, as long as the kept count. */
    private static void agreesWithGit(byte[] original, byte[] written, String report) throws Exception {
        Matcher m = KEPT.matcher(report);
        assertTrue(m.find(), "no count line in " + report);
        int kept = Integer.parseInt(m.group(1));
        GitApply.Result before = GitApply.numstat(original);
        assertEquals(0, before.rc(), "git reads the fixture: " + before.stderr());
        List<String> all = lines(before.stdout());
        assertEquals(Integer.parseInt(m.group(2)), all.size(), "sections in the report and in git's numstat");
        if (kept == 0) {
            assertEquals(0, written.length, "nothing kept, so nothing written");
            return;
        }
        GitApply.Result after = GitApply.numstat(written);
        assertEquals(0, after.rc(), "git reads the written patch: " + after.stderr());
        List<String> got = lines(after.stdout());
        assertEquals(kept, got.size(), "numstat lines of the written patch");
        int i = 0;
        for (String line : got) {
            while (i < all.size() && !all.get(i).equals(line)) {
                i++;
            }
            assertTrue(i < all.size(), "'" + line + "' is not one of the original's lines, in order: " + all);
            i++;
        }
    }

    private static List<String> lines(byte[] numstat) {
        String s = new String(numstat, StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
    }
}
