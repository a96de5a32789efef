// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The rule table against the fixtures of {@code verification/fixtures/tricks/}: CASES.tsv says which rule must
 * or must not hit each fixture, and every fixture's {@code .hits} file holds all rules' hits exactly.
 */
class TrickFixturesTest {
    static final Path DIR = Path.of("verification/fixtures/tricks");

    record Case(String fixture, String rule, boolean hit) {}

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(DIR.resolve("CASES.tsv"), StandardCharsets.UTF_8);
        assertEquals("fixture\trule\texpect", lines.get(0));
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split("\t", -1);
            assertEquals(3, f.length, l);
            assertTrue(f[2].equals("hit") || f[2].equals("clean"), l);
            out.add(new Case(f[0], f[1], f[2].equals("hit")));
        }
        return out;
    }

    static DiffResult read(String fixture) throws IOException {
        return DiffReader.readLines(Files.readAllBytes(DIR.resolve(fixture)), Profile.STRICT);
    }

    /** The detector as a fixture is read with: given the evaluation's test patch when one stands beside it (NAME.testpatch). */
    static TrickDetector detector(TrickDetector d, String fixture) throws IOException {
        Path testPatch = DIR.resolve(fixture.replaceFirst("\\.diff$", ".testpatch"));
        return Files.isRegularFile(testPatch) ? d.withTestPatch(DiffReader.readLines(Files.readAllBytes(testPatch), Profile.GIT)) : d;
    }

    @TestFactory
    Stream<DynamicTest> eachCaseHitsOrStaysClean() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.fixture() + " " + c.rule() + " " + (c.hit() ? "hit" : "clean"), () -> {
            DiffResult r = read(c.fixture());
            List<TrickHit> one = detector(TrickDetector.of(List.of(c.rule())), c.fixture()).detect(r);
            assertEquals(c.hit(), !one.isEmpty(), c.fixture() + ": " + one);
            assertTrue(one.stream().allMatch(h -> h.ruleId().equals(c.rule())));
            List<TrickHit> all = detector(TrickDetector.all(), c.fixture()).detect(r).stream().filter(h -> h.ruleId().equals(c.rule())).toList();
            assertEquals(one, all, "a rule finds the same alone as among all");
        }));
    }

    @Test
    void everyRuleHasAPositiveAndANegativeFixture() throws IOException {
        Map<String, Set<Boolean>> seen = new TreeMap<>();
        for (Case c : cases()) {
            assertTrue(TrickRules.byId(c.rule()).isPresent(), "CASES.tsv names unknown rule " + c.rule());
            seen.computeIfAbsent(c.rule(), k -> new TreeSet<>()).add(c.hit());
        }
        for (TrickRule r : TrickRules.all()) {
            assertEquals(Set.of(false, true), seen.getOrDefault(r.id(), Set.of()), r.id() + " needs a hit and a clean fixture");
        }
    }

    @Test
    void everyFixtureIsAStrictlyValidPatchListedInTheCases() throws IOException {
        Set<String> listed = cases().stream().map(Case::fixture).collect(Collectors.toSet());
        try (Stream<Path> s = Files.list(DIR)) {
            List<String> diffs = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".diff")).sorted().toList();
            assertEquals(new TreeSet<>(listed), new TreeSet<>(diffs), "every fixture has a case and every case a fixture");
            for (String d : diffs) {
                DiffResult r = read(d);
                if (!d.startsWith("truncated-")) {
                    assertTrue(r.accepted(), d + ": " + r.errors());
                }
            }
        }
    }

    /** The exact hits of all rules, one per line, as the .hits file beside each fixture holds them. */
    static String render(List<TrickHit> hits) {
        StringBuilder sb = new StringBuilder();
        for (TrickHit h : hits) {
            sb.append(h.ruleId()).append('\t').append(h.severity().label()).append('\t').append(h.path()).append('\t')
                    .append(h.section()).append('\t').append(h.hunk()).append('\t').append(h.patchLine()).append('\t')
                    .append(h.message()).append('\n');
        }
        return sb.toString();
    }

    @TestFactory
    Stream<DynamicTest> hitsMatchTheGoldenFiles() throws IOException {
        boolean update = SharedData.fixturesUpdate(Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv());
        try (Stream<Path> s = Files.list(DIR)) {
            List<Path> diffs = s.filter(p -> p.getFileName().toString().endsWith(".diff")).sorted().toList();
            return diffs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                String got = render(detector(TrickDetector.all(), p.getFileName().toString()).detect(read(p.getFileName().toString())));
                Path golden = DIR.resolve(p.getFileName().toString().replaceFirst("\\.diff$", ".hits"));
                if (update) {
                    Files.writeString(golden, got, StandardCharsets.UTF_8);
                }
                assertTrue(Files.isRegularFile(golden), "no golden file " + golden);
                assertEquals(Files.readString(golden, StandardCharsets.UTF_8), got);
            }));
        }
    }

    @Test
    void unknownRuleIdIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrickDetector.of(List.of("skip-added", "no-such-rule")));
        assertTrue(e.getMessage().contains("'no-such-rule'"), e.getMessage());
        // One check and one message wherever rule ids come from, only the place named differs.
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class,
                () -> TrickDetector.of(List.of("no-such-rule"), "--detect"));
        assertEquals("--detect names 'no-such-rule', which is no trick rule; the rules are "
                + String.join(", ", TrickRules.all().stream().map(TrickRule::id).toList()), named.getMessage());
        assertEquals(named.getMessage(), assertThrows(IllegalArgumentException.class,
                () -> TrickRules.require("no-such-rule", "--detect")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> TrickRules.require(null, "--detect"));
        assertEquals("early-exit", TrickRules.require("early-exit", "--detect").id());
    }

    @Test
    void aDiffReadWithoutItsLinesIsRefusedRatherThanSeenAsClean() throws IOException {
        DiffResult noLines = DiffReader.read(Files.readAllBytes(DIR.resolve("sys-exit-0-in-library-function.diff")), Profile.STRICT);
        assertFalse(noLines.linesKept());
        assertThrows(IllegalArgumentException.class, () -> TrickDetector.all().detect(noLines));
    }

    @Test
    void ofKeepsTheRuleSetsOrderAndDropsRepeats() {
        TrickDetector d = TrickDetector.of(List.of("early-exit", "skip-added", "early-exit"));
        assertEquals(List.of("skip-added", "early-exit"), d.rules().stream().map(TrickRule::id).toList());
        assertEquals(TrickRules.all(), TrickDetector.all().rules());
    }
}
