// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.StrictTransitionContract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * verification/fixtures/v05-tricks: one folder per way a v0.5 plan stops the tricks agents play,
 * each with the plan (written by {@code plan new}, the arguments in the cli tests) and candidates
 * named after what they show, each with its expected reading beside it.
 */
class TrickPlanGoldenTest {
    static final Path ROOT = Path.of("verification/fixtures/v05-tricks");

    private static List<Path> folders() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static List<Path> patches(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
    }

    static StrictTransitionContract plan(Path folder) throws Exception {
        return (StrictTransitionContract) EvaluatorPlanReader.strict().read(folder.resolve("plan.json")).contract();
    }

    @TestFactory
    Stream<DynamicTest> eachCandidateGivesItsExpectedReading() throws IOException {
        boolean update = SharedData.fixturesUpdate(Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv());
        return folders().stream().flatMap(folder -> {
            try {
                StrictTransitionContract plan = plan(folder);
                return patches(folder).stream().map(patch -> DynamicTest.dynamicTest(
                        folder.getFileName() + "/" + patch.getFileName(), () -> {
                            Path expected = Path.of(patch.toString().replace(".patch", ".expected"));
                            String actual = V05Fixtures.render(StrictTransitionEvaluator.evaluate(Files.readAllBytes(patch), plan));
                            if (update) {
                                Files.writeString(expected, actual, StandardCharsets.UTF_8);
                            }
                            assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual);
                        }));
            } catch (Exception e) {
                throw new IllegalStateException(folder + ": " + e.getMessage(), e);
            }
        });
    }

    /** Read from a stream, a candidate gets the same reading as from bytes: the stream's bytes are kept for the rules. */
    @Test
    void aStreamGivesTheSameReadingAsBytes() throws Exception {
        Path folder = ROOT.resolve("forbidden-tricks");
        StrictTransitionContract plan = plan(folder);
        for (Path p : patches(folder)) {
            byte[] bytes = Files.readAllBytes(p);
            java.io.InputStream trickle = new java.io.FilterInputStream(new java.io.ByteArrayInputStream(bytes)) {
                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    return super.read(b, off, Math.min(len, 7));
                }
            };
            assertEquals(StrictTransitionEvaluator.evaluate(bytes, plan), StrictTransitionEvaluator.evaluate(trickle, plan),
                    p.toString());
        }
    }

    @Test
    void everyFolderHasAPlanAndEveryCandidateAnExpectation() throws IOException {
        List<Path> folders = folders();
        assertTrue(!folders.isEmpty());
        for (Path f : folders) {
            assertTrue(Files.isRegularFile(f.resolve("plan.json")), f.toString());
            for (Path p : patches(f)) {
                assertTrue(Files.isRegularFile(Path.of(p.toString().replace(".patch", ".expected"))), p.toString());
            }
        }
    }
}
