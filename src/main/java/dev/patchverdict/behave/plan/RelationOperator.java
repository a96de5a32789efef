// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * What must hold between a relation's two standard outputs, always read as "the followup's
 * output OPERATOR the source's output". An equivalence operator of the checks ({@code exact},
 * {@code set}, {@code canonical}, {@code tolerant}: the followup's output equivalent to the
 * source's), or one of the relations equivalence cannot say. Unlike a check's equivalence, an
 * unknown operator or a bad option is refused when the plan is read: a relation that could never
 * be judged would silently never veto.
 */
public sealed interface RelationOperator {

    /** The operator's name as declared. */
    String operator();

    /** The options as declared, for stamping into the result. */
    default ObjectNode options() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** The followup's output equivalent to the source's, under one of the checks' operators. */
    record Equivalent(Equivalence equivalence) implements RelationOperator {
        public Equivalent {
            Objects.requireNonNull(equivalence, "equivalence");
            if (equivalence instanceof Equivalence.Invalid i) {
                throw new IllegalArgumentException(i.reason());
            }
        }

        @Override
        public String operator() {
            return equivalence.operator();
        }

        @Override
        public ObjectNode options() {
            return equivalence.options();
        }
    }

    /**
     * The followup's items are the source's, the same number of times, in any order. Items are the
     * elements when both outputs are JSON arrays, and lines otherwise.
     */
    record PermutationOf() implements RelationOperator {
        @Override
        public String operator() {
            return "permutation_of";
        }
    }

    /** Every item of the followup's output is one of the source's, counted (a sub-multiset). */
    record SubsetOf() implements RelationOperator {
        @Override
        public String operator() {
            return "subset_of";
        }
    }

    /** How a numeric relation compares the followup's number with the source's. */
    enum NumericComparison {
        LESS("<"),
        LESS_OR_EQUAL("<="),
        EQUAL("="),
        GREATER_OR_EQUAL(">="),
        GREATER(">");

        private final String symbol;

        NumericComparison(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        static NumericComparison of(String symbol) {
            for (NumericComparison c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("comparison must be one of <, <=, =, >=, >: \"" + symbol + "\"");
        }
    }

    /**
     * Each output is one number; the followup's compares with the source's as declared. Two
     * numbers within {@code abs_tol} or {@code rel_tol} of each other are equal (as the checks'
     * {@code tolerant} has it): {@code <} and {@code >} then need numbers that are not equal,
     * {@code <=} and {@code >=} accept them.
     */
    record Numeric(NumericComparison comparison, Equivalence.Tolerant tolerance) implements RelationOperator {
        public Numeric {
            Objects.requireNonNull(comparison, "comparison");
            Objects.requireNonNull(tolerance, "tolerance");
        }

        public double absTol() {
            return tolerance.absTol();
        }

        public double relTol() {
            return tolerance.relTol();
        }

        @Override
        public String operator() {
            return "numeric";
        }

        @Override
        public ObjectNode options() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("comparison", comparison.symbol());
            o.setAll(tolerance.options());
            return o;
        }
    }

    /** The declaration as written into results: operator and options. */
    default ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("operator", operator());
        o.set("options", options());
        return o;
    }

    /** The operators a relation may name, in the order the manual lists them. */
    String KNOWN = "exact, set, canonical, tolerant, permutation_of, subset_of, numeric";

    /**
     * Reads a declared relation. Throws {@link IllegalArgumentException} naming what is wrong: an
     * unknown operator, an unknown option, an option of the wrong type.
     */
    static RelationOperator parse(String operator, JsonNode optionsNode) {
        if (optionsNode != null && !optionsNode.isNull() && !optionsNode.isMissingNode() && !optionsNode.isObject()) {
            throw new IllegalArgumentException("options must be an object");
        }
        ObjectNode options = optionsNode == null || !optionsNode.isObject() ? JsonNodeFactory.instance.objectNode()
                : (ObjectNode) optionsNode;
        switch (operator) {
            case "exact", "set", "canonical", "tolerant" -> {
                return new Equivalent(Equivalence.parse(operator, options));
            }
            case "permutation_of", "subset_of" -> {
                if (options.size() > 0) {
                    throw new IllegalArgumentException("operator " + operator + " takes no options, got '"
                            + options.fieldNames().next() + "'");
                }
                return operator.equals("subset_of") ? new SubsetOf() : new PermutationOf();
            }
            case "numeric" -> {
                return numeric(options);
            }
            default -> throw new IllegalArgumentException("unknown relation operator '" + operator + "' (known: "
                    + KNOWN + ")");
        }
    }

    /** The comparison, and the tolerances read as {@code tolerant} reads them (none: exact). */
    private static Numeric numeric(ObjectNode options) {
        NumericComparison comparison = null;
        ObjectNode tolerances = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            switch (e.getKey()) {
                case "comparison" -> {
                    if (!e.getValue().isTextual()) {
                        throw new IllegalArgumentException("comparison must be one of <, <=, =, >=, >");
                    }
                    comparison = NumericComparison.of(e.getValue().textValue());
                }
                case "abs_tol", "rel_tol" -> tolerances.set(e.getKey(), e.getValue());
                default -> throw new IllegalArgumentException("unknown option '" + e.getKey()
                        + "' for numeric (known: comparison, abs_tol, rel_tol)");
            }
        }
        if (comparison == null) {
            throw new IllegalArgumentException("numeric needs a comparison: one of <, <=, =, >=, >");
        }
        if (tolerances.isEmpty()) {
            return new Numeric(comparison, new Equivalence.Tolerant(0, 0));
        }
        Equivalence t = Equivalence.parse("tolerant", tolerances);
        if (t instanceof Equivalence.Invalid i) {
            throw new IllegalArgumentException(i.reason());
        }
        return new Numeric(comparison, (Equivalence.Tolerant) t);
    }
}
