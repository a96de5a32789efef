// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Patches made to probe what git does to each file: a small tree of files whose lines come from a vocabulary of
 * old forms, new forms, their moved, commented and changed variants and neutral lines, and a few sections over it
 * that modify, copy, rename, delete, create or re-create files, in any order, often on the same path. Every path
 * starts with the case's own folder, so many cases can be applied by one git run.
 */
final class OraclePatches {
    static final List<String> OLD = List.of("unsafe_call(x)", "unsafe_call(y)", "value = eval(t)");
    static final List<String> NEW = List.of("safe_call(x)", "safe_call(y)", "value = ast.literal_eval(t)");
    static final List<String> VARIANTS = List.of("# unsafe_call(x)", "unsafe_call(x) # moved", "unsafe_call(z)",
            "<!-- safe_call(x) -->", "print(ast.literal_eval(t), eval(u))", "unsafe_call(safe_call(x))");
    static final List<String> NEUTRAL = List.of("x = 1", "y = 2", "z = 3", "return x", "", "# notes", "pass");
    static final List<String> PATHS = List.of("a.md", "b.md", "docs/c.md");

    private final Random random;
    private final String folder;
    private final Map<String, List<String>> tree = new LinkedHashMap<>();

    private OraclePatches(Random random, String folder) {
        this.random = random;
        this.folder = folder;
    }

    /** One case's patch, its paths below {@code folder}. */
    static String next(Random random, String folder) {
        return new OraclePatches(random, folder).patch();
    }

    private String line() {
        int k = random.nextInt(10);
        List<String> from = k < 3 ? OLD : k < 5 ? NEW : k < 6 ? VARIANTS : NEUTRAL;
        return from.get(random.nextInt(from.size()));
    }

    /** A replacement for an old line: its new form mostly, sometimes a variant or anything at all. */
    private String replacementFor(String old) {
        int i = OLD.indexOf(old);
        int k = random.nextInt(10);
        if (i >= 0 && k < 7) {
            return NEW.get(i);
        }
        return k < 9 ? VARIANTS.get(random.nextInt(VARIANTS.size())) : line();
    }

    private List<String> lines(int min, int max) {
        List<String> out = new ArrayList<>();
        int n = min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) {
            out.add(line());
        }
        return out;
    }

    private String pick(List<String> from) {
        return from.get(random.nextInt(from.size()));
    }

    private String patch() {
        for (String p : PATHS) {
            if (random.nextInt(3) > 0) {
                tree.put(p, lines(3, 12));
            }
        }
        if (tree.isEmpty()) {
            tree.put(PATHS.get(0), lines(3, 12));
        }
        List<String> sections = new ArrayList<>();
        List<String> existing = new ArrayList<>(tree.keySet());
        List<String> free = new ArrayList<>(PATHS);
        free.removeAll(existing);
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n && !existing.isEmpty(); i++) {
            String p = pick(existing);
            int kind = random.nextInt(12);
            if (kind < 5) {
                sections.add(modify(p, p, ""));
                existing.remove(p);
            } else if (kind < 7 && !free.isEmpty()) {
                String q = pick(free);
                free.remove(q);
                sections.add(modify(p, q, "copy"));
            } else if (kind < 9 && !free.isEmpty()) {
                String q = pick(free);
                free.remove(q);
                existing.remove(p);
                sections.add(modify(p, q, "rename"));
                if (random.nextBoolean()) {
                    sections.add(create(p)); // a new file where the old one stood
                }
            } else if (kind < 11) {
                existing.remove(p);
                sections.add(delete(p));
                if (random.nextBoolean()) {
                    sections.add(create(p));
                }
            } else if (!free.isEmpty()) {
                String q = pick(free);
                free.remove(q);
                sections.add(create(q));
            }
        }
        if (sections.isEmpty()) {
            sections.add(modify(existing.isEmpty() ? tree.keySet().iterator().next() : existing.get(0), null, ""));
        }
        if (random.nextInt(4) == 0) {
            Collections.shuffle(sections, random);
        }
        return String.join("", sections);
    }

    private String name(String path) {
        return folder + "/" + path;
    }

    /** A modification of {@code from} in place, or written to {@code to} as a copy or rename with the same edits. */
    private String modify(String from, String to, String how) {
        List<String> old = tree.get(from);
        String target = to == null ? from : to;
        String hunks = hunks(old, edits(old));
        StringBuilder sb = new StringBuilder("diff --git a/" + name(from) + " b/" + name(target) + "\n");
        if (!how.isEmpty()) {
            sb.append(hunks.isEmpty() ? "similarity index 100%\n" : "similarity index 80%\n");
            sb.append(how).append(" from ").append(name(from)).append('\n').append(how).append(" to ").append(name(target)).append('\n');
            if (hunks.isEmpty()) {
                return sb.toString();
            }
        } else if (hunks.isEmpty()) {
            return "";
        }
        sb.append("index 1111111..2222222 100644\n--- a/").append(name(from)).append("\n+++ b/").append(name(target)).append('\n');
        return sb.append(hunks).toString();
    }

    private String delete(String path) {
        List<String> old = tree.get(path);
        StringBuilder sb = new StringBuilder("diff --git a/" + name(path) + " b/" + name(path) + "\ndeleted file mode 100644\n"
                + "index 1111111..0000000\n--- a/" + name(path) + "\n+++ /dev/null\n@@ -1" + (old.size() == 1 ? "" : "," + old.size())
                + " +0,0 @@\n");
        old.forEach(l -> sb.append('-').append(l).append('\n'));
        return sb.toString();
    }

    private String create(String path) {
        List<String> lines = random.nextInt(3) == 0 && tree.containsKey(path) ? tree.get(path) : lines(1, 6);
        StringBuilder sb = new StringBuilder("diff --git a/" + name(path) + " b/" + name(path) + "\nnew file mode 100644\n"
                + "index 0000000..3333333\n--- /dev/null\n+++ b/" + name(path) + "\n@@ -0,0 +1" + (lines.size() == 1 ? "" : "," + lines.size())
                + " @@\n");
        lines.forEach(l -> sb.append('+').append(l).append('\n'));
        return sb.toString();
    }

    /** One change: remove {@code count} lines from {@code at}, put {@code inserted} there. */
    record Edit(int at, int count, List<String> inserted) {}

    private List<Edit> edits(List<String> old) {
        List<Edit> out = new ArrayList<>();
        int at = 0;
        int spots = random.nextInt(4);
        for (int s = 0; s < spots && at < old.size(); s++) {
            at += random.nextInt(Math.max(1, old.size() - at));
            if (at >= old.size()) {
                break;
            }
            int count = Math.min(old.size() - at, random.nextInt(3));
            List<String> inserted = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                if (random.nextInt(4) > 0) {
                    inserted.add(replacementFor(old.get(at + i)));
                }
            }
            int more = random.nextInt(3) == 0 ? 1 + random.nextInt(2) : 0;
            for (int i = 0; i < more; i++) {
                // an added line: often one of the removed lines again, moved or changed
                inserted.add(random.nextBoolean() && count > 0 ? old.get(at + random.nextInt(count)) : line());
            }
            if (count == 0 && inserted.isEmpty()) {
                inserted.add(line());
            }
            out.add(new Edit(at, count, inserted));
            at += count + 1;
        }
        return out;
    }

    /** The hunks of these edits with up to three lines of context, the way git writes them. */
    static String hunks(List<String> old, List<Edit> edits) {
        StringBuilder sb = new StringBuilder();
        int context = 3;
        int delta = 0;
        int i = 0;
        while (i < edits.size()) {
            int j = i;
            while (j + 1 < edits.size() && edits.get(j + 1).at() - (edits.get(j).at() + edits.get(j).count()) <= 2 * context) {
                j++;
            }
            int from = Math.max(0, edits.get(i).at() - context);
            int to = Math.min(old.size(), edits.get(j).at() + edits.get(j).count() + context);
            List<String> body = new ArrayList<>();
            int pos = from;
            int oldCount = 0;
            int newCount = 0;
            for (int e = i; e <= j; e++) {
                Edit ed = edits.get(e);
                for (; pos < ed.at(); pos++, oldCount++, newCount++) {
                    body.add(" " + old.get(pos));
                }
                for (int r = 0; r < ed.count(); r++, pos++, oldCount++) {
                    body.add("-" + old.get(pos));
                }
                for (String a : ed.inserted()) {
                    body.add("+" + a);
                    newCount++;
                }
            }
            for (; pos < to; pos++, oldCount++, newCount++) {
                body.add(" " + old.get(pos));
            }
            int oldStart = oldCount == 0 ? from : from + 1;
            int newStart = newCount == 0 ? from + delta : from + delta + 1;
            sb.append("@@ -").append(range(oldStart, oldCount)).append(" +").append(range(newStart, newCount)).append(" @@\n");
            body.forEach(l -> sb.append(l).append('\n'));
            delta += newCount - oldCount;
            i = j + 1;
        }
        return sb.toString();
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }
}
