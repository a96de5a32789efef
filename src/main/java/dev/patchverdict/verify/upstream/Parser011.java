// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import dev.patchverdict.text.Split;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The upstream unified-diff parser of patch adapter 0.1.1: the set of changed paths and the
 * added lines, or a rejection whose message is the upstream one, word for word. Rules are
 * tried in the upstream order and the first that applies decides, so the messages follow.
 */
public final class Parser011 {
    private Parser011() {}

    /** Changed paths (distinct, code-point order) and the added lines in file order. */
    public record Parsed(List<String> paths, List<String> added) {
        public Parsed {
            paths = List.copyOf(paths);
            added = List.copyOf(added);
        }
    }

    /** The upstream rejection; the message is what upstream stores as {@code decode_error}. */
    public static final class Rejected extends Exception {
        private static final long serialVersionUID = 1L;

        Rejected(String message) {
            super(message);
        }
    }

    private static final String NO_NEWLINE_MARKER = "\\ No newline at end of file";

    private static final List<String> METADATA_PREFIXES = List.of(
            "index ", "old mode ", "new mode ", "new file mode ", "deleted file mode ",
            "similarity index ", "dissimilarity index ", "rename from ", "rename to ",
            "copy from ", "copy to ");

    public static Parsed parse(String text) throws Rejected {
        return parseLines(PyStr.splitlines(text));
    }

    /** As {@link #parse(String)}, over the text's {@code splitlines()}. */
    public static Parsed parseLines(List<String> lines) throws Rejected {
        return new State().run(lines);
    }

    private static final class State {
        final Set<String> paths = new HashSet<>();
        final List<String> added = new ArrayList<>();
        Set<String> section;
        Set<String> headerPaths = new HashSet<>();
        boolean sawOld;
        boolean sawNew;
        boolean sawHunk;
        Remaining oldRem;
        Remaining newRem;

        Parsed run(List<String> lines) throws Rejected {
            int n = 0;
            for (String line : lines) {
                n++;
                line(line, n);
            }
            finishFile(lines.size() + 1);
            if (paths.isEmpty()) {
                throw new Rejected("unified diff contains no repository paths");
            }
            List<String> sorted = new ArrayList<>(paths);
            sorted.sort(PyStr.CODE_POINT_ORDER);
            return new Parsed(sorted, added);
        }

        private void line(String line, int n) throws Rejected {
            // rule 1
            if (line.startsWith("diff --git ")) {
                diffGit(line, n);
                return;
            }
            // rule 2
            if (section == null) {
                if (!PyStr.strip(line).isEmpty()) {
                    throw new Rejected("content outside diff --git section at line " + n + ": " + PyStr.repr(line));
                }
                return;
            }
            // rule 3
            if (oldRem != null) {
                if (line.startsWith("@@ ")) {
                    finishHunk(n);
                    hunkHeader(line, n);
                    return;
                }
                if (line.equals(NO_NEWLINE_MARKER)) {
                    return;
                }
                hunkLine(line, n);
                return;
            }
            // rule 4
            if (line.startsWith("@@ ")) {
                hunkHeader(line, n);
                return;
            }
            // rule 5
            if (line.startsWith("--- ")) {
                if (sawOld || sawNew) {
                    throw new Rejected("duplicate/out-of-order --- header at line " + n);
                }
                String path = pathToken(PyStr.strip(line.substring(4)), "--- path header");
                addHeaderPath(path);
                sawOld = true;
                return;
            }
            // rule 6
            if (line.startsWith("+++ ")) {
                if (!sawOld || sawNew) {
                    throw new Rejected("out-of-order +++ header at line " + n);
                }
                String path = pathToken(PyStr.strip(line.substring(4)), "+++ path header");
                addHeaderPath(path);
                sawNew = true;
                return;
            }
            // rule 7
            if (sawOld || sawNew) {
                throw new Rejected("unexpected content between file headers and hunk at line " + n + ": "
                        + PyStr.repr(line));
            }
            // rule 8
            for (String prefix : METADATA_PREFIXES) {
                if (line.startsWith(prefix)) {
                    return;
                }
            }
            throw new Rejected("unsupported unified-diff metadata at line " + n + ": " + PyStr.repr(line));
        }

        private void diffGit(String line, int n) throws Rejected {
            finishFile(n);
            List<String> tokens;
            try {
                tokens = PyShlex.split(line);
            } catch (PyShlex.QuoteError e) {
                throw new Rejected("invalid diff --git header at line " + n + ": " + PyStr.repr(line));
            }
            if (tokens.size() != 4) {
                throw new Rejected("diff --git header at line " + n + " must contain exactly two paths");
            }
            // both are normalised before the /dev/null test, so a bad second path wins over it
            String left = normalizeRepoPath(tokens.get(2));
            String right = normalizeRepoPath(tokens.get(3));
            if (left == null || right == null) {
                throw new Rejected("diff --git header may not use /dev/null");
            }
            section = new HashSet<>(List.of(left));
            section.add(right);
            paths.addAll(section);
            headerPaths = new HashSet<>();
            sawOld = false;
            sawNew = false;
            sawHunk = false;
            oldRem = null;
            newRem = null;
        }

        private void hunkLine(String line, int n) throws Rejected {
            if (oldRem.signum() == 0 && newRem.signum() == 0) {
                throw new Rejected("unexpected content after completed hunk at line " + n + ": " + PyStr.repr(line));
            }
            char p = line.isEmpty() ? 0 : line.charAt(0);
            if (p == ' ') {
                oldRem.take();
                newRem.take();
            } else if (p == '-') {
                oldRem.take();
            } else if (p == '+') {
                newRem.take();
                added.add(line.substring(1));
            } else {
                // upstream's text really lacks the word "line" here
                throw new Rejected("invalid unified-diff hunk line at " + n + ": " + PyStr.repr(line));
            }
            if (oldRem.signum() < 0 || newRem.signum() < 0) {
                throw new Rejected("unified-diff hunk exceeded declared line counts at line " + n);
            }
        }

        private void hunkHeader(String line, int n) throws Rejected {
            if (!(sawOld && sawNew)) {
                throw new Rejected("hunk at line " + n + " appears before ---/+++ headers");
            }
            BigInteger[] groups = matchHunkHeader(line);
            if (groups == null) {
                throw new Rejected("invalid unified-diff hunk header at line " + n + ": " + PyStr.repr(line));
            }
            oldRem = new Remaining(groups[1] != null ? groups[1] : BigInteger.ONE);
            newRem = new Remaining(groups[3] != null ? groups[3] : BigInteger.ONE);
            sawHunk = true;
        }

        private void addHeaderPath(String path) {
            if (path != null) {
                headerPaths.add(path);
                paths.add(path);
            }
        }

        private void finishHunk(int n) throws Rejected {
            if (oldRem == null) {
                return;
            }
            if (oldRem.signum() != 0 || newRem.signum() != 0) {
                throw new Rejected("unified-diff hunk count mismatch before line " + n + ": old_remaining="
                        + oldRem + ", new_remaining=" + newRem);
            }
            oldRem = null;
            newRem = null;
        }

        private void finishFile(int n) throws Rejected {
            if (section == null) {
                return;
            }
            finishHunk(n);
            if (!(sawOld && sawNew && sawHunk)) {
                throw new Rejected("unified-diff file section ending before line " + n
                        + " lacks ---/+++/@@ structure");
            }
            if (!headerPaths.equals(section)) {
                throw new Rejected("unified-diff diff --git paths disagree with ---/+++ paths: diff="
                        + PyStr.listRepr(sortedList(section)) + ", headers=" + PyStr.listRepr(sortedList(headerPaths)));
            }
            section = null;
        }
    }

    /**
     * A hunk's remaining line count, exact at any size: a long while the declared count fits one (every hunk one
     * meets), else the declared count less the lines taken. Python's ints have no bound, and the count is printed.
     */
    private static final class Remaining {
        /** The declared count when it does not fit a long; {@code value} then counts down from 0. */
        private final BigInteger large;
        private long value;

        Remaining(BigInteger declared) {
            if (declared.bitLength() < 63) {
                large = null;
                value = declared.longValue();
            } else {
                large = declared;
            }
        }

        void take() {
            value--;
        }

        int signum() {
            return large == null ? Long.signum(value) : exact().signum();
        }

        private BigInteger exact() {
            return large == null ? BigInteger.valueOf(value) : large.add(BigInteger.valueOf(value));
        }

        @Override
        public String toString() {
            return large == null ? Long.toString(value) : exact().toString();
        }
    }

    private static List<String> sortedList(Set<String> set) {
        TreeSet<String> sorted = new TreeSet<>(PyStr.CODE_POINT_ORDER);
        sorted.addAll(set);
        return Collections.unmodifiableList(new ArrayList<>(sorted));
    }

    /** Header path token: exactly one shell-like token, then normalised. */
    private static String pathToken(String payload, String label) throws Rejected {
        List<String> tokens;
        try {
            tokens = PyShlex.split(payload);
        } catch (PyShlex.QuoteError e) {
            throw new Rejected("invalid " + label + ": " + PyStr.repr(payload));
        }
        if (tokens.size() != 1) {
            throw new Rejected(label + " must contain exactly one path token");
        }
        return normalizeRepoPath(tokens.get(0));
    }

    /** Repository-relative path of a diff token; null for /dev/null. */
    static String normalizeRepoPath(String raw) throws Rejected {
        if (raw.equals("/dev/null")) {
            return null;
        }
        String rest = raw;
        if (rest.startsWith("a/") || rest.startsWith("b/")) {
            rest = rest.substring(2);
        }
        if (rest.isEmpty() || rest.startsWith("/") || List.of(Split.all(rest, '/')).contains("..")) {
            throw new Rejected("unsafe repository path in unified diff: " + PyStr.repr(raw));
        }
        // posixpath.normpath of a relative path without "..": drop empty and "." components
        List<String> parts = new ArrayList<>();
        for (String part : Split.all(rest, '/')) {
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            throw new Rejected("empty repository path in unified diff: " + PyStr.repr(raw));
        }
        return String.join("/", parts);
    }

    /**
     * Full match of {@code @@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(?: .*)?} with Unicode
     * decimal digits; returns the four groups (absent ones null), or null when it does not match.
     */
    private static BigInteger[] matchHunkHeader(String line) {
        int[] cps = line.codePoints().toArray();
        BigInteger[] groups = new BigInteger[4];
        int[] pos = {0};
        if (!literal(cps, pos, "@@ -")) {
            return null;
        }
        if ((groups[0] = digits(cps, pos)) == null) {
            return null;
        }
        if (pos[0] < cps.length && cps[pos[0]] == ',') {
            pos[0]++;
            if ((groups[1] = digits(cps, pos)) == null) {
                return null;
            }
        }
        if (!literal(cps, pos, " +")) {
            return null;
        }
        if ((groups[2] = digits(cps, pos)) == null) {
            return null;
        }
        if (pos[0] < cps.length && cps[pos[0]] == ',') {
            pos[0]++;
            if ((groups[3] = digits(cps, pos)) == null) {
                return null;
            }
        }
        if (!literal(cps, pos, " @@")) {
            return null;
        }
        if (pos[0] == cps.length) {
            return groups;
        }
        // "(?: .*)?": a space, then anything but a line feed (never present after splitlines)
        if (cps[pos[0]] != ' ') {
            return null;
        }
        for (int k = pos[0]; k < cps.length; k++) {
            if (cps[k] == '\n') {
                return null;
            }
        }
        return groups;
    }

    private static boolean literal(int[] cps, int[] pos, String text) {
        if (pos[0] + text.length() > cps.length) {
            return false;
        }
        for (int k = 0; k < text.length(); k++) {
            if (cps[pos[0] + k] != text.charAt(k)) {
                return false;
            }
        }
        pos[0] += text.length();
        return true;
    }

    private static BigInteger digits(int[] cps, int[] pos) {
        BigInteger value = null;
        while (pos[0] < cps.length && Character.getType(cps[pos[0]]) == Character.DECIMAL_DIGIT_NUMBER) {
            BigInteger d = BigInteger.valueOf(Character.digit(cps[pos[0]], 10));
            value = (value == null) ? d : value.multiply(BigInteger.TEN).add(d);
            pos[0]++;
        }
        return value;
    }
}
