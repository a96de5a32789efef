// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.text.LinearPattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rules' patterns moved from java.util.regex (backtracking: hours on a line built for it) to RE2/J and hand
 * scanners. Each new matcher gives what the pattern it replaced gave (match or not, and every value read back) on
 * every added and removed line of the shared corpus and on generated lines full of the rules' own words, blanks, quotes, brackets
 * and line terminators. The old patterns are kept here, and only here, as the oracle. Generated text is ASCII
 * plus a few terminators: next to a non-ASCII letter RE2's word boundary differs on purpose (ASCII words).
 */
class TrickPatternParityTest {
    private static final java.util.regex.Pattern ASSERTION = java.util.regex.Pattern.compile(
            "^\\s*assert\\b|\\bassert\\w*\\s*\\(|\\.assert\\w*\\s*\\(|\\bpytest\\.(raises|warns|approx)\\b|\\bself\\.fail\\("
                    + "|\\bexpect\\s*\\(|\\bshould\\.|\\bt\\.(Error|Errorf|Fatal|Fatalf|Fail|FailNow)\\s*\\("
                    + "|\\b(require|assert)\\.\\w+\\s*\\(|\\bverify\\s*\\(");
    private static final java.util.regex.Pattern COMPARES = java.util.regex.Pattern.compile(
            "==|!=|<=|>=|\\s[<>]\\s|Equal|toBe\\(|toEqual|toStrictEqual|toMatch|toThrow|toContain|toHaveLength|Raises|raises"
                    + "|\\bassertIn\\b|\\bassertIs\\b|Almost|_equal|allclose|Greater|Less|\\bin\\b|\\bis\\b|\\bisinstance\\b|Instance");
    private static final java.util.regex.Pattern TRIVIAL = java.util.regex.Pattern.compile(
            "^\\s*assert\\s*\\(?\\s*(True|1|not\\s+(False|None|0))\\s*\\)?\\s*(,.*)?$"
                    + "|\\bassert(True|That)?\\s*\\(\\s*(True|true|1)\\s*\\)"
                    + "|\\bassert(False)?\\s*\\(\\s*(False|false)\\s*\\)"
                    + "|\\bassert(Equal|Equals|Same)\\s*\\(\\s*(?<a>[^,()]+?)\\s*,\\s*\\k<a>\\s*\\)"
                    + "|^\\s*assert\\s+(?<b>[\\w.\\[\\]'\"]+)\\s*==\\s*\\k<b>\\s*$"
                    + "|\\bexpect\\s*\\(\\s*(true|1)\\s*\\)\\s*\\.\\s*(toBe|toEqual|toBeTruthy)\\s*\\(\\s*(true|1)?\\s*\\)"
                    + "|\\bassert\\.True\\s*\\(\\s*t\\s*,\\s*true\\s*[,)]");
    private static final java.util.regex.Pattern SKIP = java.util.regex.Pattern.compile(
            "\\bpytest\\.(skip|xfail|importorskip)\\s*\\(|@pytest\\.mark\\.(skip|skipif|xfail)\\b"
                    + "|\\braise\\s+(unittest\\.(case\\.)?)?SkipTest\\b|@(unittest\\.)?(skip|skipIf|skipUnless|expectedFailure)\\b"
                    + "|\\bself\\.skipTest\\s*\\(|@Disabled\\b|@Ignore\\b|\\bassume(True|That)?\\s*\\(\\s*false\\s*\\)"
                    + "|\\bt\\.(Skip|Skipf|SkipNow)\\s*\\(|\\b(it|test|describe|context)\\.(skip|todo|only)\\s*\\(");
    private static final java.util.regex.Pattern JS_SKIP = java.util.regex.Pattern.compile("(^|[^\\w.$])(xit|xdescribe|xtest|fit|fdescribe)\\s*\\(");
    private static final java.util.regex.Pattern EXIT = java.util.regex.Pattern.compile(
            "\\bsys\\.exit\\s*\\(\\s*(0|False|None)?\\s*\\)|\\bos\\._exit\\s*\\(\\s*0\\s*\\)"
                    + "|(^|[^\\w.])(exit|quit)\\s*\\(\\s*0?\\s*\\)|\\braise\\s+SystemExit\\s*(\\(\\s*0?\\s*\\))?\\s*$"
                    + "|\\bSystem\\.exit\\s*\\(\\s*0\\s*\\)|\\bRuntime\\.getRuntime\\(\\)\\.(exit|halt)\\s*\\(\\s*0\\s*\\)"
                    + "|\\bprocess\\.exit\\s*\\(\\s*0?\\s*\\)|\\bos\\.Exit\\s*\\(\\s*0\\s*\\)");
    private static final java.util.regex.Pattern ENTRY = java.util.regex.Pattern.compile(
            "__name__\\s*==\\s*['\"]__main__['\"]|\\bdef\\s+main\\s*\\(|\\bfunc\\s+main\\s*\\(|\\bstatic\\s+void\\s+main\\s*\\("
                    + "|\\bfunction\\s+main\\s*\\(|\\bdef\\s+run_from_argv\\b|\\bdef\\s+execute\\s*\\(|\\bdef\\s+handle\\s*\\(");
    private static final java.util.regex.Pattern PY_EQ = java.util.regex.Pattern.compile("^(\\s*)(async\\s+)?def\\s+(__eq__|__ne__)\\s*\\(");
    private static final java.util.regex.Pattern PY_EQ_LAMBDA = java.util.regex.Pattern.compile("\\b__eq__\\s*=\\s*lambda\\b[^:]*:\\s*True\\s*$"
            + "|\\b__ne__\\s*=\\s*lambda\\b[^:]*:\\s*False\\s*$");
    private static final java.util.regex.Pattern PY_RETURN = java.util.regex.Pattern.compile("^\\s*return\\b\\s*(.*?)\\s*$");
    private static final java.util.regex.Pattern BRACE_EQ = java.util.regex.Pattern.compile(
            "\\bboolean\\s+equals\\s*\\(\\s*(final\\s+)?Object\\b|\\bfun\\s+equals\\s*\\(|\\bequals\\s*\\([^)]*\\)\\s*:\\s*boolean\\b"
                    + "|\\bfunc\\s*\\([^)]*\\)\\s*(Equal|Equals)\\s*\\([^)]*\\)\\s*bool\\b");
    private static final java.util.regex.Pattern BRACE_RETURN = java.util.regex.Pattern.compile("\\breturn\\b\\s*([^;}]*?)\\s*;?\\s*(}|$)");
    private static final java.util.regex.Pattern REPORT_HOOK = java.util.regex.Pattern.compile(
            "\\bpytest_runtest_makereport\\b|\\bpytest_report_teststatus\\b|\\bpytest_runtest_logreport\\b"
                    + "|\\bpytest_collection_modifyitems\\b|\\bpytest_runtest_protocol\\b|\\bpytest_runtest_call\\b"
                    + "|\\bpytest_sessionfinish\\b|\\bpytest_terminal_summary\\b|\\bTestReport\\b"
                    + "|\\.outcome\\s*=(?!=)|\\.force_(result|exception)\\s*\\(|\\bsession\\.(testsfailed|exitstatus)\\s*=(?!=)"
                    + "|\\bwasSuccessful\\s*=(?!=)|\\b(TestResult|TextTestResult)\\.add(Failure|Error)\\s*=(?!=)"
                    + "|\\.(failures|errors)\\s*=\\s*\\[\\s*\\]|\\btestResultsProcessor\\b");
    private static final java.util.regex.Pattern RUNNER_FILE = java.util.regex.Pattern.compile(
            "(jest|vitest|playwright|cypress|ava)\\.config\\.[cm]?[jt]s(on)?|\\.mocharc\\.\\w+|jest\\.setup\\.[cm]?[jt]s");
    private static final java.util.regex.Pattern PY_RUNNER_KEY = java.util.regex.Pattern.compile(
            "\\[(tool:pytest|pytest|tool\\.pytest[\\w.]*|coverage:\\w+|tool\\.coverage[\\w.]*)\\]|^\\s*(addopts|testpaths|python_files|python_classes"
                    + "|python_functions|norecursedirs|xfail_strict|filterwarnings|required_plugins|minversion)\\s*=");
    private static final java.util.regex.Pattern BUILD_TEST_KEY = java.util.regex.Pattern.compile(
            "surefire|failsafe|skipTests|testFailureIgnore|maven\\.test\\.skip|ignoreFailures|\"test\"\\s*:|\"jest\"\\s*:"
                    + "|\"vitest\"\\s*:|\"mocha\"\\s*:");
    private static final java.util.regex.Pattern PACKAGE_INIT = java.util.regex.Pattern.compile("[^/]+/__init__\\.py");
    private static final java.util.regex.Pattern CLOCK = java.util.regex.Pattern.compile(
            "\\btime\\.(time|time_ns|monotonic|monotonic_ns|perf_counter|perf_counter_ns|process_time|sleep)\\s*=(?!=)"
                    + "|\\bdatetime\\.(datetime|date|now|utcnow|today)\\s*=(?!=)|\\bsetattr\\s*\\(\\s*(time|datetime)\\s*,"
                    + "|\\bDate\\.now\\s*=(?!=)|\\bperformance\\.now\\s*=(?!=)|\\b(global|globalThis|window)\\.Date\\s*=(?!=)"
                    + "|\\bpatch\\s*\\(\\s*['\"](time\\.(time|monotonic|perf_counter)|datetime\\.datetime)['\"]"
                    + "|\\bfreeze_time\\b|\\bfreezegun\\b");
    private static final java.util.regex.Pattern SNIFF = java.util.regex.Pattern.compile(
            "PYTEST_CURRENT_TEST|['\"](pytest|_pytest|unittest)['\"]\\s+in\\s+sys\\.modules"
                    + "|\\bsys\\.modules\\.get\\s*\\(\\s*['\"](pytest|_pytest)['\"]|\\bJEST_WORKER_ID\\b|\\bVITEST\\b"
                    + "|['\"]pytest['\"]\\s+in\\s+sys\\.argv|\\bsys\\.argv\\[0\\].*pytest|\\btesting\\.Testing\\s*\\(\\s*\\)");
    private static final java.util.regex.Pattern ADMISSION = java.util.regex.Pattern.compile(
            "special[- ]?cas(e|ed|ing)\\b.*\\btests?\\b|\\bhack(s|y|ed|ish)?\\b|\\bhard[- ]?cod(e|ed|es|ing)\\b"
                    + "|\\b(make|makes|making|get|gets)\\s+(the\\s+|this\\s+|these\\s+)?tests?\\s+(to\\s+)?pass|\\bpass(es)?\\s+the\\s+tests?\\b"
                    + "|\\bcheat(s|ing)?\\b|\\b(the\\s+)?tests?\\s+expects?\\b",
            java.util.regex.Pattern.CASE_INSENSITIVE);
    private static final java.util.regex.Pattern LITERAL = java.util.regex.Pattern.compile("\"((?:[^\"\\\\]|\\\\.){8,200})\"|'((?:[^'\\\\]|\\\\.){8,200})'");
    private static final java.util.regex.Pattern IDENTIFIER = java.util.regex.Pattern.compile("[A-Za-z_][\\w.]*");
    private static final java.util.regex.Pattern TEST_DATA = java.util.regex.Pattern.compile(
            "['\"][^'\"]*(\\btests?/|\\btest_\\w+\\.py|_test\\.go|\\.(expected|golden)\\b|expected[_-]?outputs?)[^'\"]*['\"]",
            java.util.regex.Pattern.CASE_INSENSITIVE);
    private static final java.util.regex.Pattern TEST_FILE = java.util.regex.Pattern.compile(
            "test_.*\\.py|.*_tests?\\.py|tests\\.py|conftest\\.py"
                    + "|.*(Test|Tests|IT|TestCase)\\.(java|kt|scala|groovy)"
                    + "|.*\\.(test|spec)\\.([cm]?[jt]s|[jt]sx)"
                    + "|.*_test\\.go"
                    + "|.*_spec\\.rb|.*_test\\.rb"
                    + "|.*_test\\.rs");
    private static final java.util.regex.Pattern JS_FILE = java.util.regex.Pattern.compile(".*\\.[cm]?[jt]sx?");

    /** What each rule's pattern is asked, old and new. */
    private static final Map<String, Function<String, Object>> OLD = new java.util.LinkedHashMap<>();
    private static final Map<String, Function<String, Object>> NEW = new java.util.LinkedHashMap<>();

    private static void pair(String name, java.util.regex.Pattern old, com.google.re2j.Pattern now) {
        OLD.put(name, s -> old.matcher(s).find());
        NEW.put(name, s -> now.matcher(s).find());
    }

    static {
        pair("ASSERTION", ASSERTION, Checks.ASSERTION);
        pair("COMPARES", COMPARES, Checks.COMPARES);
        pair("SKIP", SKIP, Checks.SKIP);
        pair("JS_SKIP", JS_SKIP, Checks.JS_SKIP);
        pair("EXIT", EXIT, Checks.EXIT);
        pair("ENTRY", ENTRY, Checks.ENTRY);
        pair("PY_EQ_LAMBDA", PY_EQ_LAMBDA, Checks.PY_EQ_LAMBDA);
        pair("BRACE_EQ", BRACE_EQ, Checks.BRACE_EQ);
        pair("REPORT_HOOK", REPORT_HOOK, Checks.REPORT_HOOK);
        pair("PY_RUNNER_KEY", PY_RUNNER_KEY, Checks.PY_RUNNER_KEY);
        pair("BUILD_TEST_KEY", BUILD_TEST_KEY, Checks.BUILD_TEST_KEY);
        pair("CLOCK", CLOCK, Checks.CLOCK);
        pair("SNIFF", SNIFF, Checks.SNIFF);
        OLD.put("ADMISSION", s -> ADMISSION.matcher(s).find());
        NEW.put("ADMISSION", s -> Checks.ADMISSION.matcher(LinearPattern.asciiLower(s)).find());
        OLD.put("TEST_DATA", s -> TEST_DATA.matcher(s).find());
        NEW.put("TEST_DATA", s -> Checks.TEST_DATA.matcher(LinearPattern.asciiLower(s)).find());
        OLD.put("TRIVIAL", s -> TRIVIAL.matcher(s).find());
        NEW.put("TRIVIAL", Checks::trivial);
        OLD.put("PY_EQ", s -> {
            Matcher m = PY_EQ.matcher(s);
            return m.find() ? List.of(m.group(1), m.group(3)) : List.of();
        });
        NEW.put("PY_EQ", s -> {
            Scans.EqDef d = Scans.pythonEqDef(s);
            return d == null ? List.of() : List.of(s.substring(0, d.indent()), d.name());
        });
        OLD.put("PY_RETURN", s -> {
            Matcher m = PY_RETURN.matcher(s);
            return m.find() ? m.group(1) : "<none>";
        });
        NEW.put("PY_RETURN", s -> {
            String v = Scans.pythonReturn(s);
            return v == null ? "<none>" : v;
        });
        OLD.put("BRACE_RETURN", s -> {
            List<String> values = new ArrayList<>();
            Matcher m = BRACE_RETURN.matcher(s);
            while (m.find()) {
                values.add(m.group(1));
            }
            return values;
        });
        NEW.put("BRACE_RETURN", s -> {
            List<String> values = new ArrayList<>();
            Scans.braceReturns(s, values::add);
            return values;
        });
        OLD.put("LITERAL", s -> {
            List<String> values = new ArrayList<>();
            Matcher m = LITERAL.matcher(s);
            while (m.find()) {
                values.add(m.group(1) != null ? m.group(1) : m.group(2));
            }
            return values;
        });
        NEW.put("LITERAL", Scans::quoted);
        OLD.put("IDENTIFIER", s -> IDENTIFIER.matcher(s).matches());
        NEW.put("IDENTIFIER", Checks::identifier);
        // Names, matched whole.
        OLD.put("RUNNER_FILE", s -> RUNNER_FILE.matcher(s).matches());
        NEW.put("RUNNER_FILE", s -> Checks.RUNNER_FILE.matcher(s).matches());
        OLD.put("PACKAGE_INIT", s -> PACKAGE_INIT.matcher(s).matches());
        NEW.put("PACKAGE_INIT", s -> Checks.PACKAGE_INIT.matcher(s).matches());
        OLD.put("TEST_FILE", s -> TEST_FILE.matcher(s).matches());
        NEW.put("TEST_FILE", s -> PathKinds.TEST_FILE.matcher(s).matches());
        OLD.put("JS_FILE", s -> JS_FILE.matcher(s).matches());
        NEW.put("JS_FILE", s -> PathKinds.JS_FILE.matcher(s).matches());
    }

    /** The patterns that read whole names (paths, file names, literal values); the others read lines. */
    private static final Set<String> NAMES = Set.of("IDENTIFIER", "RUNNER_FILE", "PACKAGE_INIT", "TEST_FILE", "JS_FILE");

    private static List<String> differences(Iterable<String> inputs, boolean names) {
        List<String> wrong = new ArrayList<>();
        for (String s : inputs) {
            for (String name : OLD.keySet()) {
                if (NAMES.contains(name) != names) {
                    continue;
                }
                Object a = OLD.get(name).apply(s);
                Object b = NEW.get(name).apply(s);
                if (!a.equals(b) && wrong.size() < 20) {
                    wrong.add(name + " on " + dev.patchverdict.text.SafeText.escape(s) + ": was " + a + ", now " + b);
                }
            }
        }
        return wrong;
    }

    @Test
    void everyPatternAgreesOnEveryLineOfTheCorpus() throws IOException {
        Set<String> lines = new LinkedHashSet<>();
        Set<String> names = new LinkedHashSet<>();
        List<Path> patches;
        try (Stream<Path> s = Files.walk(SharedData.corpus())) {
            patches = s.filter(p -> p.toString().endsWith(".patch") && !p.toString().contains("/large/")).sorted().toList();
        }
        for (Path p : patches) {
            for (DiffLine.Snapshot l : DiffReader.readLines(Files.readAllBytes(p), Profile.GIT).lines()) {
                if (l.kind() == dev.patchverdict.diff.LineKind.ADDED || l.kind() == dev.patchverdict.diff.LineKind.REMOVED) {
                    lines.add(l.text());
                }
                names.add(l.path().text());
                names.add(PathKinds.base(l.path().text()));
                names.addAll(Scans.quoted(l.text()));
            }
        }
        // Lines, and their code with comments cut and strings blanked: what the rules read.
        Set<String> inputs = new LinkedHashSet<>();
        for (String l : lines) {
            inputs.add(l);
            inputs.add(CodeText.bare(CodeText.code(l, PathKinds.Lang.PYTHON)));
        }
        assertTrue(inputs.size() > 50_000, "corpus lines read: " + inputs.size());
        System.out.println("pattern parity: " + inputs.size() + " lines and " + names.size() + " names of the corpus");
        assertEquals(List.of(), differences(inputs, false));
        assertEquals(List.of(), differences(names, true));
    }

    private static final String[] WORDS = {
        "return", "true", "True", "false", "False", "None", "NotImplemented", "not", "assert", "assertEqual", "assertEquals",
        "assertSame", "assertTrue", "assertThat", "assertFalse", "assertIn", "assert.True", "expect", "toBe", "toEqual",
        "x", "y", "x.y", "a[0]", "'s'", "\"s\"", "1", "0", "t", "self", "def", "async", "__eq__", "__ne__", "lambda",
        "equals", "boolean", "Object", "final", "fun", "func", "Equal", "bool", "sys.exit", "exit", "quit", "os._exit",
        "raise", "SystemExit", "System.exit", "process.exit", "__name__", "'__main__'", "main", "pytest.skip", "skip",
        "xit", "fit", "it.skip", "@Disabled", "t.Skip", "outcome", ".outcome", "session.exitstatus", "TestReport",
        "time.time", "datetime.now", "Date.now", "freeze_time", "setattr", "PYTEST_CURRENT_TEST", "sys.modules",
        "sys.argv[0]", "'pytest'", "in", "is", "special case", "Special-Cased", "hack", "HACKED", "hard-coded",
        "make the tests pass", "TEST EXPECTS", "cheating", "tests/", "TEST_x.py", "x_test.go", ".expected", "Golden",
        "expected_output", "addopts", "[pytest]", "[tool.pytest.ini_options]", "surefire", "\"jest\":", "abcdefghij",
        "with space inside", "\\", "\\\"", "\\'", "\"", "'", "(", ")", "()", "[", "]", "{", "}", ",", ";", ":", ".",
        "=", "==", "===", "!=", "<", ">", "@", "#", "//", "/*", "*",
    };
    private static final String[] BLANKS = {" ", " ", " ", "", "  ", "\t", "\f", "\u000B", "\r", "\n", "\r\n", "\u0085",
        "\u2028", "\u2029", "   \t "};

    /** Lines put together from the rules' words, blanks and punctuation: 15,000 of them, from a fixed seed. */
    @Test
    void everyPatternAgreesOnGeneratedLines() {
        Random rnd = new Random(20250501L);
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 15_000; i++) {
            StringBuilder sb = new StringBuilder();
            if (rnd.nextInt(3) == 0) {
                sb.append(BLANKS[rnd.nextInt(BLANKS.length)]);
            }
            int n = 1 + rnd.nextInt(10);
            for (int k = 0; k < n; k++) {
                sb.append(WORDS[rnd.nextInt(WORDS.length)]);
                if (rnd.nextInt(3) > 0) {
                    sb.append(BLANKS[rnd.nextInt(BLANKS.length)]);
                }
            }
            if (rnd.nextInt(4) == 0) {
                sb.append(BLANKS[rnd.nextInt(BLANKS.length)]);
            }
            inputs.add(sb.toString());
        }
        assertEquals(List.of(), differences(inputs, false));
        assertEquals(List.of(), differences(inputs, true));
    }
}
