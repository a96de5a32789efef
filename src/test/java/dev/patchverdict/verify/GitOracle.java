// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A judge of v0.5 that is not the evaluator: it reads a patch with a reader of its own (the plain git diff forms the
 * strict reader accepts, nothing more), builds each touched file's pre-image from the hunks (context and removed
 * lines at their old line numbers, filler lines elsewhere), lets real {@code git apply} make the post-image in a
 * scratch repository, and checks each requirement on the files themselves:
 *
 * <ul>
 *   <li>a removed text is gone from a file when the file exists before and after, holds fewer lines holding the
 *       text after, and every line holding it after was there before (as often);
 *   <li>an added text is added to a file when some line holding it occurs there more often after than before (a
 *       file that did not exist held nothing);
 *   <li>a transition is met in one file that shows both, the added line not holding the removed text.
 * </ul>
 *
 * Whether a line holds a removed text honours the plan's {@code removed_text_allowed_in}, checked here naively.
 */
final class GitOracle {
    /** One file of a patch as this reader sees it. */
    record Section(String oldPath, String newPath, boolean isNew, boolean isDeleted, boolean isRename, boolean isCopy,
            int oldMode, boolean binary, List<Hunk> hunks) {}

    record Hunk(int oldStart, int oldCount, List<String> lines) {}

    /** What git made of a patch: the files before and after (null when absent), or why it could not be checked. */
    record Applied(Map<String, List<String>> before, Map<String, List<String>> after, String refusal) {}

    private GitOracle() {}

    // ---- the reader

    static List<Section> read(byte[] patch) {
        String text = new String(patch, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        List<Section> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String l = lines.get(i);
            if (!l.startsWith("diff --git ")) {
                throw new IllegalArgumentException("the oracle reads only git sections, not: " + l);
            }
            String[] names = gitLineNames(l);
            String oldPath = names[0];
            String newPath = names[1];
            boolean isNew = false;
            boolean isDeleted = false;
            boolean isRename = false;
            boolean isCopy = false;
            boolean binary = false;
            int oldMode = 0100644;
            i++;
            while (i < lines.size() && !lines.get(i).startsWith("diff --git ") && !lines.get(i).startsWith("@@ ")) {
                String h = lines.get(i++);
                if (h.startsWith("new file mode ")) {
                    isNew = true;
                } else if (h.startsWith("deleted file mode ")) {
                    isDeleted = true;
                    oldMode = Integer.parseInt(h.substring(18), 8);
                } else if (h.startsWith("old mode ")) {
                    oldMode = Integer.parseInt(h.substring(9), 8);
                } else if (h.startsWith("rename from ")) {
                    isRename = true;
                    oldPath = h.substring(12);
                } else if (h.startsWith("rename to ")) {
                    newPath = h.substring(10);
                } else if (h.startsWith("copy from ")) {
                    isCopy = true;
                    oldPath = h.substring(10);
                } else if (h.startsWith("copy to ")) {
                    newPath = h.substring(8);
                } else if (h.startsWith("index ") && h.split(" ").length == 3) {
                    oldMode = Integer.parseInt(h.split(" ")[2], 8);
                } else if (h.startsWith("--- ")) {
                    oldPath = h.equals("--- /dev/null") ? null : strip(h.substring(4), "a/");
                } else if (h.startsWith("+++ ")) {
                    newPath = h.equals("+++ /dev/null") ? null : strip(h.substring(4), "b/");
                } else if (h.startsWith("Binary files ") || h.equals("GIT binary patch")) {
                    binary = true;
                }
            }
            if (isNew) {
                oldPath = null;
            }
            if (isDeleted) {
                newPath = null;
            }
            List<Hunk> hunks = new ArrayList<>();
            while (i < lines.size() && lines.get(i).startsWith("@@ ")) {
                int[] r = ranges(lines.get(i++));
                List<String> body = new ArrayList<>();
                int old = 0;
                int neu = 0;
                while (old < r[1] || neu < r[3] || i < lines.size() && lines.get(i).startsWith("\\")) {
                    String b = lines.get(i++);
                    body.add(b);
                    char k = b.charAt(0);
                    if (k == ' ' || k == '-') {
                        old++;
                    }
                    if (k == ' ' || k == '+') {
                        neu++;
                    }
                }
                hunks.add(new Hunk(r[0], r[1], body));
            }
            out.add(new Section(oldPath, newPath, isNew, isDeleted, isRename, isCopy, oldMode, binary, hunks));
        }
        return out;
    }

    private static String strip(String name, String prefix) {
        if (name.startsWith("\"")) {
            throw new IllegalArgumentException("the oracle reads no quoted names: " + name);
        }
        int tab = name.indexOf('\t');
        String n = tab < 0 ? name : name.substring(0, tab);
        if (!n.startsWith(prefix)) {
            throw new IllegalArgumentException("a name without its " + prefix + " prefix: " + name);
        }
        return n.substring(prefix.length());
    }

    /** The two names of a diff --git line whose names hold no space, as the patches checked here have. */
    private static String[] gitLineNames(String line) {
        String[] parts = line.substring("diff --git ".length()).split(" ");
        if (parts.length != 2) {
            throw new IllegalArgumentException("the oracle reads names without spaces only: " + line);
        }
        return new String[] {strip(parts[0], "a/"), strip(parts[1], "b/")};
    }

    private static int[] ranges(String header) {
        String[] p = header.split(" ");
        int[] old = range(p[1].substring(1));
        int[] neu = range(p[2].substring(1));
        return new int[] {old[0], old[1], neu[0], neu[1]};
    }

    private static int[] range(String r) {
        int comma = r.indexOf(',');
        return comma < 0 ? new int[] {Integer.parseInt(r), 1}
                : new int[] {Integer.parseInt(r.substring(0, comma)), Integer.parseInt(r.substring(comma + 1))};
    }

    // ---- the pre-image and git

    /**
     * Each old file's lines as its hunks state them, filler elsewhere; empty when two sections state different
     * lines at one place (no tree holds both), with the reason.
     */
    static Map<String, List<String>> preImages(List<Section> sections, StringBuilder conflict) {
        Map<String, TreeMap<Integer, String>> known = new LinkedHashMap<>();
        Map<String, Integer> length = new HashMap<>();
        Map<String, Boolean> lastHasNoNewline = new HashMap<>();
        for (Section s : sections) {
            if (s.oldPath() == null) {
                continue;
            }
            TreeMap<Integer, String> file = known.computeIfAbsent(s.oldPath(), k -> new TreeMap<>());
            int end = length.getOrDefault(s.oldPath(), 0);
            for (Hunk h : s.hunks()) {
                int at = h.oldCount() == 0 ? h.oldStart() + 1 : h.oldStart();
                end = Math.max(end, h.oldCount() == 0 ? h.oldStart() : h.oldStart() + h.oldCount() - 1);
                char previous = 0;
                for (String b : h.lines()) {
                    char k = b.charAt(0);
                    if (k == '\\') {
                        if (previous == ' ' || previous == '-') {
                            lastHasNoNewline.put(s.oldPath(), true);
                        }
                        continue;
                    }
                    previous = k;
                    if (k == ' ' || k == '-') {
                        String was = file.put(at, b.substring(1));
                        if (was != null && !was.equals(b.substring(1))) {
                            conflict.append(s.oldPath()).append(" line ").append(at).append(" is both '").append(was)
                                    .append("' and '").append(b.substring(1)).append("'");
                            return Map.of();
                        }
                        at++;
                    }
                }
            }
            length.put(s.oldPath(), end);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var e : known.entrySet()) {
            List<String> lines = new ArrayList<>();
            for (int n = 1; n <= length.get(e.getKey()); n++) {
                lines.add(e.getValue().getOrDefault(n, "filler " + n + " of " + e.getKey()));
            }
            out.put(e.getKey(), lines);
            if (lastHasNoNewline.getOrDefault(e.getKey(), false)) {
                out.put(e.getKey() + NO_NEWLINE, List.of());
            }
        }
        return out;
    }

    /** A marker key: the file of that name ends without a newline. */
    static final String NO_NEWLINE = "\u0000no-newline";

    /** A scratch git repository reused case after case: emptied, filled with the pre-images, patched. */
    static final class Scratch implements AutoCloseable {
        private final Path repo;

        Scratch() throws IOException, InterruptedException {
            repo = Files.createTempDirectory("pv-oracle");
            run(List.of("git", "init", "-q", "."), null);
        }

        Applied apply(byte[] patch) throws IOException, InterruptedException {
            List<Section> sections = read(patch);
            for (Section s : sections) {
                if (s.binary()) {
                    return new Applied(Map.of(), Map.of(), "a binary section, which the oracle does not rebuild");
                }
            }
            StringBuilder conflict = new StringBuilder();
            Map<String, List<String>> pre = preImages(sections, conflict);
            if (conflict.length() > 0) {
                return new Applied(Map.of(), Map.of(), "no tree holds what the hunks say: " + conflict);
            }
            clean();
            Map<String, List<String>> before = new LinkedHashMap<>();
            for (Section s : sections) {
                if (s.oldPath() != null && !before.containsKey(s.oldPath())) {
                    List<String> lines = pre.get(s.oldPath());
                    write(s.oldPath(), lines, pre.containsKey(s.oldPath() + NO_NEWLINE), s.oldMode());
                    before.put(s.oldPath(), lines);
                }
            }
            String refused = run(List.of("git", "apply", "--whitespace=nowarn", "-"), patch);
            if (refused != null) {
                return new Applied(before, Map.of(), "git apply refused it: " + refused);
            }
            Set<String> paths = new LinkedHashSet<>();
            for (Section s : sections) {
                if (s.oldPath() != null) {
                    paths.add(s.oldPath());
                }
                if (s.newPath() != null) {
                    paths.add(s.newPath());
                }
            }
            Map<String, List<String>> after = new LinkedHashMap<>();
            for (String p : paths) {
                Path f = repo.resolve(p);
                after.put(p, Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) ? lines(Files.readString(f)) : null);
                if (!before.containsKey(p)) {
                    before.put(p, null);
                }
            }
            return new Applied(before, after, null);
        }

        private void write(String path, List<String> lines, boolean noFinalNewline, int mode) throws IOException {
            Path f = repo.resolve(path);
            Files.createDirectories(f.getParent());
            String text = String.join("\n", lines) + (lines.isEmpty() || noFinalNewline ? "" : "\n");
            Files.writeString(f, text);
            if (mode == 0100755) {
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }

        private void clean() throws IOException {
            try (Stream<Path> s = Files.list(repo)) {
                for (Path p : s.filter(p -> !p.getFileName().toString().equals(".git")).toList()) {
                    delete(p);
                }
            }
        }

        private static void delete(Path p) throws IOException {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> s = Files.walk(p)) {
                    for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(q);
                    }
                }
            } else {
                Files.delete(p);
            }
        }

        /** Runs git in the repository; null when it succeeds, else what it said. */
        private String run(List<String> command, byte[] stdin) throws IOException, InterruptedException {
            ProcessBuilder pb = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true);
            pb.environment().put("LC_ALL", "C");
            pb.environment().put("GIT_CEILING_DIRECTORIES", repo.getParent().toString());
            Process p = pb.start();
            Thread feeder = new Thread(() -> {
                try (OutputStream in = p.getOutputStream()) {
                    if (stdin != null) {
                        in.write(stdin);
                    }
                } catch (IOException e) {
                    // git may stop reading a patch it refuses; its exit code says so
                }
            });
            feeder.start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git did not finish: " + command);
            }
            feeder.join();
            return p.exitValue() == 0 ? null : said.strip();
        }

        @Override
        public void close() throws IOException {
            delete(repo);
        }
    }

    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
        if (out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    // ---- the rules, on files

    /** Every requirement of the contract the files do not show, with why; empty when the files show them all. */
    static List<String> unmetOnFiles(Applied a, StrictTransitionContract c) {
        List<String> out = new ArrayList<>();
        List<String> allowed = c.removedTextAllowedIn();
        for (String added : c.requiredAddedSubstrings()) {
            if (filesWhereAdded(a, added, null, allowed).isEmpty()) {
                out.add("added '" + added + "': no file holds a line with it more often after than before");
            }
        }
        for (String removed : c.requiredRemovedSubstrings()) {
            if (filesWhereRemoved(a, removed, allowed).isEmpty()) {
                out.add("removed '" + removed + "': no file that stays has fewer lines holding it, and none new");
            }
        }
        for (Transition t : c.requiredTransitions()) {
            Set<String> gone = filesWhereRemoved(a, t.removed(), allowed);
            gone.retainAll(filesWhereAdded(a, t.added(), t.removed(), allowed));
            if (gone.isEmpty()) {
                out.add("transition " + t + ": no file shows both the old form gone and the new one added");
            }
        }
        return out;
    }

    private static Set<String> filesWhereRemoved(Applied a, String removed, List<String> allowed) {
        Set<String> out = new LinkedHashSet<>();
        for (String path : a.after().keySet()) {
            List<String> before = a.before().get(path);
            List<String> after = a.after().get(path);
            if (before == null || after == null) {
                continue;
            }
            Map<String, Integer> was = counts(before, l -> holds(l, removed, allowed));
            Map<String, Integer> now = counts(after, l -> holds(l, removed, allowed));
            boolean noneNew = now.entrySet().stream().allMatch(e -> e.getValue() <= was.getOrDefault(e.getKey(), 0));
            int wasTotal = was.values().stream().mapToInt(Integer::intValue).sum();
            int nowTotal = now.values().stream().mapToInt(Integer::intValue).sum();
            if (noneNew && nowTotal < wasTotal) {
                out.add(path);
            }
        }
        return out;
    }

    private static Set<String> filesWhereAdded(Applied a, String added, String mustNotHold, List<String> allowed) {
        Set<String> out = new LinkedHashSet<>();
        for (String path : a.after().keySet()) {
            List<String> after = a.after().get(path);
            if (after == null) {
                continue;
            }
            List<String> before = Optional.ofNullable(a.before().get(path)).orElse(List.of());
            java.util.function.Predicate<String> holding = l -> l.contains(added)
                    && (mustNotHold == null || !holds(l, mustNotHold, allowed));
            Map<String, Integer> was = counts(before, holding);
            Map<String, Integer> now = counts(after, holding);
            if (now.entrySet().stream().anyMatch(e -> e.getValue() > was.getOrDefault(e.getKey(), 0))) {
                out.add(path);
            }
        }
        return out;
    }

    private static Map<String, Integer> counts(List<String> lines, java.util.function.Predicate<String> which) {
        Map<String, Integer> out = new HashMap<>();
        for (String l : lines) {
            if (which.test(l)) {
                out.merge(l, 1, Integer::sum);
            }
        }
        return out;
    }

    /** Whether some occurrence of {@code text} in the line lies inside no occurrence of an allowed text. */
    static boolean holds(String line, String text, List<String> allowed) {
        for (int p = line.indexOf(text); p >= 0; p = line.indexOf(text, p + 1)) {
            boolean covered = false;
            for (String x : allowed) {
                for (int q = Math.max(0, p + text.length() - x.length()); q <= p && !covered; q++) {
                    covered = line.startsWith(x, q);
                }
            }
            if (!covered) {
                return true;
            }
        }
        return false;
    }
}
