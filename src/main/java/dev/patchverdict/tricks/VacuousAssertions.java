// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import static dev.patchverdict.text.LinearPattern.isSpace;
import static dev.patchverdict.text.LinearPattern.isWord;

import dev.patchverdict.diff.LineKind;
import dev.patchverdict.tricks.PathKinds.Lang;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Assertions a boolean short-circuit makes vacuous: the checked condition stays in the line, but a constant
 * operand decides it ({@code assert True or x == y}, {@code assertTrue(x.equals(y) || true)},
 * {@code expect(true || a === b).toBe(true)}, {@code assert.False(t, false && ok)}, {@code if false && got != want
 * { t.Errorf(...) }}), and their kin, a check put under a constant-false guard ({@code if False:},
 * {@code if (false) {}). Hand scanners over the statement with its string literals blanked: one pass each, with a
 * bracket depth, so an operator inside a call or a string never splits the condition.
 */
final class VacuousAssertions {
    private VacuousAssertions() {}

    /** Assertion calls whose condition must be true, and those whose condition must be false. */
    /** What a line holding a check holds: one of these. */
    private static final long CHECK_WORDS = Words.BARE.mask("assert", "Assert", "expect", "require", "if", "ok(");
    private static final List<String> TRUTHY_CALLS = List.of("assertTrue", "assertThat", "assert", "assert.ok", "assert.True",
            "assert.Truef", "require.True", "require.Truef", "assert.isTrue", "assert.isOk", "assertk.assertThat");
    private static final List<String> FALSY_CALLS = List.of("assertFalse", "assert.False", "assert.Falsef", "require.False",
            "require.Falsef", "assert.isFalse", "assert.isNotOk");
    private static final Set<String> TRUE = Set.of("True", "true", "1", "not False", "not None", "not 0", "!false", "!0", "!!true",
            "!!1");
    private static final Set<String> FALSE = Set.of("False", "false", "0", "None", "null", "undefined", "not True", "not 1",
            "!true", "!1");
    /** What follows {@code expect(...)} when the condition must be true, and when it must be false. */
    private static final List<String> EXPECT_TRUE = List.of(".toBe(true)", ".toBeTruthy()", ".toEqual(true)", ".toStrictEqual(true)",
            ".to.be.true", ".to.be.ok", ".toBeTrue()");
    private static final List<String> EXPECT_FALSE = List.of(".toBe(false)", ".toBeFalsy()", ".toEqual(false)",
            ".toStrictEqual(false)", ".to.be.false", ".toBeFalse()");

    /**
     * How deep assertion calls inside assertion calls are looked into: each look is one pass over its arguments, and
     * calls side by side do not overlap, so a statement is read at most this many times over.
     */
    private static final int MAX_NESTING = 4;

    /**
     * Why the statement's assertion cannot fail, or null. {@code statement} is the added statement (continuation
     * lines joined) with its string literals blanked; {@code next} the added lines after it, for a guard's body.
     */
    static String vacuous(String statement, Lang lang, List<String> next) {
        return vacuous(statement, lang, false, next);
    }

    /** As above; {@code kotlin} for a Kotlin file, whose infix {@code or} and {@code and} short-circuit nothing but decide alike. */
    static String vacuous(String statement, Lang lang, boolean kotlin, List<String> next) {
        boolean python = lang == Lang.PYTHON;
        Ops ops = Ops.of(lang, kotlin);
        BracketText t = new BracketText(statement.strip());
        String s = t.s;
        if (python && s.startsWith("assert") && s.length() > 6 && (isSpace(s.charAt(6)) || s.charAt(6) == '(')) {
            int[] cond = t.split(6, s.length(), ",", false).get(0);
            String why = decided(t, cond, ops.truthy, TRUE);
            if (why != null) {
                return "assert " + why;
            }
        }
        if (!python && s.startsWith("assert") && s.length() > 6 && isSpace(s.charAt(6))) {
            // Java's assert statement: assert CONDITION [: MESSAGE];
            int end = s.endsWith(";") ? s.length() - 1 : s.length();
            int[] cond = t.split(6, end, ":", false).get(0);
            String why = decided(t, cond, ops.truthy, TRUE);
            if (why != null) {
                return "assert " + why;
            }
        }
        String call = calls(t, ops);
        if (call != null) {
            return call;
        }
        return guard(t, lang, ops, next);
    }

    /**
     * The operators that join a condition, as separators: those a true operand decides ({@code or}, {@code ||}, and
     * Java's non-short-circuit {@code |}, whose operands are compared first), and those a false one decides. Kotlin's
     * infix {@code or} and {@code and} are words. Python's {@code |} binds tighter than {@code ==}, so it is not one.
     */
    private record Ops(List<Sep> truthy, List<Sep> falsy) {
        static Ops of(Lang lang, boolean kotlin) {
            if (lang == Lang.PYTHON) {
                return new Ops(List.of(new Sep("or", true)), List.of(new Sep("and", true)));
            }
            if (kotlin) {
                return new Ops(List.of(new Sep("||", false), new Sep("or", true)), List.of(new Sep("&&", false), new Sep("and", true)));
            }
            if (lang == Lang.JAVA) {
                return new Ops(List.of(new Sep("||", false), new Sep("|", false)), List.of(new Sep("&&", false), new Sep("&", false)));
            }
            return new Ops(List.of(new Sep("||", false)), List.of(new Sep("&&", false)));
        }
    }

    /** A separator, and whether it needs word edges. */
    private record Sep(String op, boolean word) {}

    /** The first assertion call in the statement whose condition a constant decides, or null. */
    private static String calls(BracketText t, Ops ops) {
        String s = t.s;
        int n = s.length();
        // The closing brackets of the assertion calls being read, innermost last.
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        // A name is the run of word characters and dots just before its '(': runs do not overlap, so this is one pass.
        for (int i = 1; i < n; i++) {
            while (!open.isEmpty() && open.peekLast() < i) {
                open.removeLast();
            }
            if (s.charAt(i) != '(' || t.match[i] < 0) {
                continue;
            }
            int nameStart = i;
            while (nameStart > 0 && (isWord(s.charAt(nameStart - 1)) || s.charAt(nameStart - 1) == '.')) {
                nameStart--;
            }
            String name = s.substring(nameStart, i);
            if (name.startsWith("self.") || name.startsWith("this.")) {
                name = name.substring(5);
            }
            boolean expect = name.equals("expect");
            if (!expect && !TRUTHY_CALLS.contains(name) && !FALSY_CALLS.contains(name) || open.size() >= MAX_NESTING) {
                continue;
            }
            open.addLast(t.match[i]);
            int close = t.match[i];
            String after = squeeze(s.substring(close + 1, Math.min(n, close + 40)));
            Set<String> constant;
            List<Sep> op;
            if (TRUTHY_CALLS.contains(name) || expect && startsWithAny(after, EXPECT_TRUE)) {
                constant = TRUE;
                op = ops.truthy;
            } else if (FALSY_CALLS.contains(name) || expect && startsWithAny(after, EXPECT_FALSE)) {
                constant = FALSE;
                op = ops.falsy;
            } else {
                continue;
            }
            for (int[] a : t.split(i + 1, close, ",", false)) {
                String why = decided(t, a, op, constant);
                if (why != null) {
                    return name + "(" + why + ")";
                }
            }
        }
        return null;
    }

    private static boolean startsWithAny(String s, List<String> prefixes) {
        for (String x : prefixes) {
            if (s.startsWith(x)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code if False:}, {@code if (false) {}, {@code if false && ... {} and their kin, whose body holds a check:
     * the check never runs. The body is the rest of the line or the next added lines.
     */
    private static String guard(BracketText t, Lang lang, Ops ops, List<String> next) {
        boolean python = lang == Lang.PYTHON;
        String s = t.s;
        if (!s.startsWith("if") || s.length() <= 2 || !(isSpace(s.charAt(2)) || s.charAt(2) == '(')) {
            return null;
        }
        int[] cond;
        List<String> body = next;
        if (python) {
            if (!s.endsWith(":")) {
                return null;
            }
            cond = new int[] {2, s.length() - 1};
        } else {
            int brace = s.lastIndexOf('{');
            if (brace < 0) {
                return null;
            }
            cond = new int[] {2, brace};
            String rest = s.substring(brace + 1);
            if (!rest.isBlank()) {
                body = List.of(rest);
            }
        }
        String why = decided(t, cond, ops.falsy, FALSE);
        if (why == null) {
            String whole = t.text(t.strip(cond[0], cond[1]));
            why = constant(whole, FALSE) ? whole : null;
        }
        if (why == null) {
            return null;
        }
        for (String l : body.subList(0, Math.min(3, body.size()))) {
            if (Checks.ASSERTION.matcher(l).find()) {
                return "if " + why + ": " + CodeText.snippet(l);
            }
        }
        return null;
    }

    /**
     * When the range is a chain of one of {@code ops} outside brackets with an operand that is constantly what
     * {@code constant} holds, the chain as shown; else null. One split a separator (at most three).
     */
    private static String decided(BracketText t, int[] range, List<Sep> ops, Set<String> constant) {
        int[] c = t.strip(range[0], range[1]);
        for (Sep op : ops) {
            List<int[]> operands = t.split(c[0], c[1], op.op(), op.word());
            if (operands.size() < 2) {
                continue;
            }
            for (int[] o : operands) {
                if (constant(t.text(t.strip(o[0], o[1])), constant)) {
                    return CodeText.snippet(t.text(c));
                }
            }
        }
        return null;
    }

    /**
     * Whether an operand (strings blanked, quotes kept) is constantly true ({@code constant == TRUE}) or false: a
     * constant of the set; a string literal, true when it has content and false when empty (Python and JavaScript
     * read them so; the other languages do not compile a string there); a number, true unless zero; or a
     * comparison of two numbers, or of a name with itself, that the literals decide ({@code 1 == 1},
     * {@code 1 == 2}, {@code x != x}).
     */
    static boolean constant(String operand, Set<String> constant) {
        String q = squeeze(operand);
        if (constant.contains(q)) {
            return true;
        }
        boolean wantTrue = constant == TRUE;
        String o = operand.strip();
        if (stringLiteral(o)) {
            return (o.length() - prefix(o) > 2) == wantTrue;
        }
        if (!q.isEmpty() && allDigits(q)) {
            return !allZeros(q) == wantTrue;
        }
        Boolean compared = compared(q);
        return compared != null && compared == wantTrue;
    }

    /** A string literal alone, with an optional letter prefix ({@code f'..'}, {@code r".."}). */
    private static boolean stringLiteral(String o) {
        int p = prefix(o);
        if (o.length() - p < 2) {
            return false;
        }
        char q = o.charAt(p);
        if (q != '"' && q != '\'' && q != '`' || o.charAt(o.length() - 1) != q) {
            return false;
        }
        // Blanked contents: only the closing quote may be a quote.
        return o.indexOf(q, p + 1) == o.length() - 1;
    }

    private static int prefix(String o) {
        int p = 0;
        while (p < o.length() && p < 2 && Character.isLetter(o.charAt(p))) {
            p++;
        }
        return p;
    }

    private static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean allZeros(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != '0') {
                return false;
            }
        }
        return true;
    }

    /** The value of {@code A OP B} (squeezed) when the literals decide it: two numbers, or one name twice; else null. */
    private static Boolean compared(String q) {
        for (String op : new String[] {"===", "!==", "==", "!=", "<=", ">=", "<", ">"}) {
            int i = q.indexOf(op);
            if (i <= 0) {
                continue;
            }
            String a = q.substring(0, i);
            String b = q.substring(i + op.length());
            if (b.isEmpty() || "=<>!".indexOf(b.charAt(0)) >= 0 || "=<>!".indexOf(a.charAt(a.length() - 1)) >= 0) {
                continue;
            }
            if (allDigits(a) && allDigits(b) && a.length() < 18 && b.length() < 18) {
                long x = Long.parseLong(a);
                long y = Long.parseLong(b);
                return switch (op) {
                    case "===", "==" -> x == y;
                    case "!==", "!=" -> x != y;
                    case "<=" -> x <= y;
                    case ">=" -> x >= y;
                    case "<" -> x < y;
                    default -> x > y;
                };
            }
            if (a.equals(b) && plainName(a)) {
                return op.equals("==") || op.equals("===") || op.equals("<=") || op.equals(">=");
            }
            return null;
        }
        return null;
    }

    private static boolean plainName(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isWord(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Blanks squeezed out, one space kept between two words ({@code not False}). */
    private static String squeeze(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isSpace(c)) {
                space = sb.length() > 0;
                continue;
            }
            if (space && isWord(c) && isWord(sb.charAt(sb.length() - 1))) {
                sb.append(' ');
            }
            space = false;
            sb.append(c);
        }
        return sb.toString();
    }

    /**
     * The rule: each added statement of a code file, joined over its continuation lines, whose assertion a constant
     * decides. A test file the patch creates is passed over, as for {@code assertion-trivial}: its checks are its own.
     */
    static void check(TrickRule r, PatchView patch, List<TrickHit> out) {
        for (PatchView.Section s : patch.sections()) {
            if (!s.code() || s.created() && s.test() || PathKinds.isTestFramework(s.path())) {
                continue;
            }
            List<PatchView.Line> lines = s.lines();
            for (int i = 0; i < lines.size(); i++) {
                PatchView.Line l = lines.get(i);
                String bare = l.bare();
                if (l.kind() != LineKind.ADDED || bare.isBlank()
                        || !l.bareHas(CHECK_WORDS)) {
                    continue;
                }
                String statement = joined(lines, i);
                // A guard's body: the lines after it as they will stand, kept ones included (a check left in place
                // under a new guard is the trick).
                List<PatchView.Line> body = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && j < i + 8 && body.size() < 3; j++) {
                    PatchView.Line n = lines.get(j);
                    if (n.kind() != LineKind.REMOVED && n.kind() != LineKind.NO_NEWLINE_MARKER && !n.bare().isBlank()) {
                        body.add(n);
                    }
                }
                boolean kotlin = s.path().endsWith(".kt") || s.path().endsWith(".kts");
                String why = vacuous(statement, s.lang(), kotlin, body.stream().map(PatchView.Line::bare).toList());
                if (why != null) {
                    // The message shows the lines as written; the scan read them with their strings blanked.
                    String shown = CodeText.snippet(l.code());
                    if (why.startsWith("if ")) {
                        PatchView.Line guarded = body.stream().filter(b -> Checks.ASSERTION.matcher(b.bare()).find()).findFirst()
                                .orElseThrow();
                        shown += " guards " + CodeText.snippet(guarded.code());
                    }
                    out.add(new TrickHit(r.id(), r.severity(), "adds an assertion a constant decides: " + shown, s.path(), s.index(),
                            l.hunkIndex(), l.lineNumber()));
                }
            }
        }
    }

    /** The added statement at {@code i} with its continuation lines while brackets stay open (at most 20 lines). */
    private static String joined(List<PatchView.Line> lines, int i) {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (int j = i; j < lines.size() && j < i + 20; j++) {
            PatchView.Line l = lines.get(j);
            if (l.kind() != LineKind.ADDED) {
                break;
            }
            String b = l.bare();
            sb.append(b).append(' ');
            for (int k = 0; k < b.length(); k++) {
                char c = b.charAt(k);
                depth += c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
            }
            if (depth <= 0 && !b.stripTrailing().endsWith("\\")) {
                break;
            }
        }
        return sb.toString().replace("\\ ", " ");
    }
}
