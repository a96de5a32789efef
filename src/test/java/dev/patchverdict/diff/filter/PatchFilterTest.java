// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.PathGlob;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatchFilterTest {

    private static String modify(String path, String from, String to) {
        return "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n@@ -1 +1 @@\n-"
                + from + "\n+" + to + "\n";
    }

    private static final String RENAME = "diff --git a/tests/t.py b/src/t.py\nsimilarity index 90%\n"
            + "rename from tests/t.py\nrename to src/t.py\n--- a/tests/t.py\n+++ b/src/t.py\n@@ -1 +1 @@\n-a\n+b\n";

    private static PathPattern glob(String g, String origin) {
        PathGlob compiled = PathGlob.compile(GlobSyntax.GITIGNORE, g);
        return new PathPattern(g, origin, compiled::matches);
    }

    private static FilterRules excluding(String... globs) {
        return new FilterRules(List.of(), java.util.Arrays.stream(globs).map(g -> glob(g, "--exclude")).toList(), false);
    }

    private static FilterOutcome.Filtered filtered(String patch, FilterRules rules) {
        return assertInstanceOf(FilterOutcome.Filtered.class,
                PatchFilter.filter(patch.getBytes(StandardCharsets.UTF_8), rules));
    }

    private static String text(FilterOutcome.Filtered f) {
        return new String(f.patch(), StandardCharsets.UTF_8);
    }

    @Test
    void nothingExcludedGivesTheInputBackByteForByte() {
        String patch = "Subject: x\n\n" + modify("a.py", "1", "2") + "prose between\n" + modify("b.py", "3", "4")
                + "-- \n2.39.5\n";
        FilterOutcome.Filtered f = filtered(patch, new FilterRules(List.of(), List.of(), true));
        assertArrayEquals(patch.getBytes(StandardCharsets.UTF_8), f.patch());
        assertEquals(2, f.kept().size());
    }

    @Test
    void aRemovedSectionIsCutAndTheTextAroundItStays() {
        String patch = "Subject: x\n\n" + modify("tests/a.py", "1", "2") + "prose between\n" + modify("b.py", "3", "4")
                + "-- \n2.39.5\n";
        FilterOutcome.Filtered f = filtered(patch, excluding("tests/"));
        assertEquals("Subject: x\n\nprose between\n" + modify("b.py", "3", "4") + "-- \n2.39.5\n", text(f));
        SectionDecision removed = f.removed().get(0);
        assertEquals(List.of(new Removal(Removal.Cause.EXCLUDED, Removal.Side.PATH, GitPath.of("tests/a.py"),
                f.removed().get(0).removals().get(0).pattern())), removed.removals());
        assertEquals("tests/", removed.removals().get(0).pattern().glob());
        assertEquals(12, removed.start());
    }

    @Test
    void whenNothingIsKeptTheOutputIsEmptyNotTheTextAround() {
        FilterOutcome.Filtered f = filtered("message\n" + modify("tests/a.py", "1", "2") + "trailer\n", excluding("tests/"));
        assertEquals(0, f.patch().length);
        assertEquals(1, f.removed().size());
    }

    @Test
    void excludeWinsOverIncludeWhateverTheOrderAndTheFirstMatchingExcludeIsNamed() {
        String patch = modify("src/a.py", "1", "2") + modify("src/b.md", "1", "2") + modify("docs/c.py", "1", "2");
        FilterRules rules = new FilterRules(List.of(glob("src/", "--include")),
                List.of(glob("*.txt", "--exclude"), glob("*.md", "--exclude"), glob("src/b.*", "--exclude")), false);
        FilterOutcome.Filtered f = filtered(patch, rules);
        assertEquals(modify("src/a.py", "1", "2"), text(f));
        Removal md = f.sections().get(1).removals().get(0);
        assertEquals(Removal.Cause.EXCLUDED, md.cause());
        assertEquals("*.md", md.pattern().glob());
        assertEquals(Removal.Cause.NOT_INCLUDED, f.sections().get(2).removals().get(0).cause());
        // The same globs in another order keep and remove the same sections.
        FilterRules reversed = new FilterRules(rules.includes(), List.of(rules.excludes().get(2), rules.excludes().get(1),
                rules.excludes().get(0)), false);
        assertArrayEquals(f.patch(), filtered(patch, reversed).patch());
    }

    @Test
    void withoutIncludesEveryPathIsIncluded() {
        String patch = modify("a.py", "1", "2") + modify("b/c.py", "1", "2");
        assertEquals(patch, text(filtered(patch, new FilterRules(List.of(), List.of(), false))));
    }

    @Test
    void globsMeanWhatAGitignoreLineMeans() {
        String top = modify("src/a.py", "1", "2");
        String deep = modify("lib/src/b.py", "1", "2");
        String doc = modify("docs/x/y.md", "1", "2");
        String patch = top + deep + doc;
        assertEquals(doc, text(filtered(patch, excluding("src/"))), "a trailing slash: a folder at any depth");
        assertEquals(deep + doc, text(filtered(patch, excluding("/src/"))), "a leading slash anchors at the root");
        assertEquals(top + deep, text(filtered(patch, excluding("*.md"))), "no slash: a name at any depth");
        assertEquals(patch, text(filtered(patch, excluding("docs/*.md"))), "a slash inside anchors, and * stays in a name");
        assertEquals(top + deep, text(filtered(patch, excluding("docs/**/*.md"))), "** crosses folders");
    }

    @Test
    void aRenameGoesWhenEitherNameIsExcludedAndTheReasonNamesTheSide() {
        String patch = modify("a.py", "1", "2") + RENAME;
        FilterOutcome.Filtered oldSide = filtered(patch, excluding("tests/"));
        assertEquals(modify("a.py", "1", "2"), text(oldSide));
        assertEquals(Removal.Side.OLD, oldSide.sections().get(1).removals().get(0).side());
        assertEquals(GitPath.of("tests/t.py"), oldSide.sections().get(1).removals().get(0).path());

        FilterOutcome.Filtered newSide = filtered(patch, excluding("src/"));
        assertEquals(modify("a.py", "1", "2"), text(newSide));
        assertEquals(Removal.Side.NEW, newSide.sections().get(1).removals().get(0).side());

        FilterOutcome.Filtered both = filtered(patch, excluding("*.py"));
        assertEquals(List.of(Removal.Side.PATH), both.sections().get(0).removals().stream().map(Removal::side).toList());
        assertEquals(List.of(Removal.Side.OLD, Removal.Side.NEW),
                both.sections().get(1).removals().stream().map(Removal::side).toList());
    }

    @Test
    void aRenameIsKeptOnlyWhenBothNamesAreIncluded() {
        String patch = modify("src/a.py", "1", "2") + RENAME;
        FilterOutcome.Filtered f = filtered(patch, new FilterRules(List.of(glob("src/", "--include")), List.of(), false));
        assertEquals(modify("src/a.py", "1", "2"), text(f));
        assertEquals(List.of(new Removal(Removal.Cause.NOT_INCLUDED, Removal.Side.OLD, GitPath.of("tests/t.py"), null)),
                f.sections().get(1).removals());
    }

    @Test
    void dropBinaryRemovesBothKindsOfBinarySectionAndKeepsTextThatMentionsThem() {
        String text = "diff --git a/n.txt b/n.txt\n--- a/n.txt\n+++ b/n.txt\n@@ -1 +1,2 @@\n x\n"
                + "+Binary files a/n.txt and b/n.txt differ\n";
        String noData = "diff --git a/i.png b/i.png\nindex 1111111..2222222 100644\nBinary files a/i.png and b/i.png differ\n";
        String data = "diff --git a/img/logo.png b/img/logo.png\n"
                + "index 45a21f14508d7b08cb5cbeb662de2364b6f90584..a6a3e7f3bad02f24f974be4ecd3e7b95afcfa21e 100644\n"
                + "GIT binary patch\nliteral 11\nScmeAS@N?(olHy`uWC8#WNdc_@\n\nliteral 10\nRcmeAS@N?(olHy`u000e}0jdB1\n\n";
        String patch = noData + text + data;
        DiffResult read = DiffReader.read(patch.getBytes(StandardCharsets.UTF_8), Profile.GIT);
        assertEquals("-\t-\ti.png\n1\t0\tn.txt\n-\t-\timg/logo.png\n", read.numstat());
        FilterOutcome.Filtered f = filtered(patch, new FilterRules(List.of(), List.of(), true));
        assertEquals(text, text(f));
        assertEquals(List.of(new Removal(Removal.Cause.BINARY, null, null, null)), f.sections().get(0).removals());
        assertEquals(List.of(new Removal(Removal.Cause.BINARY, null, null, null)), f.sections().get(2).removals());
        assertEquals(patch, text(filtered(patch, new FilterRules(List.of(), List.of(), false))));
    }

    @Test
    void aPatchGitWouldNotReadIsRefusedWithItsErrors() {
        FilterOutcome o = PatchFilter.filter("just prose\n".getBytes(StandardCharsets.UTF_8), excluding("x"));
        FilterOutcome.Refused r = assertInstanceOf(FilterOutcome.Refused.class, o);
        assertEquals(DiagnosticCode.NO_VALID_PATCHES, r.errors().get(0).code());

        String corrupt = modify("a.py", "1", "2") + "diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1,3 +1 @@\n-x\n";
        FilterOutcome.Refused c = assertInstanceOf(FilterOutcome.Refused.class,
                PatchFilter.filter(corrupt.getBytes(StandardCharsets.UTF_8), excluding("b.py")));
        assertTrue(c.line() > 0, "the refusal says where");
    }

    /**
     * git guesses the p-value of traditional patches from the first ---/+++ pair: with no slash in its names,
     * every later section is read with -p0. Removing that first section would make git read the next one's names
     * with -p1, so the filter refuses rather than write a patch naming other files.
     */
    @Test
    void removingTheSectionGitGuessedThePValueFromIsRefused() {
        String patch = "--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-a\n+b\n--- x/src/b.txt\n+++ x/src/b.txt\n@@ -1 +1 @@\n-a\n+b\n";
        DiffResult r = DiffReader.read(patch.getBytes(StandardCharsets.UTF_8), Profile.GIT);
        assertTrue(r.accepted(), r.toString());
        assertEquals("1\t1\ta.txt\n1\t1\tx/src/b.txt\n", r.numstat());
        FilterOutcome.Refused refused = assertInstanceOf(FilterOutcome.Refused.class,
                PatchFilter.filter(patch.getBytes(StandardCharsets.UTF_8), excluding("a.txt")));
        assertTrue(refused.message().contains("x/src/b.txt") && refused.message().contains("numstat"), refused.message());
        assertTrue(refused.errors().isEmpty());
    }

    @Test
    void removalsAreWellFormed() {
        assertThrows(IllegalArgumentException.class, () -> new Removal(Removal.Cause.BINARY, Removal.Side.PATH, GitPath.of("a"), null));
        assertThrows(IllegalArgumentException.class, () -> new Removal(Removal.Cause.EXCLUDED, Removal.Side.PATH, GitPath.of("a"), null));
        assertThrows(IllegalArgumentException.class, () -> new Removal(Removal.Cause.NOT_INCLUDED, Removal.Side.PATH,
                GitPath.of("a"), glob("a", "--exclude")));
        assertThrows(IllegalArgumentException.class, () -> new Removal(Removal.Cause.EXCLUDED, null, null, glob("a", "x")));
    }
}
