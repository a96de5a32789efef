// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import java.util.Locale;
import java.util.Set;
import com.google.re2j.Pattern;
import dev.patchverdict.text.LinearPattern;
import dev.patchverdict.text.Split;

/** Path conventions: which files are tests, which language a file is in, what a runner loads by itself. */
final class PathKinds {
    private PathKinds() {}

    enum Lang { PYTHON, JAVA, JS, GO, RUBY, OTHER }

    /*
     * The test paths of the swebench protection preset (plan/protection-presets.json), as code: the detectors must
     * not depend on plans. PathConventionsTest holds both against one table of paths, with the reasons where they
     * differ on purpose (folder names here are matched without regard to case).
     */
    private static final Set<String> TEST_DIRS = Set.of("tests", "__tests__", "__test__", "__snapshots__", "testdata", "test_data");
    /** Names that are test folders only at the root or under a top-level src/: django/test/ is Django's library. */
    private static final Set<String> ROOT_TEST_DIRS = Set.of("test", "testing", "spec", "e2e", "integration-tests");
    static final Pattern TEST_FILE = LinearPattern.compile(
            "test_.*\\.py|.*_tests?\\.py|tests\\.py|conftest\\.py"
                    + "|.*(Test|Tests|IT|TestCase)\\.(java|kt|scala|groovy)"
                    + "|.*\\.(test|spec)\\.([cm]?[jt]s|[jt]sx)"
                    + "|.*_test\\.go"
                    + "|.*_spec\\.rb|.*_test\\.rb"
                    + "|.*_test\\.rs");

    static final Pattern JS_FILE = LinearPattern.compile(".*\\.[cm]?[jt]sx?");

    static String base(String path) {
        int i = path.lastIndexOf('/');
        return i < 0 ? path : path.substring(i + 1);
    }

    static boolean isTest(String path) {
        if (path == null) {
            return false;
        }
        String[] seg = Split.on(path, '/');
        for (int i = 0; i < seg.length - 1; i++) {
            String s = seg[i].toLowerCase(Locale.ROOT);
            if (TEST_DIRS.contains(s)) {
                return true;
            }
            if (ROOT_TEST_DIRS.contains(s) && (i == 0 || i == 1 && seg[0].equals("src"))) {
                return true;
            }
            // src/test/ holds tests at any depth (a Maven or Gradle module's module/src/test/).
            if (s.equals("test") && i > 0 && seg[i - 1].equals("src")) {
                return true;
            }
        }
        return TEST_FILE.matcher(seg[seg.length - 1]).matches();
    }

    static Lang lang(String path) {
        String b = base(path).toLowerCase(Locale.ROOT);
        if (b.endsWith(".py") || b.endsWith(".pyi")) {
            return Lang.PYTHON;
        }
        if (b.endsWith(".java") || b.endsWith(".kt") || b.endsWith(".scala") || b.endsWith(".groovy")) {
            return Lang.JAVA;
        }
        if (JS_FILE.matcher(b).matches()) {
            return Lang.JS;
        }
        if (b.endsWith(".go")) {
            return Lang.GO;
        }
        if (b.endsWith(".rb")) {
            return Lang.RUBY;
        }
        return Lang.OTHER;
    }

    /** Third-party or generated code copied into the tree (a built jQuery, vendored packages): its comments are not the patch's words. */
    static boolean isVendored(String path) {
        String p = "/" + path;
        return p.contains("/vendor/") || p.contains("/node_modules/") || p.contains("/_static/") || p.contains("/_build/")
                || p.contains("/dist/") || p.endsWith(".min.js");
    }

    /** Code that implements a test framework itself (pytest's own sources): hooks and skips are its job there. */
    static boolean isTestFramework(String path) {
        return path.startsWith("src/_pytest/") || path.startsWith("_pytest/") || path.startsWith("src/pytest/")
                || path.contains("/_pytest/");
    }
}
