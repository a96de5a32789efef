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
        boolean python = lang == Lang.PYTHON;
        BracketText t = new BracketText(statement.strip());
        String s = t.s;
        if (python && s.startsWith("assert") && s.length() > 6 && (isSpace(s.charAt(6)) || s.charAt(6) == '(')) {
            int[] cond = t.split(6, s.length(), ",", false).get(0);
            String why = decided(t, cond, "or", TRUE, python);
            if (why != null) {
                return "assert " + why;
            }
        }
        if (!python && s.startsWith("assert") && s.length() > 6 && isSpace(s.charAt(6))) {
            // Java's assert statement: assert CONDITION [: MESSAGE];
            int end = s.endsWith(";") ? s.length() - 1 : s.length();
            int[] cond = t.split(6, end, ":", false).get(0);
            String why = decided(t, cond, "||", TRUE, false);
            if (why != null) {
                return "assert " + why;
            }
        }
        String call = calls(t, python);
        if (call != null) {
            return call;
        }
        return guard(t, lang, next);
    }

    /** The first assertion call in the statement whose condition a constant decides, or null. */
    private static String calls(BracketText t, boolean python) {
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
            String op;
            if (TRUTHY_CALLS.contains(name) || expect && startsWithAny(after, EXPECT_TRUE)) {
                constant = TRUE;
                op = python ? "or" : "||";
            } else if (FALSY_CALLS.contains(name) || expect && startsWithAny(after, EXPECT_FALSE)) {
                constant = FALSE;
                op = python ? "and" : "&&";
            } else {
                continue;
            }
            for (int[] a : t.split(i + 1, close, ",", false)) {
                String why = decided(t, a, op, constant, python);
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
    private static String guard(BracketText t, Lang lang, List<String> next) {
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
        String why = decided(t, cond, python ? "and" : "&&", FALSE, python);
        if (why == null) {
            String whole = t.text(t.strip(cond[0], cond[1]));
            why = FALSE.contains(squeeze(whole)) ? whole : null;
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
     * When the range is a chain of {@code op} outside brackets with an operand from {@code constant}, the chain as
     * shown; else null.
     */
    private static String decided(BracketText t, int[] range, String op, Set<String> constant, boolean python) {
        int[] c = t.strip(range[0], range[1]);
        List<int[]> operands = t.split(c[0], c[1], op, python);
        if (operands.size() < 2) {
            return null;
        }
        for (int[] o : operands) {
            if (constant.contains(squeeze(t.text(t.strip(o[0], o[1]))))) {
                return CodeText.snippet(t.text(c));
            }
        }
        return null;
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
                        || !Checks.any(bare, "assert", "Assert", "expect", "require", "if", "ok(")) {
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
                String why = vacuous(statement, s.lang(), body.stream().map(PatchView.Line::bare).toList());
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
