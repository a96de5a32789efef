// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Hostile patch sequences for the git differential: well-formed sections made against a known base tree, then
 * broken the ways a worker trying to fool a reader would break them. Lone and repeated {@code diff --git}
 * lines, missing or disagreeing {@code ---}/{@code +++} lines, text between sections, no-newline markers in odd
 * places, quoting, mode, rename and copy lines in every order, binary markers, empty sections, CRLF, counts off
 * by one, truncation.
 *
 * <p>Every text file of the base tree holds the same lines, so a hunk made for one file applies to any other:
 * when git and the reader disagree on which file a hunk changes, both can still apply it, and the trees differ.
 *
 * <p>Patch text is built as "byte strings" (one char per byte, ISO-8859-1), so names can hold any byte.
 */
final class HostilePatches {
    /** Lines of every text file of the base tree: {@code line 1} to {@code line 12}. */
    static final int LINES = 12;
    static final String NO_EOL = "nonl.txt";
    static final String EXEC = "run.sh";
    static final String BINARY = "bin.dat";
    /** Text files of the base tree (the last one, {@link #NO_EOL}, lacks its final newline). */
    static final List<String> TEXT = List.of("a.txt", "src/b.py", "tests/test_c.py", "dir with space/d.txt",
            "quote\"q.txt", "tab\tt.txt", "caf\u00e9.txt", "back\\slash.txt", EXEC, NO_EOL);
    /** Names the base tree does not hold. */
    static final List<String> ABSENT = List.of("new.txt", "src/new.py", "tests/test_new.py", "n e w/x.txt", "n\u00e9w.txt");

    private static final String[] GARBAGE = {
        "", "", " ", "hello world", "-- ", "2.39.5", "commit 0123456789abcdef0123456789abcdef01234567",
        "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001", "Subject: [PATCH] x", "---",
        " 1 file changed, 1 insertion(+)", "diff --cc a.txt", "index 1111111..2222222", "+stray", "-stray", " stray",
        "\\ No newline at end of file", "\\ no newline", "Binary files a/a.txt and b/a.txt differ", "GIT binary patch",
        "@@ -1 +1 @@", "@@ -x +y @@", "new file mode 100644", "deleted file mode 100644", "rename from a.txt",
        "rename to new.txt", "old mode 100644", "similarity index 50%", "--- a/a.txt", "+++ b/a.txt",
        "--- a/a.txt\t2020-01-01 00:00:00.000000000 +0000", "diff --git", "diff --git ", "diff --git a/ b/",
        "diff -u a.txt b.txt", "Index: a.txt", "===================================================================",
    };

    /** Binary payloads git itself wrote, for bin.dat and for a new binary file. */
    record Binaries(String modifyIndex, List<String> modifyPayload, String createIndex, List<String> createPayload) {}

    private final Binaries binaries;
    private final SplittableRandom r;

    private HostilePatches(Binaries binaries, SplittableRandom r) {
        this.binaries = binaries;
        this.r = r;
    }

    /** The patch for one case seed. */
    static byte[] generate(Binaries binaries, long seed) {
        return new HostilePatches(binaries, new SplittableRandom(seed)).patch();
    }

    /** The base tree: path to content; {@link #EXEC} is executable. */
    static Map<String, byte[]> baseTree(byte[] binaryContent) {
        Map<String, byte[]> tree = new LinkedHashMap<>();
        String text = baseText(true);
        for (String name : TEXT) {
            tree.put(name, (name.equals(NO_EOL) ? baseText(false) : text).getBytes(StandardCharsets.UTF_8));
        }
        tree.put(BINARY, binaryContent);
        return tree;
    }

    static String baseText(boolean finalNewline) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= LINES; i++) {
            sb.append("line ").append(i);
            if (i < LINES || finalNewline) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ sections

    /** One file section as lines (without their newlines): the diff --git line (null for a traditional one), header, body. */
    private static final class Sec {
        String diffLine;
        final List<String> header = new ArrayList<>();
        final List<String> body = new ArrayList<>();
        String oldName;
        String newName;

        List<String> lines() {
            List<String> out = new ArrayList<>();
            if (diffLine != null) {
                out.add(diffLine);
            }
            out.addAll(header);
            out.addAll(body);
            return out;
        }
    }

    private byte[] patch() {
        List<List<String>> parts = new ArrayList<>();
        int n = 1 + r.nextInt(r.nextInt(4) == 0 ? 5 : 3);
        List<String> used = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Sec s = section(used);
            mutateSection(s);
            parts.add(s.lines());
        }
        // Between and around sections: lone and repeated diff --git lines, prose, stray markers.
        List<String> out = new ArrayList<>();
        if (r.nextInt(8) == 0) {
            out.addAll(garbage());
        }
        for (int i = 0; i < parts.size(); i++) {
            if (r.nextInt(3) == 0) {
                out.addAll(lone());
            }
            if (i > 0 && r.nextInt(6) == 0) {
                out.addAll(garbage());
            }
            List<String> p = parts.get(i);
            if (r.nextInt(14) == 0 && !p.isEmpty() && p.get(0).startsWith("diff --git ")) {
                out.add(p.get(0)); // a repeated header: the first copy stands alone
            }
            out.addAll(p);
        }
        if (r.nextInt(6) == 0) {
            out.addAll(r.nextBoolean() ? garbage() : lone());
        }
        mutateLines(out);
        StringBuilder sb = new StringBuilder();
        for (String l : out) {
            sb.append(l).append('\n');
        }
        byte[] b = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (r.nextInt(25) == 0 && b.length > 0) {
            b = java.util.Arrays.copyOf(b, b.length - 1); // no final newline
        }
        if (r.nextInt(40) == 0 && b.length > 2) {
            b = java.util.Arrays.copyOf(b, 1 + r.nextInt(b.length - 1)); // cut anywhere
        }
        return b;
    }

    private Sec section(List<String> used) {
        int k = r.nextInt(100);
        String existing = pick(TEXT);
        String absent = pick(ABSENT);
        Sec s;
        if (k < 30) {
            s = modify(existing);
        } else if (k < 40) {
            s = create(absent, r.nextInt(8) == 0 ? "100755" : "100644");
        } else if (k < 48) {
            s = delete(existing);
        } else if (k < 56) {
            s = renameOrCopy(existing, absent, true);
        } else if (k < 62) {
            s = renameOrCopy(existing, absent, false);
        } else if (k < 68) {
            s = modeChange(existing);
        } else if (k < 74) {
            s = binary();
        } else if (k < 78) {
            s = empty(existing);
        } else if (k < 81) {
            s = symlink(absent);
        } else {
            s = traditional(existing, absent);
        }
        used.add(s.newName);
        return s;
    }

    private Sec modify(String name) {
        Sec s = git(name, name);
        s.header.add(index(false, false) + " " + (name.equals(EXEC) ? "100755" : "100644"));
        names(s, name, name);
        s.body.addAll(hunks(name.equals(NO_EOL)));
        return s;
    }

    private Sec create(String name, String mode) {
        Sec s = git(name, name);
        s.header.add("new file mode " + mode);
        s.header.add(index(true, false));
        int n = r.nextInt(5);
        if (n > 0 || r.nextBoolean()) {
            s.header.add("--- /dev/null");
            s.header.add("+++ " + quoted("b/" + name, true));
        }
        if (n > 0) {
            s.body.add("@@ -0,0 +1" + count(n) + " @@");
            for (int i = 1; i <= n; i++) {
                s.body.add("+new " + i);
            }
            if (r.nextInt(5) == 0) {
                s.body.add("\\ No newline at end of file");
            }
        }
        return s;
    }

    private Sec delete(String name) {
        Sec s = git(name, name);
        s.header.add("deleted file mode " + (name.equals(EXEC) ? "100755" : "100644"));
        s.header.add(index(false, true));
        if (r.nextInt(6) != 0) {
            s.header.add("--- " + quoted("a/" + name, true));
            s.header.add("+++ /dev/null");
            s.body.add("@@ -1" + count(LINES) + " +0,0 @@");
            for (int i = 1; i <= LINES; i++) {
                s.body.add("-line " + i);
            }
            if (name.equals(NO_EOL)) {
                s.body.add("\\ No newline at end of file");
            }
        }
        return s;
    }

    private Sec renameOrCopy(String from, String to, boolean rename) {
        Sec s = git(from, to);
        String what = rename ? "rename" : "copy";
        boolean hunk = r.nextBoolean();
        s.header.add("similarity index " + (hunk ? 50 + r.nextInt(50) : 100) + "%");
        s.header.add(what + " from " + quoted(from, true));
        s.header.add(what + " to " + quoted(to, true));
        if (hunk) {
            s.header.add(index(false, false) + " 100644");
            names(s, from, to);
            s.body.addAll(hunks(from.equals(NO_EOL)));
        }
        return s;
    }

    private Sec modeChange(String name) {
        Sec s = git(name, name);
        String old = name.equals(EXEC) ? "100755" : "100644";
        String now = old.equals("100755") ? "100644" : "100755";
        s.header.add("old mode " + old);
        s.header.add("new mode " + now);
        if (r.nextBoolean()) {
            s.header.add(index(false, false));
            names(s, name, name);
            s.body.addAll(hunks(name.equals(NO_EOL)));
        }
        return s;
    }

    private Sec binary() {
        boolean create = r.nextInt(3) == 0;
        String name = create ? "new.bin" : BINARY;
        Sec s = git(name, name);
        if (create) {
            s.header.add("new file mode 100644");
            s.header.add(binaries.createIndex());
        } else {
            s.header.add(binaries.modifyIndex());
        }
        switch (r.nextInt(4)) {
            case 0 -> s.body.add("Binary files " + (create ? "/dev/null" : "a/" + name) + " and b/" + name + " differ");
            case 1 -> {
                // A payload cut or corrupted somewhere.
                List<String> p = new ArrayList<>(create ? binaries.createPayload() : binaries.modifyPayload());
                int at = 1 + r.nextInt(p.size() - 1);
                if (r.nextBoolean()) {
                    p.set(at, p.get(at).isEmpty() ? "zz" : p.get(at).substring(0, p.get(at).length() / 2));
                } else {
                    p.remove(at);
                }
                s.body.add("GIT binary patch");
                s.body.addAll(p);
            }
            default -> {
                s.body.add("GIT binary patch");
                s.body.addAll(create ? binaries.createPayload() : binaries.modifyPayload());
            }
        }
        return s;
    }

    private Sec empty(String name) {
        Sec s = git(name, name);
        if (r.nextBoolean()) {
            s.header.add(index(false, false) + " 100644");
        }
        return s;
    }

    private Sec symlink(String name) {
        Sec s = git(name, name);
        s.header.add("new file mode 120000");
        s.header.add(index(true, false));
        s.header.add("--- /dev/null");
        s.header.add("+++ " + quoted("b/" + name, true));
        s.body.add("@@ -0,0 +1 @@");
        s.body.add("+a.txt");
        s.body.add("\\ No newline at end of file");
        return s;
    }

    private Sec traditional(String existing, String absent) {
        Sec s = new Sec();
        String stamp = r.nextBoolean() ? "" : "\t2021-03-04 05:06:07.000000000 +0000";
        String epoch = "\t1970-01-01 00:00:00.000000000 +0000";
        switch (r.nextInt(7)) {
            case 5 -> { // names that say nothing, hunks that remove everything: git guesses a deletion
                s.oldName = existing;
                s.newName = existing;
                s.header.add("--- " + quoted("a/" + existing, true) + stamp);
                s.header.add("+++ " + quoted("b/" + existing, true) + (r.nextInt(4) == 0 ? epoch + "\r" : stamp));
                s.body.add("@@ -1" + count(LINES) + " +0,0 @@");
                for (int i = 1; i <= LINES; i++) {
                    s.body.add("-line " + i);
                }
                if (existing.equals(NO_EOL)) {
                    s.body.add("\\ No newline at end of file");
                }
            }
            case 6 -> { // hunks that add to nothing: git guesses a creation, which the files decide
                String name = r.nextBoolean() ? absent : existing;
                s.oldName = name;
                s.newName = name;
                s.header.add("--- " + quoted("a/" + name, true) + stamp);
                s.header.add("+++ " + quoted("b/" + name, true) + stamp);
                s.body.add("@@ -0,0 +1 @@");
                s.body.add("+new 1");
            }
            case 0 -> { // creation, by /dev/null or by an epoch timestamp
                s.oldName = null;
                s.newName = absent;
                s.header.add("--- " + (r.nextBoolean() ? "/dev/null" : quoted("a/" + absent, true) + epoch));
                s.header.add("+++ " + quoted("b/" + absent, true) + stamp);
                int n = 1 + r.nextInt(3);
                s.body.add("@@ -0,0 +1" + count(n) + " @@");
                for (int i = 1; i <= n; i++) {
                    s.body.add("+new " + i);
                }
            }
            case 1 -> { // deletion
                s.oldName = existing;
                s.header.add("--- " + quoted("a/" + existing, true) + stamp);
                s.header.add("+++ " + (r.nextBoolean() ? "/dev/null" : quoted("b/" + existing, true) + epoch));
                s.body.add("@@ -1" + count(LINES) + " +0,0 @@");
                for (int i = 1; i <= LINES; i++) {
                    s.body.add("-line " + i);
                }
                if (existing.equals(NO_EOL)) {
                    s.body.add("\\ No newline at end of file");
                }
            }
            default -> {
                s.oldName = existing;
                s.newName = existing;
                String other = r.nextInt(4) == 0 ? pick(TEXT) : existing;
                s.header.add("--- " + quoted((r.nextBoolean() ? "a/" : "") + other, true) + stamp);
                s.header.add("+++ " + quoted("b/" + existing, true) + stamp);
                s.body.addAll(hunks(existing.equals(NO_EOL)));
            }
        }
        return s;
    }

    private Sec git(String oldName, String newName) {
        Sec s = new Sec();
        s.oldName = oldName;
        s.newName = newName;
        s.diffLine = diffLine(oldName, newName);
        return s;
    }

    private String diffLine(String oldName, String newName) {
        String a = quoted("a/" + oldName, false);
        String b = quoted("b/" + newName, false);
        return "diff --git " + a + " " + b;
    }

    private void names(Sec s, String oldName, String newName) {
        s.header.add("--- " + quoted("a/" + oldName, true));
        s.header.add("+++ " + quoted("b/" + newName, true));
    }

    private String index(boolean create, boolean delete) {
        String a = create ? "0000000" : hex(7);
        String b = delete ? "0000000" : hex(7);
        return "index " + a + ".." + b;
    }

    private String hex(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("0123456789abcdef".charAt(r.nextInt(16)));
        }
        return sb.toString();
    }

    private String count(int n) {
        return n == 1 && r.nextBoolean() ? "" : "," + n;
    }

    /**
     * Hunks against the base lines: each starts with context unless it starts at line 1 and ends with context
     * unless it ends at the last line (git applies a hunk without trailing context only at the end of a file).
     */
    private List<String> hunks(boolean noEol) {
        List<String> out = new ArrayList<>();
        int pos = 1;
        int delta = 0;
        int hunks = 1 + r.nextInt(r.nextInt(3) == 0 ? 3 : 1);
        for (int h = 0; h < hunks && pos <= LINES; h++) {
            int start = pos + (h == 0 ? r.nextInt(LINES - pos + 1) : r.nextInt(3));
            if (start > LINES) {
                break;
            }
            int end = Math.min(LINES, start + 1 + r.nextInt(5));
            List<String> body = new ArrayList<>();
            int oldCount = 0;
            int newCount = 0;
            boolean changed = false;
            for (int i = start; i <= end; i++) {
                boolean edge = (i == start && start > 1) || (i == end && end < LINES);
                int kind = edge ? 0 : r.nextInt(4);
                if (!edge && !changed && i == end) {
                    kind = 2;
                }
                if (kind <= 1) {
                    body.add(" line " + i);
                    oldCount++;
                    newCount++;
                } else {
                    body.add("-line " + i);
                    oldCount++;
                    changed = true;
                    if (kind == 3 || r.nextInt(3) == 0) {
                        body.add("+changed " + i);
                        newCount++;
                    }
                }
                if (i == LINES && noEol) {
                    String last = body.get(body.size() - 1);
                    if (last.startsWith(" ")) {
                        body.add("\\ No newline at end of file");
                    } else if (last.startsWith("+")) {
                        // The removed last line lost its newline, and so does what replaced it.
                        body.add(body.size() - 1, "\\ No newline at end of file");
                        if (r.nextBoolean()) {
                            body.add("\\ No newline at end of file");
                        }
                    } else {
                        body.add("\\ No newline at end of file");
                    }
                }
                if (!edge && r.nextInt(6) == 0 && !(i == LINES && noEol)) {
                    body.add("+inserted " + i);
                    newCount++;
                    changed = true;
                }
            }
            if (!changed) {
                continue;
            }
            out.add("@@ -" + start + count(oldCount) + " +" + (start + delta) + count(newCount) + " @@"
                    + (r.nextInt(5) == 0 ? " def f():" : ""));
            out.addAll(body);
            delta += newCount - oldCount;
            pos = end + 1;
        }
        if (out.isEmpty()) {
            out.add("@@ -1,2 +1,2 @@");
            out.add("-line 1");
            out.add("+changed 1");
            out.add(" line 2");
        }
        return out;
    }

    // ------------------------------------------------------------------ names

    /**
     * A name as a header line would hold it: quoted as git quotes it (or, sometimes, raw, over-quoted or
     * octal-escaped), and with a TAB after it on ---/+++ lines when it holds a space, as git writes it.
     */
    private String quoted(String name, boolean nameLine) {
        byte[] raw = name.getBytes(StandardCharsets.UTF_8);
        String bytes = new String(raw, StandardCharsets.ISO_8859_1);
        int style = r.nextInt(20);
        String out;
        if (style == 0) {
            out = bytes; // raw, even where git would quote
        } else if (style == 1) {
            out = "\"" + bytes.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t") + "\""; // over-quoted
        } else if (style == 2) {
            StringBuilder sb = new StringBuilder("\"");
            for (byte c : raw) {
                int v = c & 0xff;
                sb.append(v < 0x80 && Character.isLetterOrDigit(v) ? String.valueOf((char) v) : String.format("\\%03o", v));
            }
            out = sb.append('"').toString();
        } else {
            out = new String(GitQuote.quote(raw), StandardCharsets.ISO_8859_1);
        }
        if (nameLine && name.indexOf(' ') >= 0 && !out.startsWith("\"") && r.nextInt(4) != 0) {
            out += "\t";
        }
        return out;
    }

    private <T> T pick(List<T> list) {
        return list.get(r.nextInt(list.size()));
    }

    /** Lone diff --git lines: names of a real file, of two different files, quoted, or none that parse. */
    private List<String> lone() {
        List<String> out = new ArrayList<>();
        int n = 1 + (r.nextInt(5) == 0 ? 1 : 0);
        for (int i = 0; i < n; i++) {
            String x = pick(r.nextBoolean() ? TEXT : ABSENT);
            switch (r.nextInt(6)) {
                case 0 -> out.add(diffLine(x, pick(TEXT)));
                case 1 -> out.add("diff --git " + x);
                case 2 -> out.add("diff --git a/" + x + " b/" + x + " c/" + x);
                default -> out.add(diffLine(x, x));
            }
            if (r.nextInt(4) == 0) {
                out.add(GARBAGE[r.nextInt(GARBAGE.length)]);
            }
        }
        return out;
    }

    private List<String> garbage() {
        List<String> out = new ArrayList<>();
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            out.add(GARBAGE[r.nextInt(GARBAGE.length)]);
        }
        return out;
    }

    // ------------------------------------------------------------------ mutations

    private void mutateSection(Sec s) {
        if (s.diffLine == null) {
            return;
        }
        if (r.nextInt(4) == 0) { // missing ---/+++ lines: both, or one of them
            int what = r.nextInt(3);
            s.header.removeIf(l -> (what != 1 && l.startsWith("--- ")) || (what != 0 && l.startsWith("+++ ")));
        }
        if (r.nextInt(4) == 0) { // header lines in another order
            java.util.Collections.shuffle(s.header, new java.util.Random(r.nextLong()));
        }
        if (r.nextInt(10) == 0 && !s.header.isEmpty()) { // a header line twice
            int i = r.nextInt(s.header.size());
            s.header.add(i, s.header.get(i));
        }
        if (r.nextInt(10) == 0 && !s.header.isEmpty()) { // a name line naming another file, or /dev/null
            int i = r.nextInt(s.header.size());
            String l = s.header.get(i);
            String other = r.nextInt(3) == 0 ? "/dev/null" : quoted((r.nextBoolean() ? "a/" : "b/") + pick(TEXT), true);
            if (l.startsWith("--- ") || l.startsWith("+++ ")) {
                s.header.set(i, l.substring(0, 4) + other);
            } else if (l.startsWith("rename ") || l.startsWith("copy ")) {
                s.header.set(i, l.substring(0, l.indexOf(' ', l.indexOf(' ') + 1) + 1) + quoted(pick(TEXT), true));
            }
        }
        if (r.nextInt(12) == 0) { // an extended header line from another kind of section
            String[] extra = {"new file mode 100644", "deleted file mode 100644", "old mode 100644", "new mode 100755",
                "rename from " + pick(TEXT), "rename to " + pick(ABSENT), "copy from " + pick(TEXT), "copy to " + pick(ABSENT),
                "similarity index 90%", "dissimilarity index 10%", "index 1234567..89abcde 100755", "new mode 120000",
                "rename old " + pick(TEXT), "rename new " + pick(ABSENT), "old mode 0", "new file mode 0100644",
                "similarity index 101%", "similarity index 4294967297%", "dissimilarity index 100%", "new mode 100664",
                "deleted file mode 120000", "index 1234567..89abcde", "index 1234567...89abcde 100644", "new mode 160000"};
            s.header.add(r.nextInt(s.header.size() + 1), extra[r.nextInt(extra.length)]);
        }
        if (r.nextInt(12) == 0) { // a diff --git line whose names say something else
            String x = pick(TEXT);
            String[] lines = {diffLine(x, x), diffLine(s.oldName == null ? x : s.oldName, pick(ABSENT)), "diff --git " + x + " " + x,
                "diff --git a/" + x + "  b/" + x, "diff --git \"a/" + x + "\" b/" + x, "diff --git a/" + x + " b/" + x + "\r",
                "diff --git a/" + x + " b/" + x + " ", "diff --git a/" + x + "\tb/" + x};
            s.diffLine = lines[r.nextInt(lines.length)];
        }
        if (r.nextInt(12) == 0 && !s.header.isEmpty()) { // a name line without its a/ or b/ prefix, or with another
            int i = r.nextInt(s.header.size());
            String l = s.header.get(i);
            if ((l.startsWith("--- a/") || l.startsWith("+++ b/")) && l.length() > 6) {
                s.header.set(i, l.substring(0, 4) + (r.nextBoolean() ? "" : "x/") + l.substring(6));
            }
        }
        if (r.nextInt(15) == 0) { // hunks out of order
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < s.body.size(); i++) {
                if (s.body.get(i).startsWith("@@ -")) {
                    at.add(i);
                }
            }
            if (at.size() >= 2) {
                List<String> first = new ArrayList<>(s.body.subList(at.get(0), at.get(1)));
                List<String> rest = new ArrayList<>(s.body.subList(at.get(1), s.body.size()));
                s.body.clear();
                s.body.addAll(rest);
                s.body.addAll(first);
            }
        }
        if (r.nextInt(12) == 0) { // a binary marker where text hunks are
            s.body.add(r.nextInt(s.body.size() + 1), r.nextBoolean() ? "GIT binary patch"
                    : "Binary files a/" + s.newName + " and b/" + s.newName + " differ");
        }
    }

    private void mutateLines(List<String> lines) {
        int n = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 0;
        for (int k = 0; k < n && !lines.isEmpty(); k++) {
            int i = r.nextInt(lines.size());
            switch (r.nextInt(9)) {
                case 0 -> lines.add(i, "\\ No newline at end of file");
                case 1 -> lines.set(i, lines.get(i) + "\r");
                case 2 -> lines.remove(i);
                case 3 -> lines.add(i, lines.get(i));
                case 4 -> { // a hunk count off by one
                    String l = lines.get(i);
                    if (l.startsWith("@@ -")) {
                        lines.set(i, l.replaceFirst(" @@", "1 @@"));
                    }
                }
                case 5 -> { // an empty line for a context line
                    if (lines.get(i).startsWith(" ")) {
                        lines.set(i, "");
                    }
                }
                case 6 -> lines.add(i, GARBAGE[r.nextInt(GARBAGE.length)]);
                case 7 -> lines.set(i, lines.get(i) + " ");
                default -> lines.add(i, "\\ No newline at end of file");
            }
        }
    }
}
