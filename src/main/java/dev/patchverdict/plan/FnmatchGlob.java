// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * A glob with the meaning of Python's {@code fnmatch.fnmatchcase}: case-sensitive, over whole
 * code points; {@code *} matches any run (slashes included), {@code ?} any one character,
 * {@code [seq]} one character of the set and {@code [!seq]} one outside it. A {@code [} without a
 * closing {@code ]} is literal, a {@code ]} right after {@code [} or {@code [!} is a member, a
 * range whose ends are reversed holds nothing, and a backslash is an ordinary character. No
 * Java library has these rules, so the glob is matched here, against a golden table of CPython's
 * answers in the tests.
 */
public final class FnmatchGlob implements PathGlob {
    private sealed interface Token permits Literal, AnyOne, AnyRun, CharClass {}

    private record Literal(int codePoint) implements Token {}

    private record AnyOne() implements Token {}

    private record AnyRun() implements Token {}

    /** Members are [low, high] code point pairs; a reversed pair holds nothing. */
    private record CharClass(boolean negated, int[] ranges) implements Token {
        boolean matches(int cp) {
            boolean in = false;
            for (int i = 0; i < ranges.length && !in; i += 2) {
                in = ranges[i] <= cp && cp <= ranges[i + 1];
            }
            return in != negated;
        }
    }

    private final String pattern;
    private final Token[] tokens;

    private FnmatchGlob(String pattern, Token[] tokens) {
        this.pattern = pattern;
        this.tokens = tokens;
    }

    /** Python {@code fnmatch.fnmatchcase} semantics; any pattern, the empty one included. */
    public static FnmatchGlob of(String pattern) {
        int[] cps = pattern.codePoints().toArray();
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < cps.length) {
            int c = cps[i];
            if (c == '*') {
                // Consecutive stars mean what one does.
                if (out.isEmpty() || !(out.get(out.size() - 1) instanceof AnyRun)) {
                    out.add(new AnyRun());
                }
                i++;
            } else if (c == '?') {
                out.add(new AnyOne());
                i++;
            } else if (c == '[') {
                int next = charClass(cps, i, out);
                if (next < 0) {
                    out.add(new Literal('['));
                    i++;
                } else {
                    i = next;
                }
            } else {
                out.add(new Literal(c));
                i++;
            }
        }
        return new FnmatchGlob(pattern, out.toArray(new Token[0]));
    }

    /** Reads {@code [...]} at {@code open}; the index past it, or -1 when it never closes. */
    private static int charClass(int[] cps, int open, List<Token> out) {
        int j = open + 1;
        boolean negated = j < cps.length && cps[j] == '!';
        if (negated) {
            j++;
        }
        int first = j;
        if (j < cps.length && cps[j] == ']') {
            j++;
        }
        while (j < cps.length && cps[j] != ']') {
            j++;
        }
        if (j >= cps.length) {
            return -1;
        }
        List<Integer> ranges = new ArrayList<>();
        int k = first;
        while (k < j) {
            int low = cps[k];
            if (k + 2 < j && cps[k + 1] == '-') {
                ranges.add(low);
                ranges.add(cps[k + 2]);
                k += 3;
            } else {
                ranges.add(low);
                ranges.add(low);
                k++;
            }
        }
        out.add(new CharClass(negated, ranges.stream().mapToInt(Integer::intValue).toArray()));
        return j + 1;
    }

    @Override
    public String pattern() {
        return pattern;
    }

    @Override
    public GlobSyntax syntax() {
        return GlobSyntax.FNMATCH;
    }

    /**
     * Matches with backtracking to the last star only: every other token takes exactly one
     * character, so that is enough, and the time stays linear in pattern times path.
     */
    @Override
    public boolean matches(String path) {
        int[] s = path.codePoints().toArray();
        int t = 0;
        int p = 0;
        int starToken = -1;
        int starText = 0;
        while (p < s.length) {
            if (t < tokens.length && !(tokens[t] instanceof AnyRun) && one(tokens[t], s[p])) {
                t++;
                p++;
            } else if (t < tokens.length && tokens[t] instanceof AnyRun) {
                starToken = t++;
                starText = p;
            } else if (starToken >= 0) {
                t = starToken + 1;
                p = ++starText;
            } else {
                return false;
            }
        }
        while (t < tokens.length && tokens[t] instanceof AnyRun) {
            t++;
        }
        return t == tokens.length;
    }

    private static boolean one(Token token, int cp) {
        if (token instanceof Literal l) {
            return l.codePoint() == cp;
        }
        if (token instanceof CharClass c) {
            return c.matches(cp);
        }
        return token instanceof AnyOne;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FnmatchGlob g && g.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return "fnmatch:" + pattern;
    }
}
