// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.GitApply;
import dev.patchverdict.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The git profile against git on generated hostile patches ({@link HostilePatches}): for every case, git's
 * exit code and its exact {@code git apply --numstat --summary} output; and wherever git accepts the patch, the
 * tree {@code git apply} leaves in a scratch copy of the base tree against the tree the reader's own reading
 * says ({@link TreeModel}); and {@code diff filter}'s output on it, read back by git. {@code patchverdict.parity.cases} cases (a few thousand here; the
 * {@code git-parity} Maven profile runs many more, from a random seed), from {@code patchverdict.parity.seed}
 * (a fixed one by default, or {@code random}): case {@code i} is
 * seed {@code seed + i}, so one case is replayed with {@code -Dpatchverdict.parity.seed=S
 * -Dpatchverdict.parity.cases=1}. Each disagreement ever found is kept as a fixture under
 * verification/fixtures/git-parity ({@link GitParityFixturesTest}).
 */
class GitParityDifferentialTest {
    private static final long SEED = seed(System.getProperty("patchverdict.parity.seed", ""));
    private static final int CASES = Integer.getInteger("patchverdict.parity.cases", 3000);

    @Test
    void gitProfileReadsHostileSequencesAsGitDoes() throws Exception {
        SharedData.require(GitApply.available(), "git is not installed, so the git parity differential cannot run");
        Path all = Path.of(System.getProperty("user.dir"), "target", "git-parity-divergences.txt");
        Files.deleteIfExists(all);
        Path scratch = Files.createTempDirectory("pv-parity");
        try {
            HostilePatches.Binaries binaries = binaries(scratch);
            Map<String, TreeModel.Entry> base = baseTree();
            boolean treesHere = TreeModel.representable(scratch, base);
            Stats stats = new Stats();
            ConcurrentLinkedQueue<String> divergences = new ConcurrentLinkedQueue<>();
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                List<Future<?>> jobs = new ArrayList<>();
                for (int i = 0; i < CASES; i++) {
                    long seed = SEED + i;
                    jobs.add(pool.submit(() -> {
                        String why = check(seed, binaries, base, treesHere, scratch, stats);
                        if (why != null) {
                            divergences.add(why);
                        }
                        return null;
                    }));
                }
                for (Future<?> j : jobs) {
                    j.get();
                }
            } finally {
                pool.shutdownNow();
                pool.awaitTermination(30, TimeUnit.SECONDS);
            }
            System.out.printf("git parity: %d hostile cases from seed %d: git accepted %d, refused %d; trees compared %d"
                    + " (git applied, the reading applied); git refused to apply %d, the reading refused %d, beyond the"
                    + " model %d; diff filter output read by git %d, filter refused %d; %d divergences%n", CASES, SEED,
                    stats.accepted.get(), stats.refused.get(), stats.compared.get(), stats.gitRefusedApply.get(),
                    stats.modelRefused.get(), stats.unsupported.get(), stats.filterChecked.get(), stats.filterRefused.get(),
                    divergences.size());
            assertTrue(CASES < 100 || stats.accepted.get() > CASES / 5 && stats.refused.get() > CASES / 20,
                    "the generator should make both kinds: " + stats.accepted + " accepted, " + stats.refused + " refused");
            assertTrue(CASES < 100 || !treesHere || stats.compared.get() > CASES / 10, "too few trees compared: " + stats.compared);
            if (!divergences.isEmpty()) {
                List<String> list = new ArrayList<>(divergences);
                Files.createDirectories(all.getParent());
                Files.writeString(all, String.join("\n\n", list), StandardCharsets.UTF_8);
                fail(list.size() + " of " + CASES + " generated patches read differently from git (each belongs in "
                        + "verification/fixtures/git-parity; all of them are in " + all + "):\n\n" + String.join("\n\n", list.subList(0, Math.min(12, list.size()))));
            }
        } finally {
            TreeModel.delete(scratch);
        }
    }

    /** A fixed seed by default, so the suite reads the same cases every run; "random" explores new ones. */
    private static long seed(String property) {
        if (property.isBlank()) {
            return 0x9a41_7e50L;
        }
        return property.equals("random") ? new java.util.SplittableRandom().nextLong() >>> 1 : Long.parseLong(property);
    }

    /** The base tree every generated patch is made against, as the model holds it. */
    static Map<String, TreeModel.Entry> baseTree() {
        Map<String, TreeModel.Entry> base = new TreeMap<>();
        HostilePatches.baseTree(binaryContent(false)).forEach((k, v) ->
                base.put(k, new TreeModel.Entry(v, k.equals(HostilePatches.EXEC) ? 0100755 : 0100644)));
        return base;
    }

    static final class Stats {
        final AtomicInteger accepted = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();
        final AtomicInteger compared = new AtomicInteger();
        final AtomicInteger gitRefusedApply = new AtomicInteger();
        final AtomicInteger modelRefused = new AtomicInteger();
        final AtomicInteger unsupported = new AtomicInteger();
        final AtomicInteger filterChecked = new AtomicInteger();
        final AtomicInteger filterRefused = new AtomicInteger();
    }

    /** Null when the reader and git agree on the case; otherwise the disagreement with the patch shown. */
    static String check(long seed, HostilePatches.Binaries binaries, Map<String, TreeModel.Entry> base, boolean trees,
            Path scratch, Stats stats) throws IOException, InterruptedException {
        byte[] patch = HostilePatches.generate(binaries, seed);
        DiffResult ours = DiffReader.readLines(patch, Profile.GIT);
        GitApply.Result git = GitApply.numstatSummary(patch);
        (git.rc() == 0 ? stats.accepted : stats.refused).incrementAndGet();
        String output = outputDifference(ours, git);
        if (output != null) {
            return describe(seed, patch, output);
        }
        if (git.rc() != 0) {
            return null;
        }
        String filtered = filterCheck(seed, patch, ours, stats);
        if (filtered != null) {
            return describe(seed, patch, "diff filter: " + filtered);
        }
        if (!trees) {
            return null;
        }
        TreeModel.Outcome model = TreeModel.apply(base, ours);
        if (model instanceof TreeModel.Unsupported) {
            stats.unsupported.incrementAndGet();
            return null;
        }
        Path dir = Files.createTempDirectory(scratch, "case");
        try {
            TreeModel.write(dir, base);
            GitApply.Result applied = GitApply.in(dir, patch);
            Map<String, TreeModel.Entry> after = TreeModel.read(dir);
            if (applied.rc() != 0) {
                stats.gitRefusedApply.incrementAndGet();
                return null;
            }
            // Whatever the model makes of git's many checks, a file git changed must be one the reading names.
            java.util.Set<String> named = new java.util.HashSet<>();
            for (FileSection s : ours.sections()) {
                for (GitPath p : new GitPath[] {s.oldPath(), s.newPath()}) {
                    if (p != null) {
                        named.add(new String(p.bytes(), StandardCharsets.UTF_8));
                    }
                }
            }
            for (String changed : changedPaths(base, after)) {
                if (!named.contains(changed)) {
                    return describe(seed, patch, "git apply changed " + changed + ", which the reading never names; git's tree: "
                            + changes(base, after));
                }
            }
            if (model instanceof TreeModel.Refused) {
                stats.modelRefused.incrementAndGet();
                return null;
            }
            stats.compared.incrementAndGet();
            Map<String, TreeModel.Entry> expected = ((TreeModel.Applied) model).tree();
            if (!expected.equals(after)) {
                return describe(seed, patch, "git apply changed " + changes(base, after) + "; the reading says "
                        + changes(base, expected));
            }
            return null;
        } finally {
            TreeModel.delete(dir);
        }
    }

    /**
     * {@code diff filter} on a patch git accepts, excluding the swebench-tests preset's paths or a seeded choice
     * of names: it may refuse (when cutting would change how git reads a kept section), but what it writes must be
     * read by git as exactly the kept sections, in order.
     */
    static String filterCheck(long seed, byte[] patch, DiffResult ours, Stats stats) throws IOException, InterruptedException {
        List<FileSection> sections = ours.sections();
        if (sections.size() < 2) {
            return null;
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed ^ 0x5eedf11eL);
        java.util.function.Predicate<String> excluded;
        if (r.nextBoolean()) {
            excluded = FilterGitDifferentialTest.SwebenchPreset::matches;
        } else {
            java.util.Set<String> chosen = new java.util.HashSet<>();
            for (FileSection s : sections) {
                for (String n : FilterGitDifferentialTest.names(s)) {
                    if (r.nextInt(3) == 0) {
                        chosen.add(n);
                    }
                }
            }
            excluded = chosen::contains;
        }
        dev.patchverdict.diff.filter.FilterOutcome outcome = dev.patchverdict.diff.filter.PatchFilter.filter(patch,
                new dev.patchverdict.diff.filter.FilterRules(List.of(), List.of(
                        new dev.patchverdict.diff.filter.PathPattern("(test's choice)", "test", excluded)), false));
        if (outcome instanceof dev.patchverdict.diff.filter.FilterOutcome.Refused refused) {
            stats.filterRefused.incrementAndGet();
            return refused.errors().isEmpty() ? null : "refused a patch git accepts: " + refused;
        }
        dev.patchverdict.diff.filter.FilterOutcome.Filtered f = (dev.patchverdict.diff.filter.FilterOutcome.Filtered) outcome;
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int kept = 0;
        for (int i = 0; i < sections.size(); i++) {
            FileSection s = sections.get(i);
            boolean keep = FilterGitDifferentialTest.names(s).stream().noneMatch(excluded);
            if (f.sections().get(i).kept() != keep) {
                return "section " + i + " (" + s.path() + ") kept=" + f.sections().get(i).kept() + ", expected " + keep;
            }
            if (keep) {
                kept++;
                expected.writeBytes(s.numstatLine());
            }
        }
        if (kept == 0 || kept == sections.size()) {
            byte[] want = kept == 0 ? new byte[0] : patch;
            return Arrays.equals(want, f.patch()) ? null : "kept " + kept + " of " + sections.size() + " but wrote something else";
        }
        GitApply.Result git = GitApply.numstat(f.patch());
        stats.filterChecked.incrementAndGet();
        if (git.rc() != 0) {
            return "git refuses the output (rc " + git.rc() + "): " + git.stderr().strip();
        }
        if (!Arrays.equals(git.stdout(), expected.toByteArray())) {
            return "git reads the output as something else: "
                    + GitDifferentialTest.firstDifference(expected.toByteArray(), git.stdout());
        }
        return null;
    }

    /** The first difference between what git printed (and its exit code) and what the git profile says, or null. */
    static String outputDifference(DiffResult ours, GitApply.Result git) {
        if (ours.accepted() != (git.rc() == 0)) {
            return "git exit " + git.rc() + " (" + firstLine(git.stderr()) + "), the git profile "
                    + (ours.accepted() ? "accepts it" : "refuses it: " + ours.errors());
        }
        ByteArrayOutputStream mine = new ByteArrayOutputStream();
        mine.writeBytes(ours.numstatBytes());
        mine.writeBytes(ours.summaryBytes());
        if (!Arrays.equals(mine.toByteArray(), git.stdout())) {
            return "--numstat --summary differs: " + GitDifferentialTest.firstDifference(mine.toByteArray(), git.stdout());
        }
        return null;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    static List<String> changedPaths(Map<String, TreeModel.Entry> base, Map<String, TreeModel.Entry> after) {
        List<String> out = new ArrayList<>();
        for (String k : new java.util.TreeSet<>(concat(base.keySet(), after.keySet()))) {
            if (!java.util.Objects.equals(base.get(k), after.get(k))) {
                out.add(k);
            }
        }
        return out;
    }

    /** The paths whose entry differs from the base, with what they became. */
    private static String changes(Map<String, TreeModel.Entry> base, Map<String, TreeModel.Entry> after) {
        List<String> out = changeList(base, after, 60);
        return out.isEmpty() ? "nothing" : String.join(", ", out);
    }

    /** One entry per changed path: -path, +path=what, ~path=what, the content shown up to maxChars. */
    static List<String> changeList(Map<String, TreeModel.Entry> base, Map<String, TreeModel.Entry> after, int maxChars) {
        List<String> out = new ArrayList<>();
        for (String k : changedPaths(base, after)) {
            TreeModel.Entry a = base.get(k);
            TreeModel.Entry b = after.get(k);
            String name = Messages.escape(k.getBytes(StandardCharsets.UTF_8), 0, k.getBytes(StandardCharsets.UTF_8).length, 200);
            out.add(b == null ? "-" + name : (a == null ? "+" : "~") + name + "=" + b.describe(maxChars));
        }
        return out;
    }

    private static List<String> concat(java.util.Set<String> a, java.util.Set<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    static String describe(long seed, byte[] patch, String why) {
        StringBuilder sb = new StringBuilder("case seed ").append(seed).append(": ").append(why).append('\n');
        int s = 0;
        for (int i = 0; i <= patch.length; i++) {
            if (i == patch.length || patch[i] == '\n') {
                if (i > s || i < patch.length) {
                    sb.append("    | ").append(Messages.escape(patch, s, i, 200)).append(i < patch.length ? "\n" : " <no newline>\n");
                }
                s = i + 1;
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ binary payloads, written by git

    /** bin.dat before (false) or after (true) the binary change the payloads make. */
    static byte[] binaryContent(boolean after) {
        byte[] b = new byte[300];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 7 + (after && i % 50 == 0 ? 1 : 0));
        }
        return b;
    }

    /** Payloads and full index lines from {@code git diff --no-index --binary}, for bin.dat and a new file. */
    static HostilePatches.Binaries binaries(Path scratch) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(scratch, "binaries");
        Files.write(dir.resolve("old"), binaryContent(false));
        Files.write(dir.resolve("new"), binaryContent(true));
        Files.write(dir.resolve("created"), "\0\1\2new binary\0".getBytes(StandardCharsets.ISO_8859_1));
        List<String> modify = diff(dir, "old", "new");
        List<String> create = diff(dir, "/dev/null", "created");
        return new HostilePatches.Binaries(line(modify, "index "), payload(modify), line(create, "index "), payload(create));
    }

    private static List<String> diff(Path dir, String a, String b) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("git", "diff", "--no-index", "--binary", "--full-index", a, b).directory(dir.toFile());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 1) {
            throw new IOException("git diff --no-index --binary did not give a diff");
        }
        return List.of(out.split("\n", -1));
    }

    private static String line(List<String> lines, String prefix) {
        String l = lines.stream().filter(s -> s.startsWith(prefix)).findFirst().orElseThrow();
        int sp = l.indexOf(' ', prefix.length());
        return sp < 0 ? l : l.substring(0, sp); // the mode is the section's to say
    }

    /** The lines after "GIT binary patch": both hunks with the blank line after each. */
    private static List<String> payload(List<String> lines) {
        int at = lines.indexOf("GIT binary patch");
        List<String> p = new ArrayList<>(lines.subList(at + 1, lines.size()));
        p.remove(p.size() - 1); // what follows the output's last line feed; the blank line before it stays
        return List.copyOf(p);
    }
}
