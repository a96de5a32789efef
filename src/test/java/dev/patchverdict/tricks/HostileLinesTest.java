// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lines built to make a backtracking matcher or a rescanning loop run for hours: each is searched by every rule
 * to its end. The timeout only tells a hang from an answer (bench/tricks-growth.sh measures the time); each case
 * also checks the answer, so a scanner that gives up early fails too.
 */
class HostileLinesTest {
    private static final int MIB = 1 << 20;
    /** Far above what a linear search takes, far below what the quadratic ones took on these inputs (hours). */
    private static final Duration HANG = Duration.ofSeconds(30);

    private static String spaces(int n) {
        return " ".repeat(n);
    }

    private static List<String> detect(String path, String... added) {
        StringBuilder sb = new StringBuilder();
        sb.append("diff --git a/").append(path).append(" b/").append(path).append('\n');
        sb.append("--- a/").append(path).append('\n').append("+++ b/").append(path).append('\n');
        sb.append("@@ -1,1 +1,").append(added.length + 1).append(" @@\n").append(" first\n");
        for (String a : added) {
            sb.append('+').append(a).append('\n');
        }
        DiffResult r = DiffReader.readLines(sb.toString().getBytes(StandardCharsets.UTF_8), Profile.GIT,
                DiffReader.Options.DEFAULT.withMaxLineBytes(4 * MIB));
        return assertTimeoutPreemptively(HANG, () -> TrickDetector.all().detect(r).stream()
                .map(h -> h.ruleId() + "@" + h.patchLine()).toList());
    }

    @Test
    void aJavaReturnFollowedByAMebibyteOfSpaces() {
        assertEquals(List.of(), detect("src/Money.java", "public boolean equals(Object o) {", "return x" + spaces(MIB) + "|| y;", "}"));
        assertEquals(List.of("always-true-equality@6"),
                detect("src/Money.java", "public boolean equals(Object o) {", "return true" + spaces(MIB) + ";" + spaces(MIB), "}"));
    }

    @Test
    void aPythonReturnWithAMebibyteOfSpacesInside() {
        assertEquals(List.of(), detect("pkg/money.py", "def __eq__(self, o):", "    return x" + spaces(MIB) + "y"));
        assertEquals(List.of("always-true-equality@6"),
                detect("pkg/money.py", "def __eq__(self, o):", "    return True" + spaces(MIB)));
    }

    @Test
    void anEqualityAssertionWhoseFirstArgumentIsAMebibyteOfSpaces() {
        String changed = "test-file-changed@1";
        assertEquals(List.of(changed), detect("tests/test_money.py", "    self.assertEqual(x" + spaces(MIB) + ")"));
        assertEquals(List.of(changed, "assertion-trivial@6"),
                detect("tests/test_money.py", "    self.assertEqual(x" + spaces(MIB) + ", x)"));
        assertEquals(List.of(changed), detect("tests/test_money.py", "    assert x" + spaces(MIB) + "== y" + spaces(MIB) + "z"));
    }

    @Test
    void stringLiteralsWithoutEnd() {
        String quotes = "\"\\\"".repeat(MIB / 2);
        assertEquals(List.of("test-file-changed@1"), detect("tests/test_money.py", "    x = " + quotes));
        assertEquals(List.of(), detect("src/money.py", "x = " + quotes));
    }

    /** Equality defs that never close, each of whose bodies runs to the end of the section: read once, not once per def. */
    @Test
    void fortyThousandUnclosedEqualsDefs() {
        String[] lines = new String[40_000];
        java.util.Arrays.fill(lines, "boolean equals(Object o) { return true;");
        assertEquals(List.of(), detect("src/Money.java", lines));
        String[] py = new String[3_000];
        for (int i = 0; i < py.length; i++) {
            py[i] = spaces(i) + "def __eq__(self, o): return True";
        }
        // Each def's body is every deeper def after it, none returns on a line of its own: no hit, and no n² reading.
        assertEquals(List.of(), detect("pkg/money.py", py));
    }

    /** The hits of the rules named by their ids' start, the others (a test file changed, a runner file) aside. */
    private static List<String> only(String rule, List<String> hits) {
        return hits.stream().filter(h -> h.startsWith(rule + "@")).toList();
    }

    @Test
    void shortCircuitScansReadAStatementAFewTimesAtMost() {
        // Assertion calls side by side are each read once: the last one is still looked into.
        assertEquals(List.of("assertion-vacuous@6"), only("assertion-vacuous", detect("src/test/java/org/acme/ATest.java",
                "assertTrue(ok);".repeat(200_000) + "assertTrue(true || ok);")));
        // Calls nested a million deep, and a million unclosed brackets, are read a few times over, not once per bracket.
        assertEquals(List.of(), only("assertion-vacuous", detect("src/test/java/org/acme/ATest.java", "assertTrue(".repeat(MIB / 11) + "x" + ")".repeat(MIB / 11) + ";")));
        assertEquals(List.of(), only("assertion-vacuous", detect("tests/test_a.py", "assert " + "(".repeat(MIB) + "True or x")));
        assertEquals(List.of("assertion-vacuous@6"), only("assertion-vacuous", detect("tests/test_a.py",
                "if " + "(".repeat(MIB) + "False" + ")".repeat(MIB) + ":", "    assert x")));
    }

    @Test
    void deselectionScansStopAtTheFirstValue() {
        assertEquals(List.of(), only("tests-deselected", detect("pytest.ini", "addopts = " + "-k \"x ".repeat(MIB / 6))));
        assertEquals(List.of(), only("tests-deselected", detect("pom.xml", "<exclude>" + "*".repeat(MIB) + "</exclude>")));
        assertEquals(List.of("tests-deselected@6"), only("tests-deselected", detect("pytest.ini", "addopts = " + "-k x ".repeat(MIB / 5) + "--deselect t.py::t")));
    }

    @Test
    void specialCaseScansReadALineOnce() {
        assertEquals(List.of(), only("test-input-special-cased", detect("pkg/a.py", "if x == " + "(".repeat(MIB) + "1" + ")".repeat(MIB) + ": return 2")));
        assertEquals(List.of(), only("test-input-special-cased", detect("pkg/a.py", "return 1 if n == " + "'".repeat(MIB) + " else 2")));
    }
    @Test
    void variantScansStayLinear() {
        // Java's non-short-circuit '|' over a quarter million operands, the last one deciding.
        assertEquals(List.of("assertion-vacuous@6"), only("assertion-vacuous", detect("src/test/java/org/acme/ATest.java",
                "assertTrue(" + "a | ".repeat(MIB / 4) + "true);")));
        // A comparison chain of literals is no comparison of two literals.
        assertEquals(List.of(), only("assertion-vacuous", detect("tests/test_a.py", "assert x or " + "1 == ".repeat(MIB / 5) + "1")));
        // A condition of two hundred thousand comparisons, a switch arm on a mebibyte line, a value-on-the-next-line chain.
        assertEquals(List.of(), only("test-input-special-cased", detect("pkg/a.py", "if " + "n == 2 and ".repeat(MIB / 11) + "n == 3: return 4",
                "match x:", "    case " + ":".repeat(MIB), "        return 2")));
        String[] flags = new String[20_000];
        java.util.Arrays.fill(flags, "    --ignore --deselect");
        assertEquals(List.of(), only("tests-deselected", detect("pytest.ini", flags)));
        assertEquals(List.of(), only("tests-deselected", detect("package.json", "\"test\": \"jest -t '" + "(?".repeat(MIB) + "'\"")));
    }
}
