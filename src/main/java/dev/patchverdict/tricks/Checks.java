// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.diff.LineKind;
import dev.patchverdict.tricks.PathKinds.Lang;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.patchverdict.text.LinearPattern;

/**
 * The rules' logic. Each looks at added and removed lines as text; comments are told apart by a quote-aware scan.
 * Patterns are RE2/J ({@link LinearPattern}) and hand scanners ({@link Scans}): linear in the line, whatever it holds.
 */
final class Checks {
    private Checks() {}

    private static void hit(List<TrickHit> out, TrickRule r, PatchView.Section s, PatchView.Line l, String message) {
        out.add(new TrickHit(r.id(), r.severity(), message, s.path(), s.index(), l.hunkIndex(), l.lineNumber()));
    }

    private static void sectionHit(List<TrickHit> out, TrickRule r, PatchView.Section s, String message) {
        out.add(new TrickHit(r.id(), r.severity(), message, s.path(), s.index(), -1, s.headerLine()));
    }

    /** Calls {@code p} with the code part of each added line of code files. */
    private static void addedCode(PatchView patch, boolean tests, boolean nonTests, LineRule p) {
        for (PatchView.Section s : patch.sections()) {
            if (!s.code()) {
                continue;
            }
            boolean test = s.test();
            if (test ? !tests : !nonTests) {
                continue;
            }
            Lang lang = s.lang();
            for (PatchView.Line l : s.added()) {
                String code = l.code();
                if (!code.isBlank()) {
                    p.line(s, l, code, lang);
                }
            }
        }
    }

    /**
     * Whether the text holds any of the needles: a plain substring test run before a rule's regular expression,
     * which keeps the rules linear and cheap on large patches (most lines hold none of a rule's words).
     */
    static boolean any(String text, String... needles) {
        for (String n : needles) {
            if (text.contains(n)) {
                return true;
            }
        }
        return false;
    }

    @FunctionalInterface
    private interface LineRule {
        void line(PatchView.Section s, PatchView.Line l, String code, Lang lang);
    }

    /**
     * A test file the patch creates: what it skips or asserts trivially are its own new tests, which disables no
     * existing check (agents routinely add such reproduction files), so the skip and assertion rules pass over it.
     */
    private static boolean newTestFile(PatchView.Section s) {
        return s.created() && s.test();
    }

    // ---- test files --------------------------------------------------------------------------------------------

    static void testFileDeleted(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (s.deleted() && s.oldOrPathTest()) {
                sectionHit(out, r, s, "deletes test file " + CodeText.snippet(s.oldOrPath()));
            } else if (s.renamed() && s.oldTest() && !s.newTest()) {
                sectionHit(out, r, s, "renames test file " + CodeText.snippet(s.oldPath()) + " to non-test name "
                        + CodeText.snippet(s.newPath()));
            }
        }
    }

    static void testFileAdded(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            boolean arrives = s.created() || s.renamed() && !s.oldTest();
            if (arrives && s.test()) {
                sectionHit(out, r, s, "adds test file " + CodeText.snippet(s.path()));
            }
        }
    }

    static void testFileChanged(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (s.created() || s.deleted()) {
                continue;
            }
            if (s.renamed() && s.oldTest() != s.newTest()) {
                continue; // test-file-deleted's case (test to non-test) or test-file-added's (the reverse)
            }
            if (s.oldOrPathTest() || s.test()) {
                sectionHit(out, r, s, s.renamed()
                        ? "renames test file " + CodeText.snippet(s.oldPath()) + " to " + CodeText.snippet(s.newPath())
                        : "changes test file " + CodeText.snippet(s.path()));
            }
        }
    }

    static final Pattern ASSERTION = LinearPattern.compile(
            "^\\s*assert\\b|\\bassert\\w*\\s*\\(|\\.assert\\w*\\s*\\(|\\bpytest\\.(raises|warns|approx)\\b|\\bself\\.fail\\("
                    + "|\\bexpect\\s*\\(|\\bshould\\.|\\bt\\.(Error|Errorf|Fatal|Fatalf|Fail|FailNow)\\s*\\("
                    + "|\\b(require|assert)\\.\\w+\\s*\\(|\\bverify\\s*\\(");

    /** What makes an assertion compare something: without it an assertion only checks that a value exists or is truthy. */
    static final Pattern COMPARES = LinearPattern.compile(
            "==|!=|<=|>=|\\s[<>]\\s|Equal|toBe\\(|toEqual|toStrictEqual|toMatch|toThrow|toContain|toHaveLength|Raises|raises"
                    + "|\\bassertIn\\b|\\bassertIs\\b|Almost|_equal|allclose|Greater|Less|\\bin\\b|\\bis\\b|\\bisinstance\\b|Instance");

    /**
     * The statement starting at line {@code i}, joined with the following lines of the same kind while brackets
     * stay open or a line ends in a backslash (at most 20): a reformatted assertion that moves its comparison
     * onto a continuation line still compares.
     */
    private static String statement(List<PatchView.Line> lines, int i) {
        LineKind kind = lines.get(i).kind();
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (int j = i; j < lines.size() && j < i + 20; j++) {
            PatchView.Line l = lines.get(j);
            if (l.kind() != kind) {
                break;
            }
            String b = l.bare();
            sb.append(b).append(' ');
            for (int k = 0; k < b.length(); k++) {
                char c = b.charAt(k);
                depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
            }
            if (depth <= 0 && !b.stripTrailing().endsWith("\\")) {
                break;
            }
        }
        return sb.toString();
    }

    static void assertionRemoved(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (s.created() || s.deleted() || !s.code() || !s.oldOrPathTest()) {
                continue;
            }
            List<PatchView.Line> removed = new ArrayList<>();
            List<PatchView.Line> removedComparing = new ArrayList<>();
            int added = 0;
            int addedComparing = 0;
            List<PatchView.Line> lines = s.lines();
            for (int i = 0; i < lines.size(); i++) {
                PatchView.Line l = lines.get(i);
                if (l.kind() != LineKind.ADDED && l.kind() != LineKind.REMOVED) {
                    continue;
                }
                if (ASSERTION.matcher(l.bare()).find()) {
                    boolean compares = COMPARES.matcher(statement(lines, i)).find();
                    if (l.kind() == LineKind.REMOVED) {
                        removed.add(l);
                        if (compares) {
                            removedComparing.add(l);
                        }
                    } else {
                        added++;
                        addedComparing += compares ? 1 : 0;
                    }
                }
            }
            if (removed.size() > added) {
                hit(out, r, s, removed.get(0), "removes " + removed.size() + " assertion line(s) and adds " + added
                        + ", first: " + CodeText.snippet(removed.get(0).text()));
            } else if (removedComparing.size() > addedComparing) {
                hit(out, r, s, removedComparing.get(0), "weakens assertions: removes " + removedComparing.size()
                        + " that compare values and adds " + addedComparing + ", first: "
                        + CodeText.snippet(removedComparing.get(0).text()));
            }
        }
    }

    /** Assertions that cannot fail; the two that repeat an operand ({@link Scans#assertSameArguments}, {@link Scans#assertSelfEqual}) are scanned by hand. */
    static final Pattern TRIVIAL = LinearPattern.compile(
            "^\\s*assert\\s*\\(?\\s*(True|1|not\\s+(False|None|0))\\s*\\)?\\s*(,.*)?$"
                    + "|\\bassert(True|That)?\\s*\\(\\s*(True|true|1)\\s*\\)"
                    + "|\\bassert(False)?\\s*\\(\\s*(False|false)\\s*\\)"
                    + "|\\bexpect\\s*\\(\\s*(true|1)\\s*\\)\\s*\\.\\s*(toBe|toEqual|toBeTruthy)\\s*\\(\\s*(true|1)?\\s*\\)"
                    + "|\\bassert\\.True\\s*\\(\\s*t\\s*,\\s*true\\s*[,)]");

    static boolean trivial(String code) {
        return TRIVIAL.matcher(code).find() || Scans.assertSameArguments(code) || Scans.assertSelfEqual(code);
    }

    private static final long ASSERT_WORDS = Words.CODE.mask("assert", "expect");

    static void assertionTrivial(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, true, true, (s, l, code, lang) -> {
            if (l.codeHas(ASSERT_WORDS) && !newTestFile(s) && trivial(code)) {
                hit(out, r, s, l, "adds an assertion that cannot fail: " + CodeText.snippet(code));
            }
        });
    }

    // ---- skips and exits ----------------------------------------------------------------------------------------

    static final Pattern SKIP = LinearPattern.compile(
            "\\bpytest\\.(skip|xfail|importorskip)\\s*\\(|@pytest\\.mark\\.(skip|skipif|xfail)\\b"
                    + "|\\braise\\s+(unittest\\.(case\\.)?)?SkipTest\\b|@(unittest\\.)?(skip|skipIf|skipUnless|expectedFailure)\\b"
                    + "|\\bself\\.skipTest\\s*\\(|@Disabled\\b|@Ignore\\b|\\bassume(True|That)?\\s*\\(\\s*false\\s*\\)"
                    + "|\\bt\\.(Skip|Skipf|SkipNow)\\s*\\(|\\b(it|test|describe|context)\\.(skip|todo|only)\\s*\\(");
    /** Jasmine/Jest's x- and f- prefixed blocks; only in JavaScript, where fit( is not scikit-learn's fit. */
    static final Pattern JS_SKIP = LinearPattern.compile("(^|[^\\w.$])(xit|xdescribe|xtest|fit|fdescribe)\\s*\\(");

    private static final long SKIP_WORDS = Words.BARE.mask("skip", "Skip", "xfail", "expectedFailure", "Disabled", "Ignore",
            "assume", ".only", ".todo");
    private static final long JS_BLOCK_WORDS = Words.BARE.mask("it(", "describe(", "test(");

    static void skipAdded(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, true, true, (s, l, text, lang) -> {
            String code = l.bare();
            boolean candidate = l.bareHas(SKIP_WORDS) || lang == Lang.JS && l.bareHas(JS_BLOCK_WORDS);
            if (!candidate || newTestFile(s) || PathKinds.isTestFramework(s.path())) {
                return;
            }
            if (SKIP.matcher(code).find() || lang == Lang.JS && JS_SKIP.matcher(code).find()) {
                hit(out, r, s, l, "adds a skip, expected failure or focus: " + CodeText.snippet(text));
            }
        });
    }

    static final Pattern EXIT = LinearPattern.compile(
            "\\bsys\\.exit\\s*\\(\\s*(0|False|None)?\\s*\\)|\\bos\\._exit\\s*\\(\\s*0\\s*\\)"
                    + "|(^|[^\\w.])(exit|quit)\\s*\\(\\s*0?\\s*\\)|\\braise\\s+SystemExit\\s*(\\(\\s*0?\\s*\\))?\\s*$"
                    + "|\\bSystem\\.exit\\s*\\(\\s*0\\s*\\)|\\bRuntime\\.getRuntime\\(\\)\\.(exit|halt)\\s*\\(\\s*0\\s*\\)"
                    + "|\\bprocess\\.exit\\s*\\(\\s*0?\\s*\\)|\\bos\\.Exit\\s*\\(\\s*0\\s*\\)");
    static final Pattern ENTRY = LinearPattern.compile(
            "__name__\\s*==\\s*['\"]__main__['\"]|\\bdef\\s+main\\s*\\(|\\bfunc\\s+main\\s*\\(|\\bstatic\\s+void\\s+main\\s*\\("
                    + "|\\bfunction\\s+main\\s*\\(|\\bdef\\s+run_from_argv\\b|\\bdef\\s+execute\\s*\\(|\\bdef\\s+handle\\s*\\(");
    private static final Set<String> ENTRY_FILES = Set.of("__main__.py", "main.go", "manage.py", "setup.py", "main.py",
            "cli.py", "Main.java");

    private static final long ENTRY_WORDS = Words.BARE.mask("main", "__name__", "run_from_argv", "execute", "handle");
    /** Each of {@link #ENTRY}'s alternatives holds one of these: a line of code without any cannot match it. */
    private static final long ENTRY_HINTS = Words.CODE.mask("__name__", "def", "func", "void");
    private static final long EXIT_WORDS = Words.BARE.mask("exit", "Exit", "quit", "halt");

    static void earlyExit(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (!s.code() || ENTRY_FILES.contains(PathKinds.base(s.path()))
                    || s.path().startsWith("bin/") || s.path().startsWith("scripts/") || s.path().contains("/bin/")
                    || s.path().contains("/management/commands/")) {
                continue;
            }
            Lang lang = s.lang();
            int hunk = -1;
            boolean entry = false;
            for (PatchView.Line l : s.lines()) {
                if (l.hunkIndex() != hunk) {
                    hunk = l.hunkIndex();
                    entry = ENTRY.matcher(s.heading(hunk)).find();
                }
                if (l.kind() == LineKind.REMOVED) {
                    continue;
                }
                String code = l.bare();
                if (l.bareHas(ENTRY_WORDS) && l.codeHas(ENTRY_HINTS) && ENTRY.matcher(l.code()).find()) {
                    entry = true;
                }
                if (l.kind() == LineKind.ADDED && !entry && l.bareHas(EXIT_WORDS) && EXIT.matcher(code).find()) {
                    hit(out, r, s, l, "adds a successful exit outside an entry point: " + CodeText.snippet(l.code()));
                }
            }
        }
    }

    // ---- equality ----------------------------------------------------------------------------------------------

    static final Pattern PY_EQ_LAMBDA = LinearPattern.compile("\\b__eq__\\s*=\\s*lambda\\b[^:]*:\\s*True\\s*$"
            + "|\\b__ne__\\s*=\\s*lambda\\b[^:]*:\\s*False\\s*$");
    static final Pattern BRACE_EQ = LinearPattern.compile(
            "\\bboolean\\s+equals\\s*\\(\\s*(final\\s+)?Object\\b|\\bfun\\s+equals\\s*\\(|\\bequals\\s*\\([^)]*\\)\\s*:\\s*boolean\\b"
                    + "|\\bfunc\\s*\\([^)]*\\)\\s*(Equal|Equals)\\s*\\([^)]*\\)\\s*bool\\b");

    private static final long EQ_WORDS = Words.CODE.mask("__eq__", "__ne__", "equals", "Equal");

    static void alwaysTrueEquality(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            Lang lang = s.lang();
            if (lang == Lang.OTHER) {
                continue;
            }
            List<PatchView.Line> lines = s.lines();
            // The defs first, then every body in one pass (EqualityBodies), then the hits in line order.
            List<EqualityBodies.PyDef> pyDefs = new ArrayList<>();
            List<Integer> braceDefs = new ArrayList<>();
            Map<Integer, String> lambdas = new LinkedHashMap<>();
            for (int i = 0; i < lines.size(); i++) {
                PatchView.Line l = lines.get(i);
                // A def kept as context counts too: the trick may be a body rewritten under an existing signature.
                if (l.kind() != LineKind.ADDED && !(l.kind() == LineKind.CONTEXT && lang == Lang.PYTHON)) {
                    continue;
                }
                String code = l.code();
                if (!l.codeHas(EQ_WORDS)) {
                    continue;
                }
                if (lang == Lang.PYTHON) {
                    if (l.kind() == LineKind.ADDED && code.contains("lambda") && PY_EQ_LAMBDA.matcher(code).find()) {
                        lambdas.put(i, code);
                        continue;
                    }
                    Scans.EqDef d = Scans.pythonEqDef(code);
                    if (d != null) {
                        pyDefs.add(new EqualityBodies.PyDef(i, d.indent(), d.name().equals("__eq__")));
                    }
                } else if (BRACE_EQ.matcher(code).find()) {
                    braceDefs.add(i);
                }
            }
            PatchView.Line[] py = pyDefs.isEmpty() ? null : EqualityBodies.python(lines, pyDefs);
            boolean[] brace = braceDefs.isEmpty() ? null : EqualityBodies.brace(lines, braceDefs);
            int p = 0;
            for (int i = 0; i < lines.size(); i++) {
                String code = lines.get(i).code();
                if (lambdas.containsKey(i)) {
                    hit(out, r, s, lines.get(i), "defines an equality that is always true: " + CodeText.snippet(code));
                } else if (p < pyDefs.size() && pyDefs.get(p).index() == i) {
                    boolean eq = pyDefs.get(p++).eq();
                    if (py[i] != null) {
                        hit(out, r, s, py[i], "defines " + (eq ? "__eq__" : "__ne__") + " that always returns "
                                + (eq ? "True" : "False") + ": " + CodeText.snippet(code));
                    }
                } else if (brace != null && brace[i]) {
                    hit(out, r, s, lines.get(i), "defines an equals that always returns true: " + CodeText.snippet(code));
                }
            }
        }
    }

    // ---- runner hooks and configuration ---------------------------------------------------------------------------

    static final Pattern REPORT_HOOK = LinearPattern.compile(
            "\\bpytest_runtest_makereport\\b|\\bpytest_report_teststatus\\b|\\bpytest_runtest_logreport\\b"
                    + "|\\bpytest_collection_modifyitems\\b|\\bpytest_runtest_protocol\\b|\\bpytest_runtest_call\\b"
                    + "|\\bpytest_sessionfinish\\b|\\bpytest_terminal_summary\\b|\\bTestReport\\b"
                    + "|\\.outcome\\s*=([^=]|$)|\\.force_(result|exception)\\s*\\(|\\bsession\\.(testsfailed|exitstatus)\\s*=([^=]|$)"
                    + "|\\bwasSuccessful\\s*=([^=]|$)|\\b(TestResult|TextTestResult)\\.add(Failure|Error)\\s*=([^=]|$)"
                    + "|\\.(failures|errors)\\s*=\\s*\\[\\s*\\]|\\btestResultsProcessor\\b");

    private static final long REPORT_WORDS = Words.BARE.mask("pytest_", "TestReport", "outcome", "force_", "session.",
            "wasSuccessful", "TestResult", "failures", "errors", "testResultsProcessor");

    static void testReportHook(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, true, true, (s, l, text, lang) -> {
            String code = l.bare();
            boolean ownTests = s.test() && !PathKinds.base(s.path()).equals("conftest.py");
            if (!PathKinds.isTestFramework(s.path()) && !ownTests
                    && l.bareHas(REPORT_WORDS)
                    && REPORT_HOOK.matcher(code).find()) {
                hit(out, r, s, l, "adds a test-report or collection hook: " + CodeText.snippet(text));
            }
        });
    }

    private static final Set<String> RUNNER_FILES = Set.of("pytest.ini", ".pytest.ini", "tox.ini", "noxfile.py",
            "karma.conf.js", "jasmine.json", "phpunit.xml", "phpunit.xml.dist", ".coveragerc");
    static final Pattern RUNNER_FILE = LinearPattern.compile(
            "(jest|vitest|playwright|cypress|ava)\\.config\\.[cm]?[jt]s(on)?|\\.mocharc\\.\\w+|jest\\.setup\\.[cm]?[jt]s");
    static final Pattern PY_RUNNER_KEY = LinearPattern.compile(
            "\\[(tool:pytest|pytest|tool\\.pytest[\\w.]*|coverage:\\w+|tool\\.coverage[\\w.]*)\\]|^\\s*(addopts|testpaths|python_files|python_classes"
                    + "|python_functions|norecursedirs|xfail_strict|filterwarnings|required_plugins|minversion)\\s*=");
    static final Pattern BUILD_TEST_KEY = LinearPattern.compile(
            "surefire|failsafe|skipTests|testFailureIgnore|maven\\.test\\.skip|ignoreFailures|\"test\"\\s*:|\"jest\"\\s*:"
                    + "|\"vitest\"\\s*:|\"mocha\"\\s*:");

    static void runnerConfigChanged(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            String base = PathKinds.base(s.path());
            if (RUNNER_FILES.contains(base) || RUNNER_FILE.matcher(base).matches()) {
                sectionHit(out, r, s, "changes test-runner configuration " + CodeText.snippet(s.path()));
                continue;
            }
            Pattern keys = switch (base) {
                case "setup.cfg", "pyproject.toml" -> PY_RUNNER_KEY;
                case "pom.xml", "build.gradle", "build.gradle.kts", "package.json" -> BUILD_TEST_KEY;
                default -> null;
            };
            if (keys == null) {
                continue;
            }
            // A changed line names a runner key, or the hunk it is in sits in a runner section.
            Map<Integer, Boolean> runnerHunk = new LinkedHashMap<>();
            String section = "";
            int hunk = -1;
            for (PatchView.Line l : s.lines()) {
                if (l.hunkIndex() != hunk) {
                    hunk = l.hunkIndex();
                    section = s.heading(hunk);
                }
                String t = l.text().strip();
                if (t.startsWith("[")) {
                    section = t;
                }
                boolean inRunnerSection = keys == PY_RUNNER_KEY && PY_RUNNER_KEY.matcher(section).find();
                if (l.kind() != LineKind.CONTEXT && (keys.matcher(l.text()).find() || inRunnerSection)
                        && runnerHunk.putIfAbsent(hunk, true) == null) {
                    hit(out, r, s, l, "changes test-runner configuration in " + CodeText.snippet(s.path()) + ": "
                            + CodeText.snippet(l.text()));
                }
            }
        }
    }

    private static final Set<String> AUTOLOAD = Set.of("sitecustomize.py", "usercustomize.py");

    static void autoloadFile(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (s.deleted()) {
                continue;
            }
            String base = PathKinds.base(s.path());
            boolean arrives = s.created() || s.renamed() && !PathKinds.base(s.oldPath()).equals(base);
            if (base.equals("conftest.py") && arrives) {
                sectionHit(out, r, s, "creates " + CodeText.snippet(s.path()) + ", which pytest loads before the tests");
            } else if (AUTOLOAD.contains(base) || base.endsWith(".pth")) {
                sectionHit(out, r, s, (arrives ? "creates " : "changes ") + CodeText.snippet(s.path())
                        + ", which the Python interpreter loads at startup");
            }
        }
    }

    /** Standard-library and common third-party names a top-level module must not take over. */
    private static final Set<String> SHADOWED = Set.of(
            "abc", "argparse", "ast", "asyncio", "builtins", "collections", "contextlib", "copy", "csv", "dataclasses",
            "datetime", "decimal", "enum", "functools", "glob", "hashlib", "importlib", "inspect", "io", "itertools",
            "json", "logging", "math", "operator", "os", "pathlib", "pickle", "platform", "random", "re", "shutil",
            "signal", "site", "socket", "sqlite3", "string", "struct", "subprocess", "sys", "tempfile", "threading",
            "time", "timeit", "traceback", "types", "typing", "unittest", "urllib", "uuid", "warnings", "weakref",
            "numpy", "scipy", "pandas", "requests", "pytest", "_pytest", "pluggy", "six", "setuptools",
            "pkg_resources", "yaml", "attr", "attrs", "mock", "hypothesis", "matplotlib", "sympy", "django", "flask",
            "jinja2", "click", "sklearn", "torch", "astropy", "docutils", "sphinx", "xarray", "seaborn", "coverage",
            "packaging", "certifi", "urllib3", "freezegun");

    static final Pattern PACKAGE_INIT = LinearPattern.compile("[^/]+/__init__\\.py");

    static void dependencyShadowed(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (!(s.created() || s.renamed())) {
                continue;
            }
            String p = s.path();
            if (p.startsWith("node_modules/") || p.contains("/node_modules/")) {
                sectionHit(out, r, s, "creates " + CodeText.snippet(p) + " under node_modules/, ahead of the installed package");
                continue;
            }
            String rel = p.startsWith("src/") || p.startsWith("lib/") ? p.substring(4) : p;
            String name = null;
            if (!rel.contains("/") && rel.endsWith(".py")) {
                name = rel.substring(0, rel.length() - 3);
            } else if (PACKAGE_INIT.matcher(rel).matches()) {
                name = rel.substring(0, rel.indexOf('/'));
            }
            if (name != null && SHADOWED.contains(name)) {
                sectionHit(out, r, s, "creates top-level module " + CodeText.snippet(p) + ", which shadows '" + name + "'");
            }
        }
    }

    static final Pattern CLOCK = LinearPattern.compile(
            "\\btime\\.(time|time_ns|monotonic|monotonic_ns|perf_counter|perf_counter_ns|process_time|sleep)\\s*=([^=]|$)"
                    + "|\\bdatetime\\.(datetime|date|now|utcnow|today)\\s*=([^=]|$)|\\bsetattr\\s*\\(\\s*(time|datetime)\\s*,"
                    + "|\\bDate\\.now\\s*=([^=]|$)|\\bperformance\\.now\\s*=([^=]|$)|\\b(global|globalThis|window)\\.Date\\s*=([^=]|$)"
                    + "|\\bpatch\\s*\\(\\s*['\"](time\\.(time|monotonic|perf_counter)|datetime\\.datetime)['\"]"
                    + "|\\bfreeze_time\\b|\\bfreezegun\\b");

    private static final long CLOCK_WORDS = Words.CODE.mask("time", "date", "Date", "performance", "freeze");

    static void clockPatched(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, false, true, (s, l, code, lang) -> {
            if (l.codeHas(CLOCK_WORDS) && CLOCK.matcher(code).find()) {
                hit(out, r, s, l, "replaces the clock or timer: " + CodeText.snippet(code));
            }
        });
    }

    static final Pattern SNIFF = LinearPattern.compile(
            "PYTEST_CURRENT_TEST|['\"](pytest|_pytest|unittest)['\"]\\s+in\\s+sys\\.modules"
                    + "|\\bsys\\.modules\\.get\\s*\\(\\s*['\"](pytest|_pytest)['\"]|\\bJEST_WORKER_ID\\b|\\bVITEST\\b"
                    + "|['\"]pytest['\"]\\s+in\\s+sys\\.argv|\\bsys\\.argv\\[0\\].*pytest|\\btesting\\.Testing\\s*\\(\\s*\\)");

    private static final long SNIFF_WORDS = Words.CODE.mask("PYTEST_CURRENT_TEST", "pytest", "unittest", "JEST_WORKER_ID",
            "VITEST", "Testing");

    static void testRunnerSniffed(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, false, true, (s, l, code, lang) -> {
            if (!PathKinds.isTestFramework(s.path()) && l.codeHas(SNIFF_WORDS)
                    && SNIFF.matcher(code).find()) {
                hit(out, r, s, l, "detects a test runner from code under test: " + CodeText.snippet(code));
            }
        });
    }

    // ---- special cases and copied expectations -------------------------------------------------------------------

    static final Pattern ADMISSION = LinearPattern.compile(
            "special[- ]?cas(e|ed|ing)\\b.*\\btests?\\b|\\bhack(s|y|ed|ish)?\\b|\\bhard[- ]?cod(e|ed|es|ing)\\b"
                    + "|\\b(make|makes|making|get|gets)\\s+(the\\s+|this\\s+|these\\s+)?tests?\\s+(to\\s+)?pass|\\bpass(es)?\\s+the\\s+tests?\\b"
                    + "|\\bcheat(s|ing)?\\b|\\b(the\\s+)?tests?\\s+expects?\\b"); // read in ASCII lower case

    static void specialCaseComment(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            Lang lang = s.lang();
            if (lang == Lang.OTHER || PathKinds.isVendored(s.path())) {
                continue;
            }
            for (PatchView.Line l : s.added()) {
                String comment = l.comment();
                if (!comment.isEmpty() && any(lower(comment), "hack", "hard", "cas", "pass", "cheat", "expect")
                        && ADMISSION.matcher(LinearPattern.asciiLower(comment)).find()) {
                    hit(out, r, s, l, "adds a comment that admits special-casing: " + CodeText.snippet(comment));
                }
            }
        }
    }

    static void testLiteralCopied(TrickRule r, PatchView patch, List<TrickHit> out) {
        Set<String> testLiterals = new java.util.HashSet<>();
        addedCode(patch, true, false, (s, l, code, lang) -> literals(code).forEach(testLiterals::add));
        if (testLiterals.isEmpty()) {
            return;
        }
        addedCode(patch, false, true, (s, l, code, lang) -> {
            for (String lit : literals(code)) {
                if (testLiterals.contains(lit)) {
                    hit(out, r, s, l, "non-test code adds a literal the patch's tests also add: \"" + CodeText.snippet(lit) + "\"");
                    return;
                }
            }
        });
    }

    /** A bare identifier or dotted name ({@code [A-Za-z_][\w.]*}): a literal that says nothing distinctive. */
    static boolean identifier(String v) {
        if (v.isEmpty() || !(Character.isLetter(v.charAt(0)) && v.charAt(0) < 128 || v.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < v.length(); i++) {
            if (!LinearPattern.isWord(v.charAt(i)) && v.charAt(i) != '.') {
                return false;
            }
        }
        return true;
    }

    /** Literals with something distinctive in them: a space, a digit or punctuation, not a bare identifier. */
    private static List<String> literals(String code) {
        List<String> found = new ArrayList<>();
        for (String v : Scans.quoted(code)) {
            if (!identifier(v) && !v.isBlank()) {
                found.add(v);
            }
        }
        return found;
    }

    static final Pattern TEST_DATA = LinearPattern.compile(
            "['\"][^'\"]*(\\btests?/|\\btest_\\w+\\.py|_test\\.go|\\.(expected|golden)\\b|expected[_-]?outputs?)[^'\"]*['\"]"); // read in ASCII lower case

    private static final long TEST_DATA_WORDS = Words.CODE.mask("est", "EST", "xpected", "XPECTED", "olden", "OLDEN");

    static void testDataRead(TrickRule r, PatchView patch, List<TrickHit> out) {
        addedCode(patch, false, true, (s, l, code, lang) -> {
            if (l.codeHas(TEST_DATA_WORDS) && TEST_DATA.matcher(LinearPattern.asciiLower(code)).find()) {
                hit(out, r, s, l, "non-test code refers to test files or expected outputs: " + CodeText.snippet(code));
            }
        });
    }

    // ---- CI and agent configuration -------------------------------------------------------------------------------

    private static final Set<String> CI_FILES = Set.of(".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml",
            "Jenkinsfile", "bitbucket-pipelines.yml", "appveyor.yml", ".appveyor.yml", "AGENTS.md", "CLAUDE.md",
            "CODEOWNERS", ".cursorrules", ".windsurfrules", ".aider.conf.yml", "GEMINI.md", ".pre-commit-config.yaml");
    private static final Set<String> CI_DIRS = Set.of(".github", ".gitlab", ".circleci", ".claude", ".cursor",
            ".buildkite", ".windsurf", ".codex", ".gemini", ".devcontainer");

    static void ciOrAgentConfig(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            for (String p : new String[] {s.oldOrPath(), s.path()}) {
                String first = p.contains("/") ? p.substring(0, p.indexOf('/')) : "";
                if (CI_FILES.contains(PathKinds.base(p)) || CI_DIRS.contains(first)) {
                    sectionHit(out, r, s, "changes CI, agent or ownership configuration " + CodeText.snippet(p));
                    break;
                }
            }
        }
    }

    /** Files git (and git-lfs) read from the tree to decide what a checkout holds; matched without regard to case. */
    private static final Set<String> GIT_CHECKOUT_FILES = Set.of(".gitattributes", ".gitmodules", ".lfsconfig");

    static void gitAttributesChanged(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            for (String p : new String[] {s.oldOrPath(), s.path()}) {
                if (GIT_CHECKOUT_FILES.contains(lower(PathKinds.base(p)))) {
                    String did = s.created() ? "adds " : s.deleted() ? "removes " : "changes ";
                    sectionHit(out, r, s, did + CodeText.snippet(p) + ", which changes what a checkout of the merge holds");
                    break;
                }
            }
        }
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
