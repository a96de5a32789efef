// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How two outputs are to be judged equivalent, as the plan declares it. Stamped on every result
 * and never guessed: an unknown operator or a bad option becomes {@link Invalid}, whose comparisons
 * are undecidable (UNVERIFIED), never a silent fall-back to exact. The judging itself is
 * {@code judge.Equivalences}, so a plan is a value that knows nothing of verdicts.
 */
public sealed interface Equivalence {

    Equivalence EXACT = new Exact();

    /** The operator's name as declared. */
    String operator();

    /** The options as declared (for stamping into the result); none unless the operator takes some. */
    default ObjectNode options() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** Byte-for-byte equality. The default. */
    record Exact() implements Equivalence {
        @Override
        public String operator() {
            return "exact";
        }
    }

    /** The same lines the same number of times, in any order (a multiset of lines). */
    record LineMultiset() implements Equivalence {
        @Override
        public String operator() {
            return "set";
        }
    }

    /**
     * Both sides are JSON documents equal after normalisation: object key order never matters;
     * {@code ignore_keys} are dropped at any depth; {@code strip_whitespace} trims string values;
     * {@code normalise_numbers} compares numbers by value (1, 1.0 and 1e0 are equal).
     */
    record CanonicalJson(Set<String> ignoreKeys, boolean stripWhitespace, boolean normaliseNumbers)
            implements Equivalence {
        public CanonicalJson {
            ignoreKeys = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(ignoreKeys));
        }

        @Override
        public String operator() {
            return "canonical";
        }

        @Override
        public ObjectNode options() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            com.fasterxml.jackson.databind.node.ArrayNode keys = o.putArray("ignore_keys");
            ignoreKeys.forEach(keys::add);
            o.put("strip_whitespace", stripWhitespace);
            o.put("normalise_numbers", normaliseNumbers);
            return o;
        }
    }

    /**
     * Numbers within {@code abs_tol} or {@code rel_tol} of each other are equal (as
     * {@code math.isclose}), everything else exact. JSON documents are compared structurally;
     * other text line by line and token by token, numeric tokens with tolerance.
     */
    record Tolerant(double absTol, double relTol) implements Equivalence {
        public Tolerant {
            if (!(absTol >= 0) || !(relTol >= 0) || Double.isInfinite(absTol) || Double.isInfinite(relTol)) {
                throw new IllegalArgumentException("tolerances must be finite and non-negative");
            }
        }

        @Override
        public String operator() {
            return "tolerant";
        }

        @Override
        public ObjectNode options() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("abs_tol", absTol);
            o.put("rel_tol", relTol);
            return o;
        }
    }

    /** An operator that is unknown or whose options are wrong: every comparison is undecidable. */
    record Invalid(String operator, ObjectNode options, String reason) implements Equivalence {
        public Invalid {
            Objects.requireNonNull(operator, "operator");
            options = options.deepCopy();
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public ObjectNode options() {
            return options.deepCopy();
        }
    }

    /**
     * Reads a declared operator and its options. Never throws: whatever is wrong is kept as an
     * {@link Invalid} equivalence so that it surfaces as UNVERIFIED where it is used.
     */
    static Equivalence parse(String operator, JsonNode optionsNode) {
        ObjectNode options = optionsNode == null || optionsNode.isMissingNode() || optionsNode.isNull()
                ? JsonNodeFactory.instance.objectNode()
                : optionsNode.isObject() ? (ObjectNode) optionsNode : null;
        if (options == null) {
            return new Invalid(operator, JsonNodeFactory.instance.objectNode(), "options must be an object");
        }
        switch (operator) {
            case "exact", "set" -> {
                if (options.size() > 0) {
                    return new Invalid(operator, options, "operator " + operator + " takes no options, got '"
                            + options.fieldNames().next() + "'");
                }
                return operator.equals("exact") ? EXACT : new LineMultiset();
            }
            case "canonical" -> {
                return parseCanonical(options);
            }
            case "tolerant" -> {
                return parseTolerant(options);
            }
            default -> {
                return new Invalid(operator, options, "unknown equivalence operator '" + operator
                        + "' (known: exact, set, canonical, tolerant)");
            }
        }
    }

    private static Equivalence parseCanonical(ObjectNode options) {
        Set<String> ignore = new LinkedHashSet<>();
        boolean strip = false;
        boolean numbers = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            switch (e.getKey()) {
                case "ignore_keys" -> {
                    if (!v.isArray()) {
                        return new Invalid("canonical", options, "ignore_keys must be an array of strings");
                    }
                    for (JsonNode k : v) {
                        if (!k.isTextual()) {
                            return new Invalid("canonical", options, "ignore_keys must be an array of strings");
                        }
                        ignore.add(k.textValue());
                    }
                }
                case "strip_whitespace" -> {
                    if (!v.isBoolean()) {
                        return new Invalid("canonical", options, "strip_whitespace must be true or false");
                    }
                    strip = v.booleanValue();
                }
                case "normalise_numbers" -> {
                    if (!v.isBoolean()) {
                        return new Invalid("canonical", options, "normalise_numbers must be true or false");
                    }
                    numbers = v.booleanValue();
                }
                default -> {
                    return new Invalid("canonical", options, "unknown option '" + e.getKey()
                            + "' for canonical (known: ignore_keys, strip_whitespace, normalise_numbers)");
                }
            }
        }
        return new CanonicalJson(ignore, strip, numbers);
    }

    private static Equivalence parseTolerant(ObjectNode options) {
        double abs = 0;
        double rel = 0;
        boolean any = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (!e.getKey().equals("abs_tol") && !e.getKey().equals("rel_tol")) {
                return new Invalid("tolerant", options, "unknown option '" + e.getKey()
                        + "' for tolerant (known: abs_tol, rel_tol)");
            }
            if (!v.isNumber() || !(v.doubleValue() >= 0) || Double.isInfinite(v.doubleValue())) {
                return new Invalid("tolerant", options, e.getKey() + " must be a finite number >= 0");
            }
            if (e.getKey().equals("abs_tol")) {
                abs = v.doubleValue();
            } else {
                rel = v.doubleValue();
            }
            any = true;
        }
        if (!any) {
            return new Invalid("tolerant", options, "tolerant needs abs_tol or rel_tol");
        }
        return new Tolerant(abs, rel);
    }

    /** The declaration as written into results: operator and options. */
    default ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("operator", operator());
        o.set("options", options());
        return o;
    }
}
