// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which paths count as tests, per language convention, and which only look like it. */
class PathKindsTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "tests/test_core.py, true",
        "sympy/core/tests/test_basic.py, true",
        "pkg/core_test.py, true",
        "pkg/core_tests.py, true",
        "app/tests.py, true",
        "sympy/conftest.py, true",
        "testing/python/collect.py, true",
        "test/unit/parse.js, true",
        "src/test/java/org/acme/Parser.java, true",
        "module/src/test/resources/data.txt, true",
        "src/main/java/org/acme/ParserTest.java, true",
        "src/main/java/org/acme/ParserIT.java, true",
        "src/app.spec.ts, true",
        "src/app.test.tsx, true",
        "web/__tests__/sum.js, true",
        "pkg/parse/parse_test.go, true",
        "pkg/parse/testdata/in.txt, true",
        "spec/models/user_spec.rb, true",
        "django/test/utils.py, false",
        "src/testing_utils.py, false",
        "pkg/contest.py, false",
        "pkg/latest.py, false",
        "pkg/attest/sign.go, false",
        "lib/protest.js, false",
        "docs/testing.md, false",
        "src/main/java/org/acme/TestUtils.java, false",
        "pkg/parse/parse.go, false",
    })
    void testPaths(String path, boolean test) {
        assertEquals(test, PathKinds.isTest(path));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "a.py, PYTHON", "a.pyi, PYTHON", "A.java, JAVA", "a.kt, JAVA", "a.ts, JS", "a.tsx, JS", "a.mjs, JS",
        "a.cjs, JS", "a.go, GO", "a.rb, RUBY", "a.md, OTHER", "Makefile, OTHER", "a.json, OTHER",
    })
    void languages(String path, PathKinds.Lang lang) {
        assertEquals(lang, PathKinds.lang(path));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "x = 1  # hack|PYTHON|7",
        "s = '# not a comment'  # real|PYTHON|23",
        "s = \"it's # fine\"|PYTHON|-1",
        "const u = 'http://x'; // note|JS|22",
        "* javadoc line (a block comment's body)|JAVA|0",
        "return a / b; /* why */|JAVA|14",
        "x := `raw // string`|GO|-1",
    })
    void commentsStartOutsideQuotes(String line, PathKinds.Lang lang, int start) {
        assertEquals(start, CodeText.commentStart(line, lang));
    }

    @org.junit.jupiter.api.Test
    void bareBlanksStringContentsAndKeepsTheLength() {
        String code = "msg = \"use sys.exit(0) \\\" here\" + 'pytest.skip(x)'; sys.exit(0)";
        String bare = CodeText.bare(code);
        assertEquals(code.length(), bare.length());
        assertEquals("msg = \"" + " ".repeat(23) + "\" + '" + " ".repeat(14) + "'; sys.exit(0)", bare);
        assertEquals("plain(code)", CodeText.bare("plain(code)"));
    }
}
