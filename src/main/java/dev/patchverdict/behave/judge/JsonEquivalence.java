// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.JsonLimits;
import dev.patchverdict.json.JsonPointers;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.text.SafeText;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** The JSON-aware comparisons behind {@code canonical} and {@code tolerant}. */
final class JsonEquivalence {
    /** Outputs may be as large as the output cap, so the document limit follows it. */
    private static final StrictJson JSON = new StrictJson(
            new JsonLimits(256, (int) SandboxLimits.MAX_OUTPUT_BYTES, SandboxLimits.MAX_OUTPUT_BYTES + 1, 10_000));
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

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
                    + ")", TextDiff.unified(TextDiff.lines(utf8(expected)), TextDiff.lines(utf8(observed))));
        }
        return compareTrees(operator, a, b, rules);
    }

    static Comparison compareTolerant(String operator, byte[] expected, byte[] observed, double abs, double rel) {
        Rules rules = new Rules(Set.of(), false, true, abs, rel, true);
        Optional<JsonNode> a = tryJson(expected);
        Optional<JsonNode> b = tryJson(observed);
        if (a.isPresent() && b.isPresent()) {
            return compareTrees(operator, a.get(), b.get(), rules);
        }
        boolean text = Bytes.validUtf8(expected) && Bytes.validUtf8(observed);
        List<String> la = TextDiff.lines(Bytes.decode(expected, text));
        List<String> lb = TextDiff.lines(Bytes.decode(observed, text));
        for (int i = 0; i < Math.max(la.size(), lb.size()); i++) {
            if (i >= la.size() || i >= lb.size()) {
                return new Comparison.Different(operator, "line " + (i + 1)
                        + (i >= lb.size() ? " (observed ends early)" : " (observed has extra lines)"),
                        TextDiff.unified(la, lb));
            }
            String[] ta = tokens(la.get(i));
            String[] tb = tokens(lb.get(i));
            for (int k = 0; k < Math.max(ta.length, tb.length); k++) {
                if (k >= ta.length || k >= tb.length) {
                    return new Comparison.Different(operator, "line " + (i + 1) + " (token counts differ)",
                            TextDiff.unified(la, lb));
                }
                if (!tokenEqual(ta[k], tb[k], rules)) {
                    return new Comparison.Different(operator, "line " + (i + 1) + ", token " + (k + 1)
                            + " (expected \"" + SafeText.escape(ta[k], REPORT) + "\", observed \""
                            + SafeText.escape(tb[k], REPORT) + "\")", TextDiff.unified(la, lb));
                }
            }
        }
        return new Comparison.Equivalent(operator);
    }

    /**
     * Alternating runs of whitespace and of other characters, whitespace kept: only numbers are
     * compared with tolerance, so the spacing between them must match exactly like any other text.
     */
    private static String[] tokens(String line) {
        return line.isEmpty() ? new String[0] : line.split("(?<=\\s)(?=\\S)|(?<=\\S)(?=\\s)");
    }

    private static boolean tokenEqual(String a, String b, Rules rules) {
        if (a.equals(b)) {
            return true;
        }
        if (NUMBER.matcher(a).matches() && NUMBER.matcher(b).matches()) {
            return close(new BigDecimal(a), new BigDecimal(b), rules);
        }
        return false;
    }

    private static Optional<JsonNode> tryJson(byte[] bytes) {
        try {
            return Optional.of(JSON.read(bytes));
        } catch (JsonInputException e) {
            return Optional.empty();
        }
    }

    private static Comparison compareTrees(String operator, JsonNode a, JsonNode b, Rules rules) {
        Optional<String> d = firstDifference(a, b, "", rules);
        if (d.isEmpty()) {
            return new Comparison.Equivalent(operator);
        }
        List<String> pa = TextDiff.lines(pretty(normalise(a, rules)));
        List<String> pb = TextDiff.lines(pretty(normalise(b, rules)));
        return new Comparison.Different(operator, d.get(), TextDiff.unified(pa, pb));
    }

    /** The JSON pointer of the first difference in document order (keys in code-point order). */
    static Optional<String> firstDifference(JsonNode a, JsonNode b, String pointer, Rules rules) {
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
                Optional<String> d = firstDifference(a.get(k), b.get(k), child, rules);
                if (d.isPresent()) {
                    return d;
                }
            }
            return Optional.empty();
        }
        if (a.isArray() && b.isArray()) {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                Optional<String> d = firstDifference(a.get(i), b.get(i), JsonPointers.child(pointer, i), rules);
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
        BigDecimal diff = a.subtract(b).abs();
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
}
