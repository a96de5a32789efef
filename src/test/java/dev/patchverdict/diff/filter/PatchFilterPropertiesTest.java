// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.Profile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Patches assembled from real section shapes and hostile prose between them (lines that look like
 * extended headers, binary notices, traditional headers, hunk headers, no-newline markers), with a random
 * set of paths excluded. Filtering never throws; a filtered patch is the input less exactly the removed
 * sections' bytes, and reads back as exactly the kept sections; nothing excluded gives the input back.
 */
class PatchFilterPropertiesTest {

    @Provide
    Arbitrary<String> section() {
        Arbitrary<String> path = Arbitraries.of("a.py", "tests/t.py", "src/x b/y.py", "docs/r.md", "img/i.png", "q");
        return Arbitraries.oneOf(
                path.map(p -> "diff --git a/" + p + " b/" + p + "\n--- a/" + p + "\n+++ b/" + p + "\n@@ -1 +1 @@\n-a\n+b\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\nold mode 100644\nnew mode 100755\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\nnew file mode 100644\nindex 0000000..e69de29\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\ndeleted file mode 100644\nindex e69de29..0000000\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\nindex 1111111..2222222 100644\nBinary files a/" + p
                        + " and b/" + p + " differ\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\n--- a/" + p + "\n+++ b/" + p + "\n@@ -1 +1 @@\n-a\r\n+b\r\n"),
                path.map(p -> "diff --git a/" + p + " b/" + p + "\n--- a/" + p + "\n+++ b/" + p
                        + "\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n"),
                Arbitraries.just("diff --git a/tests/o.py b/src/n.py\nsimilarity index 90%\nrename from tests/o.py\n"
                        + "rename to src/n.py\n--- a/tests/o.py\n+++ b/src/n.py\n@@ -1 +1 @@\n-a\n+b\n"),
                Arbitraries.just("--- a/t.txt\n+++ b/t.txt\n@@ -1 +1 @@\n-a\n+b\n"));
    }

    @Provide
    Arbitrary<String> prose() {
        return Arbitraries.of("", "", "", "Some prose.\n", "old mode 100644\n", "new file mode 100644\n",
                "Binary files a/q and b/q differ\n", "similarity index 50%\n", "rename from z\n", "--- a/z\n",
                "+++ b/z\n", "index 1111111..2222222\n", "\\ No newline at end of file\n", "-- \n2.39.5\n",
                "diff --git a/lone b/lone\n", "+added?\n", "\n");
    }

    @Provide
    Arbitrary<List<String>> parts() {
        return Arbitraries.oneOf(section(), prose()).list().ofMinSize(1).ofMaxSize(12);
    }

    @Property(tries = 3000)
    void filteringNeverThrowsAndCutsExactlyTheRemovedSections(@ForAll("parts") List<String> parts,
            @ForAll("excluded") Set<String> excluded, @ForAll boolean dropBinary) {
        byte[] input = String.join("", parts).getBytes(StandardCharsets.UTF_8);
        FilterRules rules = new FilterRules(List.of(), List.of(new PathPattern("set", "test", excluded::contains)), dropBinary);
        FilterOutcome outcome = PatchFilter.filter(input, rules);
        DiffResult read = DiffReader.read(input, Profile.GIT);
        if (outcome instanceof FilterOutcome.Refused r) {
            Statistics.collect(r.errors().isEmpty() ? "refused: the cut would change a kept section" : "refused: git would not read it");
            assertEquals(r.errors().isEmpty(), read.accepted(), "refused for the input only when git would not read it");
            return;
        }
        FilterOutcome.Filtered f = (FilterOutcome.Filtered) outcome;
        assertTrue(read.accepted());
        List<SectionDecision> kept = f.kept();
        Statistics.collect(kept.isEmpty() ? "filtered: nothing kept" : kept.size() == f.sections().size()
                ? "filtered: all kept" : "filtered: some removed");
        if (kept.isEmpty()) {
            assertEquals(0, f.patch().length);
            return;
        }
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        long from = 0;
        for (SectionDecision d : f.sections()) {
            if (!d.kept()) {
                expected.write(input, (int) from, (int) (d.start() - from));
                from = d.end();
            }
        }
        expected.write(input, (int) from, (int) (input.length - from));
        assertArrayEquals(expected.toByteArray(), f.patch());
        DiffResult back = DiffReader.read(f.patch(), Profile.GIT);
        assertTrue(back.accepted(), back.toString());
        assertEquals(kept.stream().map(d -> new String(d.section().numstatLine(), StandardCharsets.UTF_8))
                .collect(Collectors.joining()), back.numstat());
        assertEquals(kept.stream().map(d -> d.section().path()).toList(), back.sections().stream().map(FileSection::path).toList());
    }

    @Property(tries = 500)
    void nothingExcludedGivesTheInputBack(@ForAll("parts") List<String> parts) {
        byte[] input = String.join("", parts).getBytes(StandardCharsets.UTF_8);
        if (PatchFilter.filter(input, new FilterRules(List.of(), List.of(), false)) instanceof FilterOutcome.Filtered f) {
            assertArrayEquals(input, f.patch());
        }
    }

    @Provide
    Arbitrary<Set<String>> excluded() {
        return Arbitraries.of("a.py", "tests/t.py", "src/x b/y.py", "docs/r.md", "img/i.png", "q", "tests/o.py",
                "src/n.py", "t.txt").set();
    }
}
