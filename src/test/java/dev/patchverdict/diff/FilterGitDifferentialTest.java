// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.GitApply;
import dev.patchverdict.TestGroups;
import dev.patchverdict.diff.filter.FilterOutcome;
import dev.patchverdict.diff.filter.FilterRules;
import dev.patchverdict.diff.filter.PathPattern;
import dev.patchverdict.diff.filter.PatchFilter;
import dev.patchverdict.diff.filter.SectionDecision;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code diff filter} against git over every corpus diff, the large one included. Each diff git refuses is
 * refused. For each diff git accepts: for a seeded
 * random choice of excluded paths per diff (sometimes none, sometimes one, usually about half, sometimes
 * with binary sections dropped too), git must accept the output and print exactly the original's numstat
 * lines (git's own, from the corpus) for the kept sections, in order; nothing excluded must give the input
 * back byte for byte, and everything excluded an empty output. Each accepted diff is filtered a second time
 * with the swebench-tests preset, as a harness would.
 */
@Tag(TestGroups.SHARED_CORPUS)
@Tag(TestGroups.GIT)
class FilterGitDifferentialTest {
    private static final long SEED = 0x5eed_f11eL;

    @Test
    void gitReadsEveryFilteredCorpusDiffAsTheKeptSubsetOfTheOriginal() throws Exception {
        List<Path> diffs = Corpus.allDiffs();
        assertTrue(diffs.size() > 1000, "expected the whole corpus, found " + diffs.size() + " diffs");
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger checkedByGit = new AtomicInteger();
        AtomicInteger emptied = new AtomicInteger();
        AtomicInteger unchanged = new AtomicInteger();
        AtomicLong removedSections = new AtomicLong();
        AtomicLong keptSections = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (Path diff : diffs) {
                jobs.add(pool.submit(() -> {
                    try {
                        String why = check(diff, checkedByGit, emptied, unchanged, removedSections, keptSections);
                        if (why != null) {
                            failures.add(Corpus.relative(diff) + ": " + why);
                        }
                    } catch (Exception e) {
                        failures.add(Corpus.relative(diff) + ": " + e);
                    }
                    return null;
                }));
            }
            for (Future<?> j : jobs) {
                j.get();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("filter differential: %d corpus diffs refused as git does or filtered twice (%d sections kept, %d removed);"
                + " git read %d outputs, %d came back unchanged, %d emptied; %d failures%n", diffs.size(),
                keptSections.get(), removedSections.get(), checkedByGit.get(), unchanged.get(), emptied.get(), failures.size());
        if (!failures.isEmpty()) {
            List<String> list = new ArrayList<>(failures);
            fail(list.size() + " of " + diffs.size() + " filtered diffs disagree with git:\n"
                    + String.join("\n", list.subList(0, Math.min(40, list.size()))));
        }
    }

    /** Null when the filtered diff is what git says it must be; otherwise what went wrong. */
    private static String check(Path diff, AtomicInteger checkedByGit, AtomicInteger emptied, AtomicInteger unchanged,
            AtomicLong removedSections, AtomicLong keptSections) throws Exception {
        byte[] input = Files.readAllBytes(diff);
        if (Corpus.gitRc(diff) != 0) {
            // git refuses it, so there is nothing to filter: a refusal naming where, never an output.
            FilterOutcome o = PatchFilter.filter(input, new FilterRules(List.of(), List.of(), true));
            return o instanceof FilterOutcome.Refused r && !r.errors().isEmpty() ? null : "git refuses it, but: " + o;
        }
        DiffResult original = DiffReader.readSections(new java.io.ByteArrayInputStream(input), Profile.GIT);
        List<FileSection> sections = original.sections();
        String[] gitLines = lines(Corpus.sidecar(diff, "numstat"));
        if (gitLines.length != sections.size()) {
            return "git printed " + gitLines.length + " numstat lines for " + sections.size() + " sections";
        }
        Random random = new Random(SEED ^ Corpus.relative(diff).hashCode());
        Set<String> names = new java.util.TreeSet<>();
        for (FileSection s : sections) {
            names.addAll(names(s));
        }
        Set<String> excluded = new HashSet<>();
        // The large diffs always lose about half their paths, so git reads their filtered form; a diff of one
        // section can only come back whole or empty, so the choice matters for the others.
        int mode = input.length > (8 << 20) ? 4 + random.nextInt(6) : random.nextInt(10);
        if (mode >= 1 && mode < 3 && !names.isEmpty()) {
            excluded.add(new ArrayList<>(names).get(random.nextInt(names.size())));
        } else if (mode >= 3) {
            for (String n : names) {
                if (random.nextBoolean()) {
                    excluded.add(n);
                }
            }
        }
        boolean dropBinary = mode >= 3 && random.nextInt(3) == 0;
        String why = filterAndCompare(input, sections, gitLines, excluded::contains, dropBinary, checkedByGit, emptied,
                unchanged, removedSections, keptSections, diff);
        if (why != null) {
            return "seeded choice of " + excluded.size() + " paths" + (dropBinary ? " and binaries" : "") + ": " + why;
        }
        // As a harness uses it: the shipped preset's test paths, read by the glob code the command uses.
        why = filterAndCompare(input, sections, gitLines, SwebenchPreset::matches, false, checkedByGit, emptied,
                unchanged, removedSections, keptSections, diff);
        return why == null ? null : "preset swebench-tests: " + why;
    }

    private static String filterAndCompare(byte[] input, List<FileSection> sections, String[] gitLines,
            java.util.function.Predicate<String> excluded, boolean dropBinary, AtomicInteger checkedByGit,
            AtomicInteger emptied, AtomicInteger unchanged, AtomicLong removedSections, AtomicLong keptSections,
            Path diff) throws Exception {
        FilterRules rules = new FilterRules(List.of(), List.of(new PathPattern("(test's choice)", "test", excluded)),
                dropBinary);
        FilterOutcome outcome = PatchFilter.filter(input, rules);
        if (!(outcome instanceof FilterOutcome.Filtered f)) {
            return "refused: " + outcome;
        }
        byte[] out = f.patch();
        ByteArrayOutputStream expectedNumstat = new ByteArrayOutputStream();
        long removedBytes = 0;
        int kept = 0;
        for (int i = 0; i < sections.size(); i++) {
            FileSection s = sections.get(i);
            boolean keep = names(s).stream().noneMatch(excluded) && !(dropBinary && s.isBinary());
            SectionDecision d = f.sections().get(i);
            if (d.kept() != keep) {
                return "section " + i + " (" + s.path() + ") kept=" + d.kept() + ", expected " + keep;
            }
            if (keep) {
                kept++;
                expectedNumstat.writeBytes((gitLines[i] + "\n").getBytes(StandardCharsets.UTF_8));
            } else {
                removedBytes += s.endOffset() - s.header().offset();
            }
        }
        keptSections.addAndGet(kept);
        removedSections.addAndGet(sections.size() - kept);
        if (kept == 0) {
            emptied.incrementAndGet();
            return out.length == 0 ? null : "nothing kept, but " + out.length + " bytes written";
        }
        if (out.length != input.length - removedBytes) {
            return "wrote " + out.length + " bytes, expected the input's " + input.length + " less " + removedBytes;
        }
        if (kept == sections.size()) {
            unchanged.incrementAndGet();
            return Arrays.equals(out, input) ? null : "nothing removed, but the output differs from the input";
        }
        GitApply.Result git = GitApply.numstat(out);
        checkedByGit.incrementAndGet();
        if (input.length > (8 << 20)) {
            System.out.printf("filter differential: %s (%d bytes): %d of %d sections kept, git read %d bytes%n",
                    Corpus.relative(diff), input.length, kept, sections.size(), out.length);
        }
        if (git.rc() != 0) {
            return "git apply refuses the output (rc " + git.rc() + "): " + git.stderr().strip();
        }
        if (!Arrays.equals(git.stdout(), expectedNumstat.toByteArray())) {
            return "numstat differs: " + GitDifferentialTest.firstDifference(git.stdout(), expectedNumstat.toByteArray());
        }
        return null;
    }

    static List<String> names(FileSection s) {
        List<String> out = new ArrayList<>(2);
        if (s.oldPath() != null) {
            out.add(s.oldPath().text());
        }
        if (s.newPath() != null) {
            out.add(s.newPath().text());
        }
        return out;
    }

    private static String[] lines(byte[] numstat) {
        String s = new String(numstat, StandardCharsets.UTF_8);
        return s.isEmpty() ? new String[0] : s.substring(0, s.length() - (s.endsWith("\n") ? 1 : 0)).split("\n", -1);
    }

    /** The preset compiled as the command compiles it. */
    static final class SwebenchPreset {
        static final List<dev.patchverdict.plan.PathGlob> GLOBS = dev.patchverdict.plan.FilterPresets
                .globs("swebench-tests").stream()
                .map(g -> dev.patchverdict.plan.PathGlob.compile(dev.patchverdict.plan.GlobSyntax.GITIGNORE, g)).toList();

        static boolean matches(String path) {
            return GLOBS.stream().anyMatch(g -> g.matches(path));
        }
    }
}
