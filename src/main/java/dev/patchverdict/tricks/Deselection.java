// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static dev.patchverdict.text.LinearPattern.isSpace;
import static dev.patchverdict.text.LinearPattern.isWord;

import dev.patchverdict.diff.LineKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Tests deselected through runner configuration, where the configuration names what it deselects: pytest's
 * {@code --deselect ID}, {@code -k "not NAME"}, {@code --ignore=PATH}, a {@code testpaths} that drops a path or a
 * {@code norecursedirs} that adds one, {@code collect_ignore} in a conftest; Jest's and Vitest's
 * {@code testPathIgnorePatterns} and {@code exclude}, Mocha's {@code ignore}; Maven Surefire and Failsafe
 * {@code <exclude>}, {@code <test>!Name}, {@code -Dtest=!Name} and {@code <excludedGroups>}; Gradle's
 * {@code exclude} and {@code excludeTestsMatching}; {@code go test -skip}. A harness that counts a test it does not
 * see as passing (or never looks for it) scores the patch as if that test passed. Hand scanners, one pass a line;
 * documentation files are not read.
 */
final class Deselection {
    private Deselection() {}

    private static final Set<String> PYTEST_CONFIG = Set.of("pytest.ini", ".pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml");
    private static final Set<String> DOCS = Set.of("md", "rst", "txt", "adoc", "html", "htm");

    static void check(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            String path = s.path();
            String base = PathKinds.base(path);
            String lowerBase = base.toLowerCase(Locale.ROOT);
            int dot = lowerBase.lastIndexOf('.');
            if (dot >= 0 && DOCS.contains(lowerBase.substring(dot + 1)) || path.startsWith("docs/") || path.startsWith("doc/")
                    || s.deleted()) {
                continue;
            }
            boolean pytestConfig = PYTEST_CONFIG.contains(lowerBase);
            boolean jsConfig = lowerBase.startsWith("jest.config.") || lowerBase.startsWith("vitest.config.")
                    || lowerBase.startsWith("vite.config.") || lowerBase.startsWith(".mocharc") || lowerBase.equals("package.json");
            boolean build = lowerBase.equals("pom.xml") || lowerBase.startsWith("build.gradle");
            Lists lists = new Lists();
            boolean goTest = base.endsWith("_test.go") && !s.created();
            boolean constraintRemoved = goTest && s.lines().stream().anyMatch(l -> l.kind() == LineKind.REMOVED && goConstraint(l.text()));
            // An option whose value stands on the next line (an addopts list, a shell line continued with '\').
            String flagLine = null;
            for (PatchView.Line l : s.lines()) {
                String text = l.text();
                String t = text.strip();
                boolean comment = t.startsWith("#") || t.startsWith(";") || t.startsWith("//") || t.startsWith("<!--");
                lists.read(l, t, pytestConfig, jsConfig);
                if (goTest && l.kind() == LineKind.ADDED && goConstraint(t) && (!constraintRemoved || t.contains("ignore"))) {
                    out.add(new TrickHit(r.id(), r.severity(), "keeps go test from compiling the test file: " + CodeText.snippet(t), path,
                            s.index(), l.hunkIndex(), l.lineNumber()));
                    continue;
                }
                String pending = flagLine;
                flagLine = null;
                if (l.kind() == LineKind.REMOVED || comment || t.isEmpty()) {
                    continue;
                }
                String why = l.kind() == LineKind.ADDED ? line(t, pytestConfig, build, s.lang() == PathKinds.Lang.PYTHON) : null;
                if (why == null && pending != null) {
                    why = line(pending + " " + t, pytestConfig, build, false);
                }
                if (why == null && l.kind() == LineKind.ADDED && endsWithFlag(t)) {
                    flagLine = t.endsWith("\\") ? t.substring(0, t.length() - 1).strip() : t;
                }
                if (why != null) {
                    out.add(new TrickHit(r.id(), r.severity(), why + ": " + CodeText.snippet(t), path, s.index(), l.hunkIndex(),
                            l.lineNumber()));
                }
            }
            lists.hits(r, s, out);
        }
    }

    /** Options whose value may stand on the next line. */
    private static final List<String> FLAGS = List.of("--deselect", "-k", "--ignore", "--ignore-glob", "-skip", "--testPathIgnorePatterns");

    /** Whether the line (a trailing '\\' aside) ends with one of {@link #FLAGS}, its value to come on the next line. */
    static boolean endsWithFlag(String t) {
        String u = t.endsWith("\\") ? t.substring(0, t.length() - 1).strip() : t;
        for (String f : FLAGS) {
            if (u.endsWith(f) && (u.length() == f.length() || isSpace(u.charAt(u.length() - f.length() - 1))
                    || "\"'[,=(".indexOf(u.charAt(u.length() - f.length() - 1)) >= 0)) {
                return true;
            }
        }
        return false;
    }

    /** A Go build constraint line ({@code //go:build ...}, {@code // +build ...}). */
    static boolean goConstraint(String t) {
        String u = t.strip();
        return u.startsWith("//go:build ") || u.startsWith("// +build ");
    }

    /** What one added line deselects, or null. */
    static String line(String t, boolean pytestConfig, boolean build, boolean python) {
        String deselect = valueAfter(t, "--deselect");
        if (deselect != null) {
            return "deselects test " + deselect;
        }
        boolean pytest = pytestConfig || t.contains("pytest") || t.contains("py.test") || t.contains("addopts")
                || t.contains("PYTEST_ADDOPTS");
        if (pytest) {
            String k = keyword(t);
            if (k != null) {
                return "deselects the tests -k " + k + " leaves out";
            }
            for (String flag : new String[] {"--ignore-glob", "--ignore"}) {
                String v = valueAfter(t, flag);
                if (v != null && testish(v)) {
                    return "keeps pytest from collecting " + v;
                }
            }
        }
        if (python && t.contains("collect_ignore")) {
            for (String v : quoted(t)) {
                if (!v.isBlank()) {
                    return "keeps pytest from collecting " + v;
                }
            }
        }
        String ignore = valueAfter(t, "--testPathIgnorePatterns");
        if (ignore != null) {
            return "keeps Jest from running " + ignore;
        }
        String unnamed = negativeLookahead(t);
        if (unnamed != null) {
            return "keeps the test runner from running the tests named " + unnamed;
        }
        if (t.contains("go test") || t.contains("gotestsum")) {
            String skip = valueAfter(t, "-skip");
            if (skip == null) {
                skip = valueAfter(t, "-test.skip");
            }
            if (skip != null) {
                return "go test skips " + skip;
            }
        }
        String negated = valueAfter(t, "-Dtest");
        if (negated != null && negated.contains("!")) {
            return "keeps the build from running " + negated;
        }
        if (build) {
            for (String tag : new String[] {"exclude", "test", "excludedGroups", "excludeTags"}) {
                String v = element(t, tag);
                if (v != null && (tag.startsWith("exclude") && !tag.equals("exclude") || tag.equals("test") && v.startsWith("!")
                        || tag.equals("exclude") && (testClass(v) || patternOfTests(v)))) {
                    return "keeps the build from running " + v;
                }
            }
            if (t.contains("excludeTestsMatching") || t.startsWith("exclude ") || t.startsWith("exclude(")) {
                for (String v : quoted(t)) {
                    if (t.contains("excludeTestsMatching") || testClass(v)) {
                        return "keeps the build from running " + v;
                    }
                }
            }
        }
        return null;
    }

    /** Surefire's {@code %regex[...]} or {@code %ant[...]} whose pattern names tests. */
    static boolean patternOfTests(String v) {
        return (v.startsWith("%regex[") || v.startsWith("%ant[")) && v.endsWith("]") && testish(v.substring(v.indexOf('[') + 1));
    }

    /**
     * The pattern of a test-name filter ({@code -t}, {@code --testNamePattern}, {@code testNamePattern:},
     * {@code --grep}) that leaves names out with a negative lookahead ({@code ^(?!.*rounds half up)}), or null.
     */
    static String negativeLookahead(String t) {
        boolean filter = t.contains("testNamePattern") || t.contains("--grep") || (t.contains("jest") || t.contains("vitest"))
                && (t.contains(" -t ") || t.contains(" -t=") || t.contains(" -t'") || t.contains(" -t\""));
        int at = filter ? t.indexOf("(?!") : -1;
        if (at < 0) {
            return null;
        }
        int close = t.indexOf(')', at);
        return close < 0 ? t.substring(at) : t.substring(at, close + 1);
    }

    /** Whether a path or pattern names tests. */
    static boolean testish(String v) {
        String l = v.toLowerCase(Locale.ROOT);
        return l.contains("test") || l.contains("spec");
    }

    /** A Java or Kotlin test class or pattern: a name ending in Test, Tests, TestCase, IT or Spec, glob or suffix aside. */
    static boolean testClass(String v) {
        int end = v.length();
        boolean cut = true;
        // Suffixes come off by moving the end, one pass over them however many there are.
        while (cut) {
            cut = false;
            for (String suffix : new String[] {".java", ".kt", ".class", ".groovy", "*", ".*"}) {
                if (end >= suffix.length() && v.startsWith(suffix, end - suffix.length())) {
                    end -= suffix.length();
                    cut = true;
                }
            }
        }
        String n = v.substring(0, end);
        return n.endsWith("Test") || n.endsWith("Tests") || n.endsWith("TestCase") || n.endsWith("IT") || n.endsWith("Spec")
                || n.contains("Test*") || n.contains("/*Test");
    }


    /** The value after an option ({@code --flag=VALUE}, {@code --flag VALUE}, {@code "--flag", "VALUE"}), or null. */
    static String valueAfter(String t, String flag) {
        int from = 0;
        while (true) {
            int i = t.indexOf(flag, from);
            if (i < 0) {
                return null;
            }
            from = i + 1;
            int e = i + flag.length();
            boolean start = i == 0 || isSpace(t.charAt(i - 1)) || "\"'[,=(".indexOf(t.charAt(i - 1)) >= 0;
            if (!start || e < t.length() && (isWord(t.charAt(e)) || t.charAt(e) == '-')) {
                continue;
            }
            String v = token(t, e);
            if (v != null) {
                return v;
            }
        }
    }

    /** The next value from {@code at}: past '=', blanks, quotes and commas, up to the next blank, quote or bracket. */
    private static String token(String t, int at) {
        int i = at;
        int n = t.length();
        while (i < n && (t.charAt(i) == '=' || isSpace(t.charAt(i)) || t.charAt(i) == '"' || t.charAt(i) == '\'' || t.charAt(i) == ','
                || t.charAt(i) == ':')) {
            i++;
        }
        int j = i;
        while (j < n && !isSpace(t.charAt(j)) && "\"',)]}>".indexOf(t.charAt(j)) < 0) {
            j++;
        }
        // An option is no value: `--deselect --ignore` deselects nothing (pytest refuses it).
        return j > i && t.charAt(i) != '-' ? t.substring(i, j) : null;
    }

    /** The expression of pytest's {@code -k} when it leaves tests out by name ({@code not NAME}), or null. */
    static String keyword(String t) {
        int n = t.length();
        int from = 0;
        while (true) {
            int i = t.indexOf("-k", from);
            if (i < 0) {
                return null;
            }
            from = i + 1;
            int e = i + 2;
            boolean start = i == 0 || isSpace(t.charAt(i - 1)) || "\"'[,(".indexOf(t.charAt(i - 1)) >= 0;
            if (!start || e < n && !(isSpace(t.charAt(e)) || t.charAt(e) == '=' || t.charAt(e) == '"' || t.charAt(e) == '\'')) {
                continue;
            }
            int j = e;
            if (j < n && i > 0 && t.charAt(j) == t.charAt(i - 1)) {
                j++; // ["-k", "not x"]: past the flag's own closing quote
            }
            while (j < n && (isSpace(t.charAt(j)) || t.charAt(j) == '=' || t.charAt(j) == ',')) {
                j++;
            }
            String expr;
            if (j < n && (t.charAt(j) == '"' || t.charAt(j) == '\'')) {
                int close = t.indexOf(t.charAt(j), j + 1);
                expr = close < 0 ? t.substring(j + 1) : t.substring(j + 1, close);
            } else {
                expr = token(t, j);
            }
            if (expr != null && negates(expr)) {
                return "\"" + expr.strip() + "\"";
            }
        }
    }

    /** Whether a -k expression has {@code not} before a name. */
    private static boolean negates(String expr) {
        int i = 0;
        while ((i = expr.indexOf("not", i)) >= 0) {
            boolean word = (i == 0 || !isWord(expr.charAt(i - 1))) && i + 3 < expr.length() && !isWord(expr.charAt(i + 3));
            if (word) {
                int j = i + 3;
                while (j < expr.length() && (isSpace(expr.charAt(j)) || expr.charAt(j) == '(')) {
                    j++;
                }
                if (j < expr.length() && isWord(expr.charAt(j))) {
                    return true;
                }
            }
            i += 3;
        }
        return false;
    }

    /** The text of {@code <tag>VALUE</tag>} on the line, or null. */
    private static String element(String t, String tag) {
        String open = "<" + tag + ">";
        int i = t.indexOf(open);
        if (i < 0) {
            return null;
        }
        int close = t.indexOf("</" + tag + ">", i);
        String v = close < 0 ? t.substring(i + open.length()) : t.substring(i + open.length(), close);
        v = v.strip();
        return v.isEmpty() ? null : v;
    }

    /** The contents of the quoted literals on a line, in order. */
    static List<String> quoted(String t) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < t.length()) {
            char q = t.charAt(i);
            if (q != '"' && q != '\'' && q != '`') {
                i++;
                continue;
            }
            int close = t.indexOf(q, i + 1);
            if (close < 0) {
                break;
            }
            out.add(t.substring(i + 1, close));
            i = close + 1;
        }
        return out;
    }

    /**
     * Lists of paths a runner leaves out or limits itself to, written over several lines: pytest's {@code testpaths}
     * and {@code norecursedirs}, Jest's {@code testPathIgnorePatterns}, Vitest's and Mocha's {@code exclude} and
     * {@code ignore}. What each list gains or loses is compared per key, across the whole section.
     */
    private static final class Lists {
        /** The key whose values the lines are in, or null. */
        private String key;
        private int depth;
        private final java.util.Map<String, Set<String>> removed = new java.util.LinkedHashMap<>();
        private final java.util.Map<String, Set<String>> added = new java.util.LinkedHashMap<>();
        private final java.util.Map<String, Set<String>> kept = new java.util.LinkedHashMap<>();
        private final java.util.Map<String, PatchView.Line> where = new java.util.LinkedHashMap<>();

        void read(PatchView.Line l, String t, boolean pytestConfig, boolean jsConfig) {
            String starts = null;
            if (pytestConfig) {
                for (String k : new String[] {"testpaths", "norecursedirs"}) {
                    if (t.startsWith(k) && t.substring(k.length()).stripLeading().startsWith("=")) {
                        starts = k;
                    }
                }
            } else if (jsConfig) {
                for (String k : new String[] {"testPathIgnorePatterns", "exclude", "ignore"}) {
                    int i = t.indexOf(k);
                    if (i >= 0 && (i == 0 || !isWord(t.charAt(i - 1))) && t.indexOf(':', i) >= 0) {
                        starts = k;
                    }
                }
            }
            String values;
            if (starts != null) {
                key = starts;
                depth = 0;
                values = t.substring(t.indexOf(starts) + starts.length());
            } else if (key != null && (pytestConfig ? l.text().length() > 0 && isSpace(l.text().charAt(0)) && !t.contains("=")
                    : depth > 0)) {
                values = t;
            } else {
                key = null;
                return;
            }
            for (int i = 0; i < values.length(); i++) {
                char c = values.charAt(i);
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            }
            List<String> tokens = pytestConfig && !values.contains("\"") && !values.contains("'") ? words(values) : quoted(values);
            java.util.Map<String, Set<String>> into = l.kind() == LineKind.ADDED ? added : l.kind() == LineKind.REMOVED ? removed : kept;
            into.computeIfAbsent(key, k -> new LinkedHashSet<>()).addAll(tokens);
            if (l.kind() != LineKind.CONTEXT) {
                where.putIfAbsent(key, l);
            }
            if (jsConfig && depth <= 0) {
                key = null;
            }
        }

        private static List<String> words(String v) {
            List<String> out = new ArrayList<>();
            for (String w : dev.patchverdict.text.Split.onBlanks(v.replace('=', ' ').replace(',', ' ').replace('[', ' ').replace(']', ' ').strip())) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
            return out;
        }

        void hits(TrickRule r, PatchView.Section s, List<TrickHit> out) {
            for (String k : where.keySet()) {
                Set<String> gone = new LinkedHashSet<>(removed.getOrDefault(k, Set.of()));
                gone.removeAll(added.getOrDefault(k, Set.of()));
                gone.removeAll(kept.getOrDefault(k, Set.of()));
                Set<String> gained = new LinkedHashSet<>(added.getOrDefault(k, Set.of()));
                gained.removeAll(removed.getOrDefault(k, Set.of()));
                gained.removeAll(kept.getOrDefault(k, Set.of()));
                gained.removeIf(v -> !testish(v));
                String why = null;
                if (k.equals("testpaths") && !gone.isEmpty() && (added.containsKey(k) || kept.containsKey(k))) {
                    why = "narrows testpaths: drops " + String.join(", ", gone);
                } else if (!k.equals("testpaths") && !gained.isEmpty()) {
                    why = (k.equals("norecursedirs") ? "keeps pytest out of " : "keeps the test runner from running ")
                            + String.join(", ", gained);
                }
                if (why != null) {
                    PatchView.Line l = where.get(k);
                    out.add(new TrickHit(r.id(), r.severity(), why + " (" + k + ")", s.path(), s.index(), l.hunkIndex(),
                            l.lineNumber()));
                }
            }
        }
    }
}
