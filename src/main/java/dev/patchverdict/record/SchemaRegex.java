// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A schema {@code pattern} compiled into a deterministic automaton, for the fast path of {@link SchemaFastPath}: one
 * table step per character, linear in the text and without the per-call set-up of a general engine (a match costs
 * nanoseconds, not the microsecond RE2/J spends on a 64-character digest). It knows a small dialect only: literals,
 * {@code \\ \. \/ \- \n \r \t} and other escaped punctuation, bracket classes with ranges and negation, groups with
 * {@code |}, the quantifiers {@code ? * + {n} {n,} {n,m}}, and {@code ^ $} meaning the start and the end of the
 * string (ECMA-262 without flags: {@code $} never matches before a final line break). Anything else, {@code .},
 * {@code \d}, lookaround or lazy quantifiers among them, is refused at compile time, and the schema containing it
 * is then always checked by the validator. A text holding a surrogate is "not sure": engines differ on code units
 * and code points there.
 */
final class SchemaRegex {
    static final int MATCH = 0;
    static final int NO_MATCH = 1;
    static final int UNSURE = 2;

    /** Past this many automaton states a pattern is refused (the shipped ones need at most a few hundred). */
    private static final int MAX_STATES = 4096;
    private static final int MAX_NFA = 4096;

    private final String source;
    private final int[] boundaries; // sorted starts of the character classes' pieces
    private final byte[] latin;     // class of each char below 256
    private final int classes;
    private final int[] next;       // state + class -> state, states numbered by their row's offset (state * classes)
    private final byte[] flags;     // at each state's offset: ACCEPT_NOW | DEAD, and ACCEPT_END
    private final boolean matchesEmpty;
    private static final byte ACCEPT_NOW = 1;
    private static final byte DEAD = 2;
    private static final byte ACCEPT_END = 4;
    private static final byte STOP = ACCEPT_NOW | DEAD;

    private SchemaRegex(String source, int[] boundaries, int classes, int[] next, boolean[] acceptNow,
            boolean[] acceptEnd, boolean[] dead, boolean matchesEmpty) {
        this.source = source;
        this.boundaries = boundaries;
        this.classes = classes;
        // offsets instead of state numbers take a multiplication off the chain each character waits on
        this.next = new int[next.length];
        for (int i = 0; i < next.length; i++) {
            this.next[i] = next[i] * classes;
        }
        this.flags = new byte[next.length];
        for (int s = 0; s < acceptNow.length; s++) {
            flags[s * classes] = (byte) ((acceptNow[s] ? ACCEPT_NOW : 0) | (dead[s] ? DEAD : 0) | (acceptEnd[s] ? ACCEPT_END : 0));
        }
        this.matchesEmpty = matchesEmpty;
        this.latin = new byte[256];
        if (classes > 127) {
            throw new Unsupported("too many character classes");
        }
        for (int c = 0; c < 256; c++) {
            latin[c] = (byte) classOf(c);
        }
    }

    /** Thrown while compiling a pattern outside the dialect; the caller leaves that schema to the validator. */
    static final class Unsupported extends RuntimeException {
        Unsupported(String why) {
            super(why, null, false, false);
        }
    }

    /** Whether the pattern occurs anywhere in {@code text} (JSON Schema's unanchored search), or not sure. */
    int find(String text) {
        int n = text.length();
        if (n == 0) {
            return matchesEmpty ? MATCH : NO_MATCH;
        }
        int s = 0;
        if ((flags[s] & ACCEPT_NOW) != 0) {
            return MATCH;
        }
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            int k;
            if (c < 256) {
                k = latin[c];
            } else if (Character.isSurrogate(c)) {
                return UNSURE;
            } else {
                k = classOf(c);
            }
            s = next[s + k];
            if ((flags[s] & STOP) != 0) {
                return (flags[s] & ACCEPT_NOW) != 0 ? MATCH : NO_MATCH;
            }
        }
        return (flags[s] & ACCEPT_END) != 0 ? MATCH : NO_MATCH;
    }

    @Override
    public String toString() {
        return source;
    }

    private int classOf(int c) {
        int i = Arrays.binarySearch(boundaries, c);
        return i >= 0 ? i : -i - 2;
    }

    // ---- compiling: pattern -> syntax tree -> Thompson automaton -> deterministic automaton ----

    /** Compiles {@code pattern}; throws {@link Unsupported} outside the dialect. */
    static SchemaRegex compile(String pattern) {
        Node tree = new Parser(pattern).parse();
        Nfa nfa = new Nfa();
        int start = nfa.build(tree, nfa.add(Nfa.MATCH, 0, -1, null));
        return determinize(pattern, nfa, start);
    }

    private sealed interface Node permits Chars, Bol, Eol, Seq, Alt, Repeat {}

    /** A set of characters as sorted, disjoint, inclusive ranges {lo0, hi0, lo1, hi1, ...}. */
    private record Chars(int[] ranges) implements Node {}

    private record Bol() implements Node {}

    private record Eol() implements Node {}

    private record Seq(List<Node> items) implements Node {}

    private record Alt(List<Node> options) implements Node {}

    private record Repeat(Node item, int min, int max) implements Node {} // max -1: unbounded

    private static final class Parser {
        private final String p;
        private int i;

        Parser(String p) {
            this.p = p;
        }

        Node parse() {
            Node n = alternation();
            if (i != p.length()) {
                throw new Unsupported("unexpected '" + p.charAt(i) + "' at " + i);
            }
            return n;
        }

        private Node alternation() {
            List<Node> options = new ArrayList<>();
            options.add(sequence());
            while (i < p.length() && p.charAt(i) == '|') {
                i++;
                options.add(sequence());
            }
            return options.size() == 1 ? options.get(0) : new Alt(options);
        }

        private Node sequence() {
            List<Node> items = new ArrayList<>();
            while (i < p.length() && p.charAt(i) != '|' && p.charAt(i) != ')') {
                Node atom = atom();
                items.add(quantified(atom));
            }
            return new Seq(items);
        }

        private Node atom() {
            char c = p.charAt(i++);
            switch (c) {
                case '(' -> {
                    if (i < p.length() && p.charAt(i) == '?') {
                        throw new Unsupported("group syntax (?");
                    }
                    Node inner = alternation();
                    if (i >= p.length() || p.charAt(i) != ')') {
                        throw new Unsupported("unclosed group");
                    }
                    i++;
                    return inner;
                }
                case '[' -> {
                    return charClass();
                }
                case '^' -> {
                    return new Bol();
                }
                case '$' -> {
                    return new Eol();
                }
                case '\\' -> {
                    return single(escape());
                }
                case '.', ']', '{', '}', '*', '+', '?', ')' -> throw new Unsupported("'" + c + "' at " + (i - 1));
                default -> {
                    return single(c);
                }
            }
        }

        private Node quantified(Node atom) {
            if (i >= p.length()) {
                return atom;
            }
            char c = p.charAt(i);
            int min;
            int max;
            if (c == '*') {
                min = 0;
                max = -1;
                i++;
            } else if (c == '+') {
                min = 1;
                max = -1;
                i++;
            } else if (c == '?') {
                min = 0;
                max = 1;
                i++;
            } else if (c == '{') {
                i++;
                min = number();
                if (i < p.length() && p.charAt(i) == ',') {
                    i++;
                    max = i < p.length() && p.charAt(i) == '}' ? -1 : number();
                } else {
                    max = min;
                }
                if (i >= p.length() || p.charAt(i) != '}' || max != -1 && max < min) {
                    throw new Unsupported("malformed {m,n}");
                }
                i++;
            } else {
                return atom;
            }
            if (atom instanceof Bol || atom instanceof Eol) {
                throw new Unsupported("quantified anchor");
            }
            if (i < p.length() && (p.charAt(i) == '?' || p.charAt(i) == '+' || p.charAt(i) == '*' || p.charAt(i) == '{')) {
                throw new Unsupported("lazy, possessive or stacked quantifier");
            }
            return new Repeat(atom, min, max);
        }

        private int number() {
            int start = i;
            while (i < p.length() && p.charAt(i) >= '0' && p.charAt(i) <= '9' && i - start < 4) {
                i++;
            }
            if (i == start || i < p.length() && p.charAt(i) >= '0' && p.charAt(i) <= '9') {
                throw new Unsupported("malformed count");
            }
            return Integer.parseInt(p.substring(start, i));
        }

        /** The character an escape stands for; only escapes every engine reads alike. */
        private char escape() {
            if (i >= p.length()) {
                throw new Unsupported("trailing backslash");
            }
            char c = p.charAt(i++);
            return switch (c) {
                case 'n' -> '\n';
                case 'r' -> '\r';
                case 't' -> '\t';
                // not \$: the validator rewrites dollar signs for its engine, and an escaped one is not worth the doubt
                case '\\', '.', '/', '-', '^', '(', ')', '[', ']', '{', '}', '*', '+', '?', '|' -> c;
                default -> throw new Unsupported("escape \\" + c);
            };
        }

        private Node charClass() {
            boolean negated = i < p.length() && p.charAt(i) == '^';
            if (negated) {
                i++;
            }
            if (i < p.length() && p.charAt(i) == ']') {
                throw new Unsupported("']' first in a class");
            }
            TreeSet<int[]> pieces = new TreeSet<>((a, b) -> Integer.compare(a[0], b[0]) != 0
                    ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
            while (true) {
                if (i >= p.length()) {
                    throw new Unsupported("unclosed class");
                }
                char c = p.charAt(i++);
                if (c == ']') {
                    break;
                }
                if (c == '[' || c == '$' || c == '&' && i < p.length() && p.charAt(i) == '&') {
                    throw new Unsupported("nested class, intersection or a dollar sign in a class");
                }
                char lo = c == '\\' ? escape() : c;
                char hi = lo;
                if (i + 1 < p.length() && p.charAt(i) == '-' && p.charAt(i + 1) != ']') {
                    i++;
                    char h = p.charAt(i++);
                    if (h == '[') {
                        throw new Unsupported("nested class");
                    }
                    hi = h == '\\' ? escape() : h;
                    if (hi < lo) {
                        throw new Unsupported("reversed range");
                    }
                }
                pieces.add(new int[] {lo, hi});
            }
            int[] ranges = union(pieces);
            return new Chars(negated ? complement(ranges) : ranges);
        }

        private static Node single(char c) {
            return new Chars(new int[] {c, c});
        }

        private static int[] union(TreeSet<int[]> pieces) {
            List<int[]> out = new ArrayList<>();
            for (int[] r : pieces) {
                if (!out.isEmpty() && r[0] <= out.get(out.size() - 1)[1] + 1) {
                    int[] last = out.get(out.size() - 1);
                    last[1] = Math.max(last[1], r[1]);
                } else {
                    out.add(new int[] {r[0], r[1]});
                }
            }
            int[] flat = new int[out.size() * 2];
            for (int k = 0; k < out.size(); k++) {
                flat[2 * k] = out.get(k)[0];
                flat[2 * k + 1] = out.get(k)[1];
            }
            return flat;
        }

        private static int[] complement(int[] ranges) {
            List<Integer> out = new ArrayList<>();
            int from = 0;
            for (int k = 0; k < ranges.length; k += 2) {
                if (ranges[k] > from) {
                    out.add(from);
                    out.add(ranges[k] - 1);
                }
                from = ranges[k + 1] + 1;
            }
            if (from <= 0xFFFF) {
                out.add(from);
                out.add(0xFFFF);
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Thompson automaton: CHAR states consume one character of their set, the others are empty moves. */
    private static final class Nfa {
        static final int CHAR = 0;
        static final int SPLIT = 1;
        static final int BOL = 2;
        static final int EOL = 3;
        static final int MATCH = 4;

        final List<int[]> states = new ArrayList<>(); // {kind, next, next2}
        final List<int[]> sets = new ArrayList<>();

        int add(int kind, int next, int next2, int[] chars) {
            if (states.size() >= MAX_NFA) {
                throw new Unsupported("pattern too large");
            }
            states.add(new int[] {kind, next, next2});
            sets.add(chars);
            return states.size() - 1;
        }

        /** Builds {@code node} so that it continues into {@code out}; returns its entry state. */
        int build(Node node, int out) {
            if (node instanceof Chars c) {
                return add(CHAR, out, -1, c.ranges());
            } else if (node instanceof Bol) {
                return add(BOL, out, -1, null);
            } else if (node instanceof Eol) {
                return add(EOL, out, -1, null);
            } else if (node instanceof Seq s) {
                int entry = out;
                for (int k = s.items().size() - 1; k >= 0; k--) {
                    entry = build(s.items().get(k), entry);
                }
                return entry;
            } else if (node instanceof Alt a) {
                int entry = build(a.options().get(a.options().size() - 1), out);
                for (int k = a.options().size() - 2; k >= 0; k--) {
                    entry = add(SPLIT, build(a.options().get(k), out), entry, null);
                }
                return entry;
            }
            Repeat r = (Repeat) node;
            int entry = out;
            if (r.max() == -1) {
                // x* : a split that loops through x back to itself
                int loop = add(SPLIT, -1, out, null);
                states.get(loop)[1] = build(r.item(), loop);
                entry = loop;
            } else {
                for (int k = r.max() - r.min(); k > 0; k--) {
                    entry = add(SPLIT, build(r.item(), entry), out, null);
                    out = entry;
                }
            }
            for (int k = 0; k < r.min(); k++) {
                entry = build(r.item(), entry);
            }
            return entry;
        }

        /** Adds {@code state}'s empty-move closure: CHAR, MATCH and (unless {@code atEnd}) EOL states are kept. */
        void close(int state, boolean atStart, boolean atEnd, BitSet into, BitSet seen) {
            if (seen.get(state)) {
                return;
            }
            seen.set(state);
            int[] s = states.get(state);
            switch (s[0]) {
                case SPLIT -> {
                    close(s[1], atStart, atEnd, into, seen);
                    close(s[2], atStart, atEnd, into, seen);
                }
                case BOL -> {
                    if (atStart) {
                        close(s[1], atStart, atEnd, into, seen);
                    }
                }
                case EOL -> {
                    if (atEnd) {
                        close(s[1], atStart, atEnd, into, seen);
                    } else {
                        into.set(state);
                    }
                }
                default -> into.set(state);
            }
        }

        boolean contains(int state, int c) {
            int[] r = sets.get(state);
            for (int k = 0; k < r.length; k += 2) {
                if (c >= r[k] && c <= r[k + 1]) {
                    return true;
                }
            }
            return false;
        }
    }

    private static SchemaRegex determinize(String source, Nfa nfa, int start) {
        TreeSet<Integer> cuts = new TreeSet<>();
        cuts.add(0);
        for (int[] r : nfa.sets) {
            if (r != null) {
                for (int k = 0; k < r.length; k += 2) {
                    cuts.add(r[k]);
                    if (r[k + 1] < 0xFFFF) {
                        cuts.add(r[k + 1] + 1);
                    }
                }
            }
        }
        int[] boundaries = cuts.stream().mapToInt(Integer::intValue).toArray();
        int classes = boundaries.length;

        // An unanchored search may begin at every position: this closure joins every state after the first.
        BitSet later = new BitSet();
        nfa.close(start, false, false, later, new BitSet());
        BitSet first = new BitSet();
        nfa.close(start, true, false, first, new BitSet());
        BitSet empty = new BitSet();
        nfa.close(start, true, true, empty, new BitSet());
        boolean matchesEmpty = hasMatch(nfa, empty);

        List<BitSet> dfa = new ArrayList<>();
        Map<BitSet, Integer> index = new HashMap<>();
        dfa.add(first); // state 0, the start, is never shared: only there may ^ hold
        List<int[]> rows = new ArrayList<>();
        for (int s = 0; s < dfa.size(); s++) {
            BitSet set = dfa.get(s);
            int[] row = new int[classes];
            for (int k = 0; k < classes; k++) {
                int rep = boundaries[k];
                BitSet to = (BitSet) later.clone();
                BitSet seen = new BitSet();
                for (int q = set.nextSetBit(0); q >= 0; q = set.nextSetBit(q + 1)) {
                    if (nfa.states.get(q)[0] == Nfa.CHAR && nfa.contains(q, rep)) {
                        nfa.close(nfa.states.get(q)[1], false, false, to, seen);
                    }
                }
                Integer id = index.get(to);
                if (id == null) {
                    if (dfa.size() >= MAX_STATES) {
                        throw new Unsupported("automaton too large");
                    }
                    id = dfa.size();
                    dfa.add(to);
                    index.put(to, id);
                }
                row[k] = id;
            }
            rows.add(row);
        }
        int n = dfa.size();
        int[] next = new int[n * classes];
        boolean[] acceptNow = new boolean[n];
        boolean[] acceptEnd = new boolean[n];
        boolean[] dead = new boolean[n];
        for (int s = 0; s < n; s++) {
            System.arraycopy(rows.get(s), 0, next, s * classes, classes);
            BitSet set = dfa.get(s);
            acceptNow[s] = hasMatch(nfa, set);
            BitSet end = new BitSet();
            BitSet seen = new BitSet();
            for (int q = set.nextSetBit(0); q >= 0; q = set.nextSetBit(q + 1)) {
                nfa.close(q, false, true, end, seen);
            }
            acceptEnd[s] = hasMatch(nfa, end);
            dead[s] = set.isEmpty();
        }
        return new SchemaRegex(source, boundaries, classes, next, acceptNow, acceptEnd, dead, matchesEmpty);
    }

    private static boolean hasMatch(Nfa nfa, BitSet set) {
        for (int q = set.nextSetBit(0); q >= 0; q = set.nextSetBit(q + 1)) {
            if (nfa.states.get(q)[0] == Nfa.MATCH) {
                return true;
            }
        }
        return false;
    }
}
