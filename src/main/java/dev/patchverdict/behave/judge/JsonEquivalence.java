// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.plan.RelationOperator;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.JsonLimits;
import dev.patchverdict.json.JsonPointers;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The JSON-aware comparisons behind {@code canonical} and {@code tolerant}. */
final class JsonEquivalence {
    /** Outputs may be as large as the output cap, so the document limit follows it. */
    private static final StrictJson JSON = new StrictJson(
            new JsonLimits(256, (int) SandboxLimits.MAX_OUTPUT_BYTES, SandboxLimits.MAX_OUTPUT_BYTES + 1, 10_000));

    /** What counts as equal. Tolerances of zero with {@code tolerant == false} mean exact numbers. */
    record Rules(Set<String> ignoreKeys, boolean stripWhitespace, boolean normaliseNumbers, double absTol,
            double relTol, boolean tolerant) {
        Rules(Set<String> ignoreKeys, boolean stripWhitespace, boolean normaliseNumbers, double absTol,
                double relTol) {
            this(ignoreKeys, stripWhitespace, normaliseNumbers, absTol, relTol, false);
        }
    }

    private JsonEquivalence() {}

    static Comparison compare(String operator, byte[] expected, byte[] observed, Rules rules) {
        return compare(operator, expected, observed, rules, new JudgeDeadline.Work(JudgeDeadline.NONE));
    }

    static Comparison compare(String operator, byte[] expected, byte[] observed, Rules rules, JudgeDeadline.Work work) {
        JsonNode a;
        try {
            a = JSON.read(expected);
        } catch (JsonInputException e) {
            return new Comparison.Undecidable(operator, "the expected side is not JSON: " + e.getMessage());
        }
        JsonNode b;
        try {
            b = JSON.read(observed);
        } catch (JsonInputException e) {
            return new Comparison.Different(operator, "the whole document (observed is not JSON: " + e.getMessage()
                    + ")", TextDiff.unified(TextDiff.head(utf8(expected)), TextDiff.head(utf8(observed)), work));
        }
        return compareTrees(operator, a, b, rules, work);
    }

    static Comparison compareTolerant(String operator, byte[] expected, byte[] observed, double abs, double rel) {
        return compareTolerant(operator, expected, observed, abs, rel, new JudgeDeadline.Work(JudgeDeadline.NONE));
    }

    static Comparison compareTolerant(String operator, byte[] expected, byte[] observed, double abs, double rel,
            JudgeDeadline.Work work) {
        Rules rules = new Rules(Set.of(), false, true, abs, rel, true);
        Optional<JsonNode> a = tryJson(expected);
        Optional<JsonNode> b = tryJson(observed);
        if (a.isPresent() && b.isPresent()) {
            return compareTrees(operator, a.get(), b.get(), rules, work);
        }
        boolean text = Bytes.validUtf8(expected) && Bytes.validUtf8(observed);
        String ta = Bytes.decode(expected, text);
        String tb = Bytes.decode(observed, text);
        // Line by line and token by token over the texts, holding neither as a list.
        int pa = 0;
        int pb = 0;
        for (long line = 1; pa < ta.length() || pb < tb.length(); line++) {
            work.step();
            if (pa >= ta.length() || pb >= tb.length()) {
                return different(operator, "line " + line + (pb >= tb.length() ? " (observed ends early)"
                        : " (observed has extra lines)"), ta, tb, work);
            }
            int ea = TextDiff.lineEnd(ta, pa);
            int eb = TextDiff.lineEnd(tb, pb);
            int ia = pa;
            int ib = pb;
            for (long k = 1; ia < ea || ib < eb; k++) {
                work.step();
                if (ia >= ea || ib >= eb) {
                    return different(operator, "line " + line + " (token counts differ)", ta, tb, work);
                }
                int na = tokenEnd(ta, ia, ea);
                int nb = tokenEnd(tb, ib, eb);
                if (!tokenEqual(ta, ia, na, tb, ib, nb, rules)) {
                    return different(operator, "line " + line + ", token " + k + " (expected \""
                            + SafeText.escape(clip(ta, ia, na), REPORT) + "\", observed \""
                            + SafeText.escape(clip(tb, ib, nb), REPORT) + "\")", ta, tb, work);
                }
                ia = na;
                ib = nb;
            }
            pa = ea + 1;
            pb = eb + 1;
        }
        return new Comparison.Equivalent(operator);
    }

    private static Comparison.Different different(String operator, String where, String ta, String tb,
            JudgeDeadline.Work work) {
        return new Comparison.Different(operator, where, TextDiff.unified(TextDiff.head(ta), TextDiff.head(tb), work));
    }

    /** A token as a reason quotes it: never more than a reason keeps. */
    private static String clip(String s, int from, int to) {
        return s.substring(from, Math.min(to, from + Excerpts.FIELD));
    }

    /**
     * Where the token starting at {@code from} ends: runs of whitespace ({@code \\s}: space, tab,
     * line feed, vertical tab, form feed, carriage return) and of other characters alternate, and
     * whitespace is kept: only numbers are compared with tolerance, so the spacing between them
     * must match exactly like any other text.
     */
    private static int tokenEnd(String s, int from, int end) {
        boolean space = space(s.charAt(from));
        int i = from + 1;
        while (i < end && space(s.charAt(i)) == space) {
            i++;
        }
        return i;
    }

    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /**
     * Equal text, or two numbers close under the rules. A number too large to compute with
     * ({@link DecimalToken}) equals only its own text.
     */
    private static boolean tokenEqual(String s, int a, int ea, String t, int b, int eb, Rules rules) {
        if (ea - a == eb - b && s.regionMatches(a, t, b, ea - a)) {
            return true;
        }
        return DecimalToken.read(s.substring(a, ea)) instanceof DecimalToken.Bounded x
                && DecimalToken.read(t.substring(b, eb)) instanceof DecimalToken.Bounded y && close(x.value(), y.value(), rules);
    }

    private static Optional<JsonNode> tryJson(byte[] bytes) {
        try {
            return Optional.of(JSON.read(bytes));
        } catch (JsonInputException e) {
            return Optional.empty();
        }
    }

    private static Comparison compareTrees(String operator, JsonNode a, JsonNode b, Rules rules, JudgeDeadline.Work work) {
        Optional<String> d = firstDifference(a, b, "", rules, work);
        if (d.isEmpty()) {
            return new Comparison.Equivalent(operator);
        }
        if (work.passed()) {
            return new Comparison.Different(operator, d.get(), TextDiff.unified(List.of(), List.of(), work));
        }
        List<String> pa = TextDiff.head(pretty(normalise(a, rules)));
        List<String> pb = TextDiff.head(pretty(normalise(b, rules)));
        return new Comparison.Different(operator, d.get(), TextDiff.unified(pa, pb, work));
    }

    /** The JSON pointer of the first difference in document order (keys in code-point order). */
    static Optional<String> firstDifference(JsonNode a, JsonNode b, String pointer, Rules rules) {
        return firstDifference(a, b, pointer, rules, new JudgeDeadline.Work(JudgeDeadline.NONE));
    }

    private static Optional<String> firstDifference(JsonNode a, JsonNode b, String pointer, Rules rules,
            JudgeDeadline.Work work) {
        work.step();
        String at = "JSON path " + (pointer.isEmpty() ? "/" : pointer);
        if (a.isObject() && b.isObject()) {
            TreeSet<String> keys = new TreeSet<>(CanonicalJson::compareCodePoints);
            a.fieldNames().forEachRemaining(keys::add);
            b.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                if (rules.ignoreKeys().contains(k)) {
                    continue;
                }
                String child = JsonPointers.child(pointer, k);
                if (!a.has(k)) {
                    return Optional.of("JSON path " + child + " (not expected, present in observed)");
                }
                if (!b.has(k)) {
                    return Optional.of("JSON path " + child + " (expected, missing in observed)");
                }
                Optional<String> d = firstDifference(a.get(k), b.get(k), child, rules, work);
                if (d.isPresent()) {
                    return d;
                }
            }
            return Optional.empty();
        }
        if (a.isArray() && b.isArray()) {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                Optional<String> d = firstDifference(a.get(i), b.get(i), JsonPointers.child(pointer, i), rules, work);
                if (d.isPresent()) {
                    return d;
                }
            }
            return a.size() == b.size() ? Optional.empty()
                    : Optional.of(at + " (array of " + a.size() + " expected, " + b.size() + " observed)");
        }
        if (a.isNumber() && b.isNumber()) {
            return numbersEqual(a, b, rules) ? Optional.empty()
                    : Optional.of(at + " (expected " + a + ", observed " + b + ")");
        }
        if (a.isTextual() && b.isTextual()) {
            String x = rules.stripWhitespace() ? a.textValue().strip() : a.textValue();
            String y = rules.stripWhitespace() ? b.textValue().strip() : b.textValue();
            return x.equals(y) ? Optional.empty() : Optional.of(at + " (strings differ)");
        }
        if (a.getNodeType() != b.getNodeType()) {
            return Optional.of(at + " (expected " + kind(a) + ", observed " + kind(b) + ")");
        }
        return a.equals(b) ? Optional.empty() : Optional.of(at + " (expected " + a + ", observed " + b + ")");
    }

    private static boolean numbersEqual(JsonNode a, JsonNode b, Rules rules) {
        if (rules.tolerant()) {
            if (a.isIntegralNumber() && b.isIntegralNumber() && a.bigIntegerValue().equals(b.bigIntegerValue())) {
                return true;
            }
            java.util.Optional<BigDecimal> x = exact(a);
            java.util.Optional<BigDecimal> y = exact(b);
            return x.isPresent() && y.isPresent() ? close(x.get(), y.get(), rules) : close(a.doubleValue(), b.doubleValue(), rules);
        }
        if (rules.normaliseNumbers()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isIntegralNumber() != b.isIntegralNumber()) {
            return false;
        }
        return a.isIntegralNumber() ? a.bigIntegerValue().equals(b.bigIntegerValue())
                : Double.compare(a.doubleValue(), b.doubleValue()) == 0;
    }

    /** A JSON number's exact value; empty for a double that already overflowed when it was read. */
    private static java.util.Optional<BigDecimal> exact(JsonNode n) {
        if ((n.isDouble() || n.isFloat()) && !Double.isFinite(n.doubleValue())) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(n.decimalValue());
    }

    /**
     * The precision of a difference: exact whenever it has at most this many significant digits,
     * and otherwise rounded away from zero, so a difference is never taken for smaller than it is
     * (it can be taken for larger only within 10^-63 of itself, at a tolerance's very edge). The
     * smaller number is then folded into one digit, so no difference costs more than these many
     * digits, however far apart the exponents (1e9999 and 1e-9999).
     */
    private static final MathContext DIFFERENCE = new MathContext(64, RoundingMode.UP);

    /**
     * As {@link #close(double, double, Rules)} where both values fit a double, and exactly, in
     * decimal, where either does not: 1e400 and 7e999 are both infinity as doubles, and not equal.
     */
    private static boolean close(BigDecimal a, BigDecimal b, Rules rules) {
        if (a.compareTo(b) == 0) {
            return true;
        }
        double da = a.doubleValue();
        double db = b.doubleValue();
        boolean fits = Double.isFinite(da) && Double.isFinite(db) && (da != 0 || a.signum() == 0)
                && (db != 0 || b.signum() == 0);
        if (fits) {
            return close(da, db, rules);
        }
        BigDecimal diff = a.subtract(b, DIFFERENCE).abs();
        BigDecimal larger = a.abs().max(b.abs());
        BigDecimal bound = larger.multiply(new BigDecimal(Double.toString(rules.relTol())))
                .max(new BigDecimal(Double.toString(rules.absTol())));
        return diff.compareTo(bound) <= 0;
    }

    /** As Python's math.isclose: within rel_tol of the larger magnitude, or within abs_tol. */
    private static boolean close(double a, double b, Rules rules) {
        if (a == b) {
            return true;
        }
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            return false;
        }
        double diff = Math.abs(a - b);
        return diff <= Math.max(rules.relTol() * Math.max(Math.abs(a), Math.abs(b)), rules.absTol());
    }

    private static String kind(JsonNode n) {
        return switch (n.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> n.getNodeType().toString();
        };
    }

    /** The document as compared: ignored keys gone, strings trimmed if asked, keys sorted. */
    private static JsonNode normalise(JsonNode n, Rules rules) {
        if (n.isObject()) {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            List<String> keys = new ArrayList<>();
            n.fieldNames().forEachRemaining(keys::add);
            keys.sort(CanonicalJson::compareCodePoints);
            for (String k : keys) {
                if (!rules.ignoreKeys().contains(k)) {
                    o.set(k, normalise(n.get(k), rules));
                }
            }
            return o;
        }
        if (n.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode arr = JsonNodeFactory.instance.arrayNode();
            n.forEach(e -> arr.add(normalise(e, rules)));
            return arr;
        }
        if (n.isTextual() && rules.stripWhitespace()) {
            return JsonNodeFactory.instance.textNode(n.textValue().strip());
        }
        return n;
    }

    /** One scalar per line, so a line diff points at the value that differs. */
    static String pretty(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        pretty(n, sb, 0);
        sb.append('\n');
        return sb.toString();
    }

    private static void pretty(JsonNode n, StringBuilder sb, int depth) {
        if (n.isObject() && n.size() > 0) {
            sb.append("{\n");
            Iterator<String> it = n.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                indent(sb, depth + 1);
                sb.append(CanonicalJson.string(JsonNodeFactory.instance.textNode(k))).append(": ");
                pretty(n.get(k), sb, depth + 1);
                sb.append(it.hasNext() ? ",\n" : "\n");
            }
            indent(sb, depth);
            sb.append('}');
        } else if (n.isArray() && n.size() > 0) {
            sb.append("[\n");
            for (int i = 0; i < n.size(); i++) {
                indent(sb, depth + 1);
                pretty(n.get(i), sb, depth + 1);
                sb.append(i + 1 < n.size() ? ",\n" : "\n");
            }
            indent(sb, depth);
            sb.append(']');
        } else {
            sb.append(CanonicalJson.string(n));
        }
    }

    private static void indent(StringBuilder sb, int depth) {
        sb.append("  ".repeat(depth));
    }

    private static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    // Relations: their JSON arrays and numbers are read and compared as the checks' are.

    /** The output as a JSON document, read under the judge's bounds; empty when it is not one. */
    static Optional<JsonNode> document(byte[] bytes) {
        return tryJson(bytes);
    }

    /**
     * A numeric relation: each output one number, read as a token of {@code tolerant} is
     * ({@link DecimalToken}: at most 1000 significant digits and 10^±9999, surrounding white
     * space aside), the followup's compared with the source's. Equal means close under the
     * tolerances, as {@code tolerant} judges numbers; {@code <} and {@code >} need numbers that
     * are not equal, {@code <=} and {@code >=} accept them. A number past those bounds equals only
     * its own text and cannot be ordered.
     */
    static Comparison compareNumbers(String operator, byte[] source, byte[] followup,
            RelationOperator.NumericComparison comparison, double abs, double rel, JudgeDeadline.Work work) {
        String a = number(source);
        String b = number(followup);
        DecimalToken.Read x = DecimalToken.read(a);
        if (x instanceof DecimalToken.NotANumber) {
            return new Comparison.Undecidable(operator, "the source's output is not one number");
        }
        DecimalToken.Read y = DecimalToken.read(b);
        if (y instanceof DecimalToken.NotANumber) {
            return new Comparison.Undecidable(operator, "the followup's output is not one number");
        }
        work.step();
        boolean holds;
        if (x instanceof DecimalToken.Bounded sx && y instanceof DecimalToken.Bounded fy) {
            Rules rules = new Rules(Set.of(), false, true, abs, rel, true);
            boolean equal = close(fy.value(), sx.value(), rules);
            int order = fy.value().compareTo(sx.value());
            holds = switch (comparison) {
                case LESS -> order < 0 && !equal;
                case LESS_OR_EQUAL -> order < 0 || equal;
                case EQUAL -> equal;
                case GREATER_OR_EQUAL -> order > 0 || equal;
                case GREATER -> order > 0 && !equal;
            };
        } else if (a.equals(b)) {
            holds = comparison == RelationOperator.NumericComparison.EQUAL
                    || comparison == RelationOperator.NumericComparison.LESS_OR_EQUAL
                    || comparison == RelationOperator.NumericComparison.GREATER_OR_EQUAL;
        } else if (comparison == RelationOperator.NumericComparison.EQUAL) {
            holds = false;
        } else {
            return new Comparison.Undecidable(operator, "a number past " + DecimalToken.MAX_DIGITS
                    + " significant digits or 10^" + DecimalToken.MAX_EXPONENT + " equals only its own text,"
                    + " and is not ordered");
        }
        if (holds) {
            return new Comparison.Equivalent(operator);
        }
        String tolerance = abs == 0 && rel == 0 ? "" : " within abs_tol " + abs + " or rel_tol " + rel;
        return new Comparison.Different(operator, "followup " + Excerpts.fit(b, 60, "...") + " " + comparison.symbol()
                + " source " + Excerpts.fit(a, 60, "...") + tolerance + " does not hold",
                TextDiff.unified(List.of(Excerpts.fit(a, 400, "...")), List.of(Excerpts.fit(b, 400, "...")), work));
    }

    /** An output as one number would be written: its text, white space around it aside. */
    private static String number(byte[] output) {
        return new String(output, StandardCharsets.UTF_8).strip();
    }
}
