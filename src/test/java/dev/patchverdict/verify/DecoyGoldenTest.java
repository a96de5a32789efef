// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every hand-made patch under verification/fixtures/v05, named after the trick it shows, read
 * against the seed's v0.5 transition plan, gives exactly the result written beside it.
 */
class DecoyGoldenTest {
    private static List<Path> patches() throws IOException {
        try (Stream<Path> files = Files.list(V05Fixtures.DECOYS)) {
            return files.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> eachPatchGivesItsExpectedResult() throws IOException {
        var plan = V05Fixtures.transitionPlan();
        return patches().stream().map(patch -> DynamicTest.dynamicTest(patch.getFileName().toString(), () -> {
            Path expected = Path.of(patch.toString().replace(".patch", ".expected"));
            SemanticEvaluation e = StrictTransitionEvaluator.evaluate(Files.readAllBytes(patch), plan);
            assertEquals(Files.readString(expected, StandardCharsets.UTF_8), V05Fixtures.render(e));
        }));
    }

    @Test
    void everyPatchHasAnExpectedResultAndNoneIsLeftOver() throws IOException {
        Set<String> names;
        try (Stream<Path> files = Files.list(V05Fixtures.DECOYS)) {
            names = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> stems = new TreeSet<>();
        for (String n : names) {
            stems.add(n.substring(0, n.lastIndexOf('.')));
        }
        for (String stem : stems) {
            assertTrue(names.contains(stem + ".patch") && names.contains(stem + ".expected"), stem);
        }
        assertTrue(stems.size() >= 13, stems.toString());
    }

    @Test
    void onlyTheHonestPatchesAreAccepted() throws IOException {
        var plan = V05Fixtures.transitionPlan();
        Set<String> accepted = new TreeSet<>();
        for (Path p : patches()) {
            if (StrictTransitionEvaluator.evaluate(Files.readAllBytes(p), plan).accepted()) {
                accepted.add(p.getFileName().toString());
            }
        }
        assertEquals(Set.of("correct-other-call-kept.patch", "dash-dash-removed-line.patch"), accepted);
    }
}
