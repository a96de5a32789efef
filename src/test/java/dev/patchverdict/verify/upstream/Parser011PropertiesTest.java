// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The parser either returns or rejects; no input makes it fail in another way. */
class Parser011PropertiesTest {

    @Property(tries = 3000)
    void arbitraryText(@ForAll String text) {
        parseOrReject(text);
    }

    @Property(tries = 5000)
    void diffLikeText(@ForAll("diffLike") String text) {
        parseOrReject(text);
    }

    private static void parseOrReject(String text) {
        try {
            Parser011.Parsed parsed = Parser011.parse(text);
            if (parsed.paths().isEmpty()) {
                throw new AssertionError("accepted without paths");
            }
        } catch (Parser011.Rejected expected) {
            if (expected.getMessage() == null || expected.getMessage().isEmpty()) {
                throw new AssertionError("rejection without message");
            }
        }
    }

    @Provide
    Arbitrary<String> diffLike() {
        Arbitrary<String> known = Arbitraries.of(
                "diff --git a/x b/x", "diff --git a/x b/y", "diff --git \"a/my file\" \"b/my file\"",
                "diff --git \"a/x", "diff --git a/x", "diff --git /dev/null b/x", "diff --git a/. b/..",
                "--- a/x", "+++ b/x", "--- /dev/null", "+++ /dev/null", "--- a/y", "+++ b/y", "--- ", "+++ 'b",
                "--- a/x\t2020", "@@ -1 +1 @@", "@@ -1,2 +1,0 @@", "@@ -0,0 +1 @@ f", "@@ -\u0661 +\u0661 @@",
                "@@ -1,99999999999999999999 +1 @@", "@@ -1 +1 @@x", "@@ x", " ctx", "-a", "+b", "--", "++", "",
                "\\ No newline at end of file", "index 1..2", "rename from x", "rename to y", "old mode 1",
                "Binary files differ", "junk", "\u3000", "\\", "\"", "'");
        Arbitrary<String> random = Arbitraries.strings().ofMaxLength(12);
        Arbitrary<String> line = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, known),
                net.jqwik.api.Tuple.of(1, random),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().withChars("+- @,\\\"'/.ab1").ofMaxLength(10)));
        Arbitrary<String> separator = Arbitraries.of("\n", "\n", "\n", "\r\n", "\r", "\u2028", "\f", "\u0085");
        return Arbitraries.lazy(() -> line.list().ofMaxSize(14).flatMap(ls ->
                separator.list().ofSize(ls.size()).map(seps -> join(ls, seps))));
    }

    private static String join(List<String> lines, List<String> seps) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            sb.append(lines.get(i)).append(seps.get(i));
        }
        return sb.toString();
    }
}
