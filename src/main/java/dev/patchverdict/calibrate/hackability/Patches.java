// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes well-formed git diff sections with hunk counts that balance, so that a decoy is rejected
 * for its trick, not for a typo. Lines are given with their prefix (' ', '-', '+').
 */
final class Patches {
    private Patches() {}

    /** A hunk at {@code oldStart} (the same line in the new file); counts derived from the lines. */
    static String hunk(int oldStart, List<String> lines) {
        return hunk(oldStart, oldStart, lines, "");
    }

    static String hunk(int oldStart, List<String> lines, String heading) {
        return hunk(oldStart, oldStart, lines, heading);
    }

    static String hunk(int oldStart, int newStart, List<String> lines) {
        return hunk(oldStart, newStart, lines, "");
    }

    static String hunk(int oldStart, int newStart, List<String> lines, String heading) {
        int oldCount = 0;
        int newCount = 0;
        for (String l : lines) {
            char c = l.charAt(0);
            if (c == ' ' || c == '-') {
                oldCount++;
            }
            if (c == ' ' || c == '+') {
                newCount++;
            }
        }
        // git writes an empty side as the line before it, with count 0
        StringBuilder sb = new StringBuilder();
        sb.append("@@ -").append(range(oldCount == 0 ? oldStart - 1 : oldStart, oldCount)).append(" +")
                .append(range(newCount == 0 ? newStart - 1 : newStart, newCount)).append(" @@");
        if (!heading.isEmpty()) {
            sb.append(' ').append(heading);
        }
        sb.append('\n');
        lines.forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }

    /** A section changing an existing file. */
    static String modify(String path, String... hunks) {
        StringBuilder sb = new StringBuilder();
        sb.append("diff --git a/").append(path).append(" b/").append(path).append('\n');
        sb.append("index 1111111..2222222 100644\n");
        sb.append("--- a/").append(path).append('\n');
        sb.append("+++ b/").append(path).append('\n');
        for (String h : hunks) {
            sb.append(h);
        }
        return sb.toString();
    }

    /** A section copying {@code from} to the new file {@code to}, with hunks changing the copy; the source stays as it was. */
    static String copy(String from, String to, String... hunks) {
        return moved("copy", from, to, hunks);
    }

    /** A section renaming {@code from} to {@code to}, with hunks changing it on the way. */
    static String rename(String from, String to, String... hunks) {
        return moved("rename", from, to, hunks);
    }

    private static String moved(String how, String from, String to, String... hunks) {
        StringBuilder sb = new StringBuilder();
        sb.append("diff --git a/").append(from).append(" b/").append(to).append('\n');
        sb.append("similarity index 50%\n");
        sb.append(how).append(" from ").append(from).append('\n');
        sb.append(how).append(" to ").append(to).append('\n');
        sb.append("index 1111111..2222222 100644\n");
        sb.append("--- a/").append(from).append('\n');
        sb.append("+++ b/").append(to).append('\n');
        for (String h : hunks) {
            sb.append(h);
        }
        return sb.toString();
    }

    /** A section creating a file with the given lines. */
    static String create(String path, String mode, List<String> content) {
        List<String> lines = new ArrayList<>();
        content.forEach(c -> lines.add("+" + c));
        return "diff --git a/" + path + " b/" + path + "\n" + "new file mode " + mode + "\n" + "index 0000000..3333333\n"
                + "--- /dev/null\n" + "+++ b/" + path + "\n" + hunk(1, lines);
    }

    /** A section deleting a file that held the given lines. */
    static String delete(String path, List<String> content) {
        List<String> lines = new ArrayList<>();
        content.forEach(c -> lines.add("-" + c));
        return "diff --git a/" + path + " b/" + path + "\n" + "deleted file mode 100644\n" + "index 4444444..0000000\n"
                + "--- a/" + path + "\n" + "+++ /dev/null\n" + hunk(1, lines);
    }

    /** Lines prefixed with a kind byte. */
    static List<String> prefixed(char kind, List<String> texts) {
        List<String> out = new ArrayList<>();
        texts.forEach(t -> out.add(kind + t));
        return out;
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** The plan's replacement made honestly in the in-scope file: old texts removed, new texts added. */
    static String replacement(Targets t) {
        return modify(t.inScope(), replacementHunk(t));
    }

    /** The hunk of {@link #replacement}, at line 1. */
    static String replacementHunk(Targets t) {
        return hunk(1, replacementLines(t));
    }

    /**
     * The same with a line of trailing context, for a section with more hunks after it: git applies a hunk without
     * trailing context only at the end of the file, so it would refuse a later one.
     */
    static String replacementHunkBeforeMore(Targets t) {
        return hunk(1, concat(replacementLines(t), List.of(" # context")));
    }

    private static List<String> replacementLines(Targets t) {
        List<String> lines = concat(prefixed('-', t.allRemoved()), prefixed('+', t.allAdded()));
        if (t.allRemoved().isEmpty()) {
            lines.add(0, " # context");
        }
        return lines;
    }

    /** How many lines the replacement hunk adds net, for the new-side start of a later hunk in the same file. */
    static int replacementDelta(Targets t) {
        return t.allAdded().size() - t.allRemoved().size();
    }
}
