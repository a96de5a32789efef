// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The mutation operators' scanners give the matches the java.util.regex patterns they replaced gave (kept here as
 * the oracle), on generated lines of operators, digits, words, Latin-1 letters and blanks; and a candidate line
 * built against a backtracking matcher is read to its end.
 */
class SpansTest {
    private static final Pattern COMPARISON = Pattern.compile("(?<![<>=!\\-])(==|!=|<=|>=|<|>)(?![<>=])");
    private static final Pattern BOOLEAN = Pattern.compile("\\b(true|false|True|False|and|or)\\b|&&|\\|\\|");
    private static final Pattern ARITHMETIC = Pattern.compile("(?<=[\\w)\\]] ?)([+\\-*/])(?= ?[\\w(\\[])");
    private static final Pattern INTEGER = Pattern.compile("(?<![\\w.])\\d+(?![\\w.])");
    private static final Pattern RETURN = Pattern.compile("^(\\s*return\\s+)(.+?)(;?\\s*)$");

    private static List<Spans.Span> old(Pattern p, String s) {
        List<Spans.Span> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            out.add(new Spans.Span(m.start(), m.end()));
        }
        return out;
    }

    private static final String[] PIECES = {"=", "==", "<", ">", "!", "-", "+", "*", "/", " ", "  ", "\t", "(", ")", "[", "]",
        ".", "0", "7", "12", "x", "y_1", "true", "false", "True", "False", "and", "or", "&&", "||", "&", "|", "\u00e9", "\u00c3",
        "\u00a9", "\u0085", ";", "return", "return ", "None", "\r", "\n"};

    @Test
    void everyScannerAgreesWithTheFormerPattern() {
        Random rnd = new Random(7L);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = rnd.nextInt(12); k >= 0; k--) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String s = sb.toString();
            check(wrong, "comparison", s, old(COMPARISON, s), Spans::comparisons);
            check(wrong, "boolean", s, old(BOOLEAN, s), Spans::booleans);
            check(wrong, "arithmetic", s, old(ARITHMETIC, s), Spans::arithmetic);
            check(wrong, "integer", s, old(INTEGER, s), Spans::integers);
            Matcher m = RETURN.matcher(s);
            List<String> was = m.matches() ? List.of(m.group(1), m.group(2), m.group(3)) : List.of();
            assertEquals(was, Mutants.returnParts(s), s);
        }
        assertEquals(List.of(), wrong);
    }

    private static void check(List<String> wrong, String what, String s, List<Spans.Span> was,
            Function<String, List<Spans.Span>> now) {
        if (!was.equals(now.apply(s)) && wrong.size() < 20) {
            wrong.add(what + " on '" + s + "': was " + was + ", now " + now.apply(s));
        }
    }

    @Test
    void aReturnFollowedByAMebibyteOfSpacesIsReadToItsEnd() {
        String line = "return x" + " ".repeat(1 << 20) + "y";
        List<String> parts = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Mutants.returnParts(line));
        assertEquals("x" + " ".repeat(1 << 20) + "y", parts.get(1));
    }
}
