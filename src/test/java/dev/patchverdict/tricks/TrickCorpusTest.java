// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every rule on every real diff of the corpus (the 44.6 MB history diff aside): detection never throws, and
 * every hit points where it says, at a line of the patch that exists and, for a line hit, is an added or
 * removed line of the named section.
 */
class TrickCorpusTest {
    @Test
    @Tag(TestGroups.SHARED_CORPUS)
    void everyHitPointsAtAnAddedOrRemovedLineOfItsSection() throws IOException {
        Path corpus = SharedData.corpus();
        List<String> wrong = new ArrayList<>();
        int patches = 0;
        int hits = 0;
        List<Path> groups;
        try (Stream<Path> s = Files.list(corpus)) {
            groups = s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().equals("large")).sorted().toList();
        }
        TrickDetector all = TrickDetector.all();
        for (Path g : groups) {
            List<Path> diffs;
            try (Stream<Path> s = Files.list(g)) {
                diffs = s.filter(p -> p.toString().endsWith(".patch") || p.toString().endsWith(".diff")).sorted().toList();
            }
            for (Path p : diffs) {
                byte[] bytes = Files.readAllBytes(p);
                DiffResult r = DiffReader.readLines(bytes, Profile.STRICT);
                List<String> lines = List.of(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).split("\n", -1));
                patches++;
                for (TrickHit h : all.detect(r)) {
                    hits++;
                    String where = corpus.relativize(p) + ":" + h.patchLine() + " " + h.ruleId();
                    if (h.patchLine() < 1 || h.patchLine() > lines.size()) {
                        wrong.add(where + ": line outside the patch");
                        continue;
                    }
                    if (h.hunk() >= 0) {
                        char kind = lines.get((int) h.patchLine() - 1).isEmpty() ? ' ' : lines.get((int) h.patchLine() - 1).charAt(0);
                        if (kind != '+' && kind != '-') {
                            wrong.add(where + ": a line hit on a line that is neither added nor removed");
                        }
                        boolean inSection = r.lines().stream().anyMatch(l -> l.lineNumber() == h.patchLine()
                                && l.section() == h.section() && l.hunkIndex() == h.hunk());
                        if (!inSection) {
                            wrong.add(where + ": section " + h.section() + " hunk " + h.hunk() + " do not hold that line");
                        }
                    }
                }
            }
        }
        System.out.printf("tricks on the corpus: %d hits in %d patches%n", hits, patches);
        assertTrue(patches > 1400, "the corpus groups, found " + patches);
        assertEquals(List.of(), wrong);
    }

    /** A patch cut at any byte (as a harness or a size limit cuts it) is read and searched without an exception. */
    @Property(tries = 300)
    void aPatchCutAnywhereIsSearchedWithoutFailing(@ForAll @IntRange(min = 0, max = 5000) int cut,
            @ForAll @IntRange(min = 0, max = 1000) int which) throws IOException {
        List<Path> fixtures;
        try (Stream<Path> s = Files.list(TrickFixturesTest.DIR)) {
            fixtures = s.filter(p -> p.toString().endsWith(".diff")).sorted().toList();
        }
        byte[] whole = Files.readAllBytes(fixtures.get(which % fixtures.size()));
        byte[] part = java.util.Arrays.copyOf(whole, Math.min(cut, whole.length));
        DiffResult r = DiffReader.readLines(part, Profile.STRICT);
        for (TrickHit h : TrickDetector.all().detect(r)) {
            assertTrue(h.patchLine() >= 1 && h.section() >= 0, h.toString());
        }
    }
}
