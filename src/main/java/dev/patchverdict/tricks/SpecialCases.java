// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static dev.patchverdict.text.LinearPattern.isSpace;
import static dev.patchverdict.text.LinearPattern.isWord;

import dev.patchverdict.diff.LineKind;
import dev.patchverdict.tricks.PathKinds.Lang;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The exact inputs of a test special-cased in the code under test: an added branch that compares a name with a
 * literal and returns a literal ({@code if n == 20: return 2432902008176640000}, {@code if ("abc".equals(s)) return
 * "cba";}, {@code return x === 'a b' ? 'b a' : f(x)}), where a test holds the compared literal: a test file the patch
 * itself adds lines to, or the evaluation's test patch when one is given. The hit names the test's literal and where
 * it stands. A judgement, not proof (an honest fix may branch on a value its test also uses), hence suspect. Hand
 * scanners, one pass a line.
 */
final class SpecialCases {
    private SpecialCases() {}

    /** Literals too common to say a branch copies a test: zero, one, minus one and the empty string. */
    /** What a line comparing a name with something holds: one of these. */
    private static final long BRANCH_WORDS = Words.BARE.mask("==", "equals", "is ", "case ", "->");
    private static final Set<String> COMMON = Set.of("0", "1", "-1", "\"\"", "0.0", "1.0");
    private static final Set<String> CONSTANTS = Set.of("True", "False", "None", "true", "false", "null", "nil", "undefined");

    /** Where a literal stands in a test: the path and the patch line. */
    record Place(String path, long line, boolean testPatch) {
        String shown() {
            return (testPatch ? "the test patch's " : "") + path + " (patch line " + line + ")";
        }
    }

    static void check(TrickRule r, PatchView patch, List<TrickHit> out) {
        Map<String, Place> tests = new LinkedHashMap<>();
        for (PatchView.Section s : patch.testPatch()) {
            collect(s, true, tests);
        }
        for (PatchView.Section s : patch.sections()) {
            if (s.test()) {
                collect(s, false, tests);
            }
        }
        if (tests.isEmpty()) {
            return;
        }
        for (PatchView.Section s : patch.sections()) {
            if (!s.code() || s.test() || PathKinds.isVendored(s.path()) || PathKinds.isTestFramework(s.path())) {
                continue;
            }
            List<PatchView.Line> lines = s.lines();
            // The subject of the latest switch (switch (x), switch x {, match x:, when (x)), for its case lines.
            String subject = null;
            for (int i = 0; i < lines.size(); i++) {
                PatchView.Line l = lines.get(i);
                if (l.kind() != LineKind.REMOVED) {
                    String sw = switchSubject(l.code().strip());
                    subject = sw != null ? sw : subject;
                }
                if (l.kind() != LineKind.ADDED || !l.bareHas(BRANCH_WORDS)) {
                    continue;
                }
                String next = null;
                for (int j = i + 1; j < lines.size() && j < i + 4; j++) {
                    if (lines.get(j).kind() != LineKind.ADDED) {
                        break;
                    }
                    if (!lines.get(j).code().isBlank()) {
                        next = lines.get(j).code();
                        break;
                    }
                }
                Branch b = branch(l.code(), next, s.lang());
                if (b == null) {
                    b = arm(l.code(), next, subject);
                }
                if (b == null) {
                    continue;
                }
                // Of the comparisons a condition joins with and/&&, the first whose literal a test holds.
                Comparison c = null;
                Place p = null;
                for (Comparison each : b.on()) {
                    Place at = tests.get(each.literal());
                    if (at != null && !COMMON.contains(each.literal())) {
                        c = each;
                        p = at;
                        break;
                    }
                }
                if (c == null) {
                    continue;
                }
                Place q = tests.get(b.returned());
                out.add(new TrickHit(r.id(), r.severity(), "returns " + CodeText.snippet(b.returned()) + " when " + CodeText.snippet(c.name())
                        + " is " + CodeText.snippet(c.literal()) + ", the literal " + CodeText.snippet(c.literal()) + " of " + p.shown()
                        + (q != null && !q.equals(p) ? ", and returns the literal of " + q.shown() : q != null ? ", which holds both" : ""),
                        s.path(), s.index(), l.hunkIndex(), l.lineNumber()));
            }
        }
    }

    /** Every literal of a test section's added lines (or context lines too for the test patch), first place kept. */
    private static void collect(PatchView.Section s, boolean testPatch, Map<String, Place> into) {
        for (PatchView.Line l : s.lines()) {
            if (l.kind() != LineKind.ADDED) {
                continue;
            }
            String code = s.lang() == Lang.OTHER ? l.text() : l.code();
            for (String lit : literals(code)) {
                into.putIfAbsent(lit, new Place(s.path(), l.lineNumber(), testPatch));
            }
        }
    }

    /** The literals of a line, each as written in canonical form: strings in double quotes, numbers as written. */
    static List<String> literals(String code) {
        List<String> out = new ArrayList<>();
        int n = code.length();
        int i = 0;
        while (i < n) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'' || c == '`') {
                int close = stringEnd(code, i);
                if (close < 0) {
                    return out;
                }
                out.add(canonical(code.substring(i + 1, close)));
                i = close + 1;
            } else if (Character.isDigit(c) && (i == 0 || !isWord(code.charAt(i - 1)) && code.charAt(i - 1) != '.')) {
                int e = numberEnd(code, i);
                boolean minus = i > 0 && code.charAt(i - 1) == '-' && (i == 1 || !isWord(code.charAt(i - 2)));
                out.add((minus ? "-" : "") + code.substring(i, e));
                i = e;
            } else {
                i++;
            }
        }
        return out;
    }

    private static String canonical(String content) {
        return "\"" + content + "\"";
    }

    /** The index of the quote closing the string literal opening at {@code open}, or -1. */
    private static int stringEnd(String s, int open) {
        char q = s.charAt(open);
        for (int i = open + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == q) {
                return i;
            }
        }
        return -1;
    }

    private static int numberEnd(String s, int i) {
        int n = s.length();
        while (i < n && (isWord(s.charAt(i)) || s.charAt(i) == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
            i++;
        }
        return i;
    }

    /** A branch on names' exact values that gives back a literal: the comparisons (one or more joined by and) and the literal returned. */
    record Branch(List<Comparison> on, String returned) {
        Branch(Comparison c, String returned) {
            this(List.of(c), returned);
        }
    }

    /**
     * The subject of a switch the line opens ({@code switch (x) {}, {@code switch x {}, {@code match x:},
     * {@code when (x) {}), or null.
     */
    static String switchSubject(String t) {
        for (String kw : new String[] {"switch", "match", "when"}) {
            if (!t.startsWith(kw) || t.length() == kw.length() || !(isSpace(t.charAt(kw.length())) || t.charAt(kw.length()) == '(')) {
                continue;
            }
            String rest = t.substring(kw.length()).strip();
            if (rest.endsWith("{") || rest.endsWith(":")) {
                rest = rest.substring(0, rest.length() - 1).strip();
            } else {
                continue;
            }
            rest = unbracket(rest);
            return name(rest) ? rest : null;
        }
        return null;
    }

    /**
     * A switch arm that returns a literal for a literal: {@code case LIT:} (C-like, Go, Python's match) with a
     * {@code return LIT} on its line or the next added one, {@code case LIT -> LIT;} (Java) or Kotlin's
     * {@code LIT -> LIT}; {@code subject} names what the switch compares, when known.
     */
    static Branch arm(String code, String next, String subject) {
        String t = code.strip();
        String name = subject == null ? "the switch's subject" : subject;
        String label;
        String body;
        if (t.startsWith("case ")) {
            String rest = t.substring(5);
            int colon = firstOutsideStrings(rest, ':', 0);
            int arrow = CodeText.bare(rest).indexOf("->");
            int end = arrow >= 0 && (colon < 0 || arrow < colon) ? arrow : colon;
            if (end < 0) {
                return null;
            }
            label = rest.substring(0, end);
            body = rest.substring(end + (end == arrow ? 2 : 1)).strip();
            if (end == arrow && !body.startsWith("return") && !body.startsWith("{")) {
                String lit = literal(body);
                return lit == null || literal(label) == null ? null : new Branch(new Comparison(name, literal(label)), lit);
            }
        } else if (subject != null) {
            int arrow = CodeText.bare(t).indexOf("->");
            if (arrow <= 0) {
                return null;
            }
            label = t.substring(0, arrow);
            body = t.substring(arrow + 2).strip();
            String lit = literal(body);
            if (lit != null || CONSTANTS.contains(body)) {
                return literal(label) == null ? null : new Branch(new Comparison(name, literal(label)), lit != null ? lit : body);
            }
        } else {
            return null;
        }
        String lit = literal(label);
        if (lit == null) {
            return null;
        }
        if (body.startsWith("{")) {
            body = body.substring(1).strip();
        }
        if (body.isEmpty() && next != null) {
            body = next.strip();
        }
        String ret = returned(body);
        return ret == null ? null : new Branch(new Comparison(name, lit), ret);
    }

    /**
     * The branch the added line starts, or null: {@code if NAME == LIT} (Python, C-like, Go; {@code ===}, {@code is},
     * {@code NAME.equals(LIT)}, {@code LIT.equals(NAME)}) whose body, on the same line or the next added one,
     * returns a literal; or a conditional expression that does ({@code return LIT if NAME == LIT else ...},
     * {@code return NAME == LIT ? LIT : ...}).
     */
    static Branch branch(String code, String next, Lang lang) {
        String t = code.strip();
        boolean python = lang == Lang.PYTHON;
        if (t.startsWith("return ") || t.startsWith("return(")) {
            return conditional(t.substring(6).strip(), python);
        }
        String cond;
        String body;
        if (t.startsWith("if ") || t.startsWith("if(") || t.startsWith("elif ") || t.startsWith("} else if") || t.startsWith("else if")) {
            int at = t.indexOf("if") + 2;
            if (python) {
                int colon = t.lastIndexOf(':');
                if (colon < 0) {
                    return null;
                }
                // The first ':' outside a string ends the condition; a literal dict or slice in it is not expected.
                colon = firstOutsideStrings(t, ':', at);
                if (colon < 0) {
                    return null;
                }
                cond = t.substring(at, colon);
                body = t.substring(colon + 1).strip();
            } else {
                int open = t.indexOf('(', at);
                if (open >= 0 && t.substring(at, open).isBlank()) {
                    int close = closingOutsideStrings(t, open);
                    if (close < 0) {
                        return null;
                    }
                    cond = t.substring(open + 1, close);
                    body = t.substring(close + 1).strip();
                } else {
                    int brace = firstOutsideStrings(t, '{', at);
                    if (brace < 0) {
                        return null;
                    }
                    cond = t.substring(at, brace);
                    body = t.substring(brace).strip();
                }
                if (body.startsWith("{")) {
                    body = body.substring(1).strip();
                }
            }
            if (body.isEmpty() && next != null) {
                body = next.strip();
            }
            List<Comparison> c = comparisons(cond.strip(), python);
            String ret = returned(body);
            return c == null || ret == null ? null : new Branch(c, ret);
        }
        return null;
    }

    /** {@code LIT if NAME == LIT else ...} (Python) or {@code NAME == LIT ? LIT : ...}. */
    private static Branch conditional(String e, boolean python) {
        if (python) {
            int ifAt = wordAt(e, "if");
            int elseAt = wordAt(e, "else");
            if (ifAt < 0 || elseAt < ifAt) {
                return null;
            }
            String ret = literal(e.substring(0, ifAt).strip());
            List<Comparison> c = comparisons(e.substring(ifAt + 2, elseAt).strip(), true);
            return ret == null || c == null ? null : new Branch(c, ret);
        }
        int q = firstOutsideStrings(e, '?', 0);
        if (q < 0) {
            return null;
        }
        int colon = firstOutsideStrings(e, ':', q + 1);
        if (colon < 0) {
            return null;
        }
        String ret = literal(e.substring(q + 1, colon).strip());
        List<Comparison> c = comparisons(unbracket(e.substring(0, q).strip()), false);
        return ret == null || c == null ? null : new Branch(c, ret);
    }

    private static int wordAt(String s, String w) {
        int from = 0;
        while (true) {
            int i = s.indexOf(w, from);
            if (i < 0) {
                return -1;
            }
            if ((i == 0 || !isWord(s.charAt(i - 1))) && (i + w.length() == s.length() || !isWord(s.charAt(i + w.length())))) {
                return i;
            }
            from = i + 1;
        }
    }

    /** The first {@code c} at or after {@code from} outside string literals, or -1. */
    private static int firstOutsideStrings(String s, char c, int from) {
        return CodeText.bare(s).indexOf(c, from);
    }

    /** A name compared with a literal, in canonical form. */
    record Comparison(String name, String literal) {}

    /**
     * The comparisons of a condition that joins them with {@code and} or {@code &&} (one alone included), each a
     * name compared with a literal; null when any operand is something else.
     */
    static List<Comparison> comparisons(String cond, boolean python) {
        List<String> parts = new ArrayList<>();
        BracketText t = new BracketText(CodeText.bare(cond));
        int[] whole = t.strip(0, cond.length());
        for (int[] r : t.split(whole[0], whole[1], python ? "and" : "&&", python)) {
            parts.add(cond.substring(r[0], r[1]));
        }
        List<Comparison> out = new ArrayList<>();
        for (String part : parts) {
            Comparison c = comparison(part.strip());
            if (c == null) {
                return null;
            }
            out.add(c);
        }
        return out;
    }

    /** {@code NAME == LIT}, {@code LIT == NAME} ({@code ===}, {@code is}), {@code NAME.equals(LIT)}, {@code LIT.equals(NAME)}. */
    static Comparison comparison(String cond) {
        String c = unbracket(cond);
        int eq = firstOutsideStrings(c, '=', 0);
        if (eq > 0 && eq + 1 < c.length() && c.charAt(eq + 1) == '=' && "!<>=".indexOf(c.charAt(eq - 1)) < 0) {
            int after = eq + 2;
            if (after < c.length() && c.charAt(after) == '=') {
                after++;
            }
            return pair(c.substring(0, eq).strip(), c.substring(after).strip());
        }
        int is = wordAt(c, "is");
        if (is > 0 && wordAt(c, "not") < 0) {
            return pair(c.substring(0, is).strip(), c.substring(is + 2).strip());
        }
        int dot = c.indexOf(".equals(");
        if (dot > 0 && c.endsWith(")")) {
            return pair(c.substring(0, dot).strip(), c.substring(dot + 8, c.length() - 1).strip());
        }
        return null;
    }

    private static Comparison pair(String a, String b) {
        String la = literal(a);
        String lb = literal(b);
        if (la != null && lb == null && name(b)) {
            return new Comparison(b, la);
        }
        if (lb != null && la == null && name(a)) {
            return new Comparison(a, lb);
        }
        return null;
    }

    /** A name, dotted or not: what an argument or a field is called ({@code n}, {@code self.unit}, {@code req.method}). */
    private static boolean name(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_') || s.endsWith(".")) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isWord(c) && !(c == '.' && s.charAt(i - 1) != '.')) {
                return false;
            }
        }
        return !CONSTANTS.contains(s);
    }

    /** A string or number literal alone, in canonical form, or null. */
    static String literal(String s) {
        String t = s.strip();
        if (t.endsWith(";")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        if (t.isEmpty()) {
            return null;
        }
        char q = t.charAt(0);
        if ((q == '"' || q == '\'' || q == '`') && stringEnd(t, 0) == t.length() - 1) {
            return canonical(t.substring(1, t.length() - 1));
        }
        int start = t.charAt(0) == '-' ? 1 : 0;
        if (start < t.length() && Character.isDigit(t.charAt(start)) && numberEnd(t, start) == t.length()) {
            return t;
        }
        return null;
    }

    /** What a body returns when it returns a literal (a string, a number, a constant, or a bracket of literals), or null. */
    static String returned(String body) {
        String b = body.strip();
        if (!(b.startsWith("return ") || b.startsWith("return("))) {
            return null;
        }
        String v = b.substring(6).strip();
        int close = firstOutsideStrings(v, '}', 0);
        if (close >= 0) {
            v = v.substring(0, close).strip();
        }
        if (v.endsWith(";")) {
            v = v.substring(0, v.length() - 1).strip();
        }
        String lit = literal(v);
        if (lit != null) {
            return lit;
        }
        if (CONSTANTS.contains(v)) {
            return v;
        }
        if (v.length() >= 2 && "([{".indexOf(v.charAt(0)) >= 0 && ")]}".indexOf(v.charAt(v.length() - 1)) >= 0) {
            String inner = v.substring(1, v.length() - 1);
            for (String part : splitOutsideStrings(inner, ',')) {
                String p = part.strip();
                int colon = firstOutsideStrings(p, ':', 0);
                if (colon >= 0) {
                    if (literal(p.substring(0, colon)) == null) {
                        return null;
                    }
                    p = p.substring(colon + 1).strip();
                }
                if (!p.isEmpty() && literal(p) == null && !CONSTANTS.contains(p)) {
                    return null;
                }
            }
            return v;
        }
        return null;
    }

    /** The index of the bracket closing the one at {@code open}, brackets inside strings aside; -1 when none. */
    static int closingOutsideStrings(String s, int open) {
        return new BracketText(CodeText.bare(s)).match[open];
    }

    /** The text without the brackets that enclose all of it (strings aside). */
    static String unbracket(String s) {
        BracketText t = new BracketText(CodeText.bare(s));
        int[] r = t.strip(0, s.length());
        return s.substring(r[0], r[1]);
    }

    /** {@code s} split on {@code sep} outside strings and brackets. */
    static List<String> splitOutsideStrings(String s, char sep) {
        List<String> out = new ArrayList<>();
        for (int[] r : new BracketText(CodeText.bare(s)).split(0, s.length(), String.valueOf(sep), false)) {
            out.add(s.substring(r[0], r[1]));
        }
        return out;
    }
}
