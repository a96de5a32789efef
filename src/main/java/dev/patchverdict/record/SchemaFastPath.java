// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A shipped schema compiled into plain checks that answer only "valid" or "not sure", so the common case, a valid
 * document, costs a walk over it rather than the validator's general machinery. "Not sure" sends the document to the
 * validator exactly as before, which stays the sole author of every problem reported; the one promise here is that
 * a document called valid is one the validator also accepts. Wherever the validator's behaviour is subtle, this side
 * is the stricter: a fractional number where an integer, a bound, an {@code enum} or a {@code const} is checked,
 * equal-valued array items under {@code uniqueItems}, a date-time outside the plain RFC 3339 form, a string holding
 * a surrogate under {@code pattern}: all "not sure". A schema using a keyword or form not listed in
 * {@link #compile} is not compiled at all, and every document of it goes to the validator.
 *
 * <p>Inside {@code not}, {@code anyOf} and {@code if} a definite "invalid" is needed too, so each check answers
 * {@link #VALID}, {@link #INVALID} (the validator certainly rejects it) or {@link #UNSURE}.
 */
final class SchemaFastPath {
    static final int VALID = 0;
    static final int INVALID = 1;
    static final int UNSURE = 2;

    /** One keyword (or a group of them) of one schema, applied to an instance. */
    private interface Check {
        int test(JsonNode node);
    }

    private static final Check[] NONE = new Check[0];
    private static final Check FALSE = node -> INVALID;

    private final Check root;

    private SchemaFastPath(Check root) {
        this.root = root;
    }

    /** Whether the validator is certain to accept {@code document}; false means only "ask the validator". */
    boolean provesValid(JsonNode document) {
        return document != null && root.test(document) == VALID;
    }

    /** The three-valued answer, for tests. */
    int check(JsonNode document) {
        return root.test(document);
    }

    /**
     * Compiles a draft 2020-12 schema, or returns null when it uses anything outside what this class knows:
     * {@code type $ref $defs properties additionalProperties required const enum minimum maximum exclusiveMinimum
     * exclusiveMaximum items prefixItems minItems maxItems uniqueItems minLength maxLength pattern not if then else
     * anyOf allOf maxProperties propertyNames}, {@code format: date-time}, and the annotations {@code title
     * description $comment examples default}; {@code $ref} only to {@code #} or {@code #/$defs/NAME}.
     */
    static SchemaFastPath compile(JsonNode schema) {
        try {
            Compiler c = new Compiler(schema);
            Check root = c.schema(schema, true);
            c.resolve();
            return new SchemaFastPath(root);
        } catch (SchemaRegex.Unsupported e) {
            return null;
        }
    }

    private static SchemaRegex.Unsupported unsupported(String why) {
        return new SchemaRegex.Unsupported(why);
    }

    private static final Set<String> ANNOTATIONS = Set.of("title", "description", "$comment", "examples", "default");
    private static final Set<String> ROOT_ONLY = Set.of("$schema", "$id");
    private static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
    private static final long EXACT_IN_DOUBLE = 1L << 53;

    private static final class Compiler {
        private final JsonNode rootSchema;
        private final Map<String, Check[]> defs = new HashMap<>();
        private final List<Ref> refs = new ArrayList<>();
        private final Map<String, SchemaRegex> patterns = new HashMap<>();
        private Check rootCheck;

        Compiler(JsonNode rootSchema) {
            this.rootSchema = rootSchema;
        }

        void resolve() {
            for (Ref r : refs) {
                if (r.name == null) {
                    r.target = rootCheck;
                } else {
                    Check[] target = defs.get(r.name);
                    if (target == null) {
                        throw unsupported("$ref to a missing definition " + r.name);
                    }
                    r.target = target[0];
                }
            }
        }

        Check schema(JsonNode s, boolean isRoot) {
            if (s.isBoolean()) {
                return s.booleanValue() ? node -> VALID : FALSE;
            }
            if (!s.isObject()) {
                throw unsupported("a schema that is not an object or a boolean");
            }
            List<Check> checks = new ArrayList<>();
            Check self = null;
            if (isRoot) {
                // $ref "#" may point here before the checks exist: resolved through rootCheck at the end
                self = new Seq(NONE);
                rootCheck = self;
            }
            JsonNode properties = s.get("properties");
            JsonNode additional = s.get("additionalProperties");
            JsonNode required = s.get("required");
            for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String k = e.getKey();
                JsonNode v = e.getValue();
                if (ANNOTATIONS.contains(k)) {
                    continue;
                }
                switch (k) {
                    case "$schema" -> {
                        if (!isRoot || !DRAFT_2020_12.equals(v.textValue())) {
                            throw unsupported("$schema other than draft 2020-12 at the root");
                        }
                    }
                    case "$id" -> {
                        if (!isRoot || !v.isTextual()) {
                            throw unsupported("$id below the root");
                        }
                    }
                    case "$defs" -> {
                        if (!isRoot || !v.isObject()) {
                            throw unsupported("$defs below the root");
                        }
                        for (Iterator<Map.Entry<String, JsonNode>> d = v.fields(); d.hasNext(); ) {
                            Map.Entry<String, JsonNode> def = d.next();
                            Check[] slot = new Check[1];
                            defs.put(def.getKey(), slot);
                            slot[0] = schema(def.getValue(), false);
                        }
                    }
                    case "$ref" -> checks.add(ref(v));
                    case "type" -> checks.add(type(v));
                    case "properties", "additionalProperties", "required" -> { } // one object check below
                    case "const" -> checks.add(new Enum(List.of(v)));
                    case "enum" -> {
                        if (!v.isArray() || v.isEmpty()) {
                            throw unsupported("enum that is not a non-empty array");
                        }
                        List<JsonNode> values = new ArrayList<>();
                        v.forEach(values::add);
                        checks.add(new Enum(values));
                    }
                    case "minimum" -> checks.add(new Bound(bound(v), false, false));
                    case "exclusiveMinimum" -> checks.add(new Bound(bound(v), false, true));
                    case "maximum" -> checks.add(new Bound(bound(v), true, false));
                    case "exclusiveMaximum" -> checks.add(new Bound(bound(v), true, true));
                    case "items" -> { } // with prefixItems below
                    case "prefixItems" -> { }
                    case "minItems" -> checks.add(new Items(count(v), Integer.MAX_VALUE));
                    case "maxItems" -> checks.add(new Items(0, count(v)));
                    case "uniqueItems" -> {
                        if (!v.isBoolean()) {
                            throw unsupported("uniqueItems that is not a boolean");
                        }
                        if (v.booleanValue()) {
                            checks.add(SchemaFastPath::unique);
                        }
                    }
                    case "minLength" -> checks.add(new Length(count(v), Integer.MAX_VALUE));
                    case "maxLength" -> checks.add(new Length(0, count(v)));
                    case "pattern" -> checks.add(pattern(v));
                    case "format" -> {
                        if (!"date-time".equals(v.textValue())) {
                            throw unsupported("format " + v);
                        }
                        checks.add(SchemaFastPath::dateTime);
                    }
                    case "not" -> {
                        Check inner = schema(v, false);
                        checks.add(node -> switch (inner.test(node)) {
                            case VALID -> INVALID;
                            case INVALID -> VALID;
                            default -> UNSURE;
                        });
                    }
                    case "anyOf" -> checks.add(new AnyOf(list(v)));
                    case "allOf" -> checks.add(new Seq(list(v)));
                    case "if" -> checks.add(conditional(v, s.get("then"), s.get("else")));
                    case "then", "else" -> {
                        if (!s.has("if")) {
                            throw unsupported(k + " without if");
                        }
                    }
                    case "maxProperties" -> {
                        int max = count(v);
                        checks.add(node -> !node.isObject() || node.size() <= max ? VALID : INVALID);
                    }
                    case "propertyNames" -> {
                        Check names = schema(v, false);
                        checks.add(node -> propertyNames(names, node));
                    }
                    default -> throw unsupported("keyword " + k);
                }
            }
            if (properties != null || additional != null || required != null) {
                checks.add(object(properties, additional, required));
            }
            if (s.has("items") || s.has("prefixItems")) {
                checks.add(items(s.get("prefixItems"), s.get("items")));
            }
            Check[] all = checks.toArray(NONE);
            if (self != null) {
                ((Seq) self).checks = all;
                return self;
            }
            return all.length == 1 ? all[0] : new Seq(all);
        }

        private Check[] list(JsonNode v) {
            if (!v.isArray() || v.isEmpty()) {
                throw unsupported("a schema list that is not a non-empty array");
            }
            Check[] out = new Check[v.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = schema(v.get(i), false);
            }
            return out;
        }

        private Check ref(JsonNode v) {
            String target = v.textValue();
            Ref r = new Ref();
            if ("#".equals(target)) {
                r.name = null;
            } else if (target != null && target.startsWith("#/$defs/") && target.indexOf('~', 8) < 0
                    && target.indexOf('/', 8) < 0 && target.indexOf('%', 8) < 0 && target.length() > 8) {
                r.name = target.substring(8);
                if (!rootSchema.path("$defs").has(r.name)) {
                    throw unsupported("$ref to a missing definition " + target);
                }
            } else {
                throw unsupported("$ref " + v);
            }
            refs.add(r);
            return r;
        }

        private Check type(JsonNode v) {
            Set<String> names = new HashSet<>();
            if (v.isTextual()) {
                names.add(v.textValue());
            } else if (v.isArray() && !v.isEmpty()) {
                for (JsonNode t : v) {
                    if (!t.isTextual()) {
                        throw unsupported("type list with a non-string");
                    }
                    names.add(t.textValue());
                }
            } else {
                throw unsupported("type " + v);
            }
            for (String n : names) {
                if (!Set.of("null", "boolean", "object", "array", "string", "number", "integer").contains(n)) {
                    throw unsupported("type " + n);
                }
            }
            return new Type(names.contains("null"), names.contains("boolean"), names.contains("object"),
                    names.contains("array"), names.contains("string"), names.contains("number"), names.contains("integer"));
        }

        private Check pattern(JsonNode v) {
            if (!v.isTextual()) {
                throw unsupported("pattern that is not a string");
            }
            SchemaRegex regex = patterns.computeIfAbsent(v.textValue(), SchemaRegex::compile);
            return node -> {
                if (!node.isTextual()) {
                    return VALID;
                }
                return switch (regex.find(node.textValue())) {
                    case SchemaRegex.MATCH -> VALID;
                    case SchemaRegex.NO_MATCH -> INVALID;
                    default -> UNSURE;
                };
            };
        }

        private Check conditional(JsonNode ifSchema, JsonNode thenSchema, JsonNode elseSchema) {
            Check condition = schema(ifSchema, false);
            Check then = thenSchema == null ? null : schema(thenSchema, false);
            Check otherwise = elseSchema == null ? null : schema(elseSchema, false);
            return node -> switch (condition.test(node)) {
                case VALID -> then == null ? VALID : then.test(node);
                case INVALID -> otherwise == null ? VALID : otherwise.test(node);
                default -> UNSURE;
            };
        }

        private Check object(JsonNode properties, JsonNode additional, JsonNode required) {
            Map<String, Check> declared = new HashMap<>();
            if (properties != null) {
                if (!properties.isObject()) {
                    throw unsupported("properties that is not an object");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = it.next();
                    declared.put(p.getKey(), schema(p.getValue(), false));
                }
            }
            Check others = additional == null ? null : schema(additional, false);
            String[] names = new String[0];
            if (required != null) {
                if (!required.isArray()) {
                    throw unsupported("required that is not an array");
                }
                List<String> list = new ArrayList<>();
                for (JsonNode r : required) {
                    if (!r.isTextual()) {
                        throw unsupported("required with a non-string");
                    }
                    list.add(r.textValue());
                }
                names = list.toArray(names);
            }
            return new ObjectCheck(declared, others, names);
        }

        private Check items(JsonNode prefix, JsonNode items) {
            Check[] first = prefix == null ? NONE : list(prefix);
            if (items != null && items.isArray()) {
                throw unsupported("items as an array (draft 2019-09 form)");
            }
            Check rest = items == null ? null : schema(items, false);
            return node -> {
                if (!node.isArray()) {
                    return VALID;
                }
                int result = VALID;
                for (int i = 0; i < node.size(); i++) {
                    Check c = i < first.length ? first[i] : rest;
                    if (c != null) {
                        int r = c.test(node.get(i));
                        if (r != VALID) {
                            return r;
                        }
                    }
                }
                return result;
            };
        }

        private static long bound(JsonNode v) {
            if (!v.isIntegralNumber() || !v.canConvertToLong() || Math.abs(v.longValue()) >= EXACT_IN_DOUBLE) {
                throw unsupported("a bound that is not a small integer");
            }
            return v.longValue();
        }

        private static int count(JsonNode v) {
            if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 0) {
                throw unsupported("a count that is not a non-negative integer");
            }
            return v.intValue();
        }
    }

    /** Checks in order; the first answer other than valid is the answer. */
    private static final class Seq implements Check {
        Check[] checks;

        Seq(Check[] checks) {
            this.checks = checks;
        }

        @Override
        public int test(JsonNode node) {
            for (Check c : checks) {
                int r = c.test(node);
                if (r != VALID) {
                    return r;
                }
            }
            return VALID;
        }
    }

    private static final class AnyOf implements Check {
        private final Check[] options;

        AnyOf(Check[] options) {
            this.options = options;
        }

        @Override
        public int test(JsonNode node) {
            boolean allInvalid = true;
            for (Check c : options) {
                int r = c.test(node);
                if (r == VALID) {
                    return VALID;
                }
                allInvalid &= r == INVALID;
            }
            return allInvalid ? INVALID : UNSURE;
        }
    }

    private static final class Ref implements Check {
        String name;
        Check target;

        @Override
        public int test(JsonNode node) {
            return target.test(node);
        }
    }

    /** The JSON types; a node of none of them (binary, POJO, missing) is never judged here. */
    private static final class Type implements Check {
        private final boolean nul;
        private final boolean bool;
        private final boolean object;
        private final boolean array;
        private final boolean string;
        private final boolean number;
        private final boolean integer;

        Type(boolean nul, boolean bool, boolean object, boolean array, boolean string, boolean number, boolean integer) {
            this.nul = nul;
            this.bool = bool;
            this.object = object;
            this.array = array;
            this.string = string;
            this.number = number;
            this.integer = integer;
        }

        @Override
        public int test(JsonNode node) {
            JsonNodeType t = node.getNodeType();
            return switch (t) {
                case NULL -> nul ? VALID : INVALID;
                case BOOLEAN -> bool ? VALID : INVALID;
                case OBJECT -> object ? VALID : INVALID;
                case ARRAY -> array ? VALID : INVALID;
                case STRING -> string ? VALID : INVALID;
                case NUMBER -> !finite(node) ? UNSURE
                        : number || integer && node.isIntegralNumber() ? VALID
                        // a fractional number where only integer is allowed: 1.0 is where validators differ
                        : integer ? UNSURE : INVALID;
                default -> UNSURE;
            };
        }
    }

    /** {@code const} and {@code enum} over strings, booleans, null and integers (anything else is not compiled). */
    private static final class Enum implements Check {
        private final Set<String> strings = new HashSet<>();
        private final Set<BigInteger> integers = new HashSet<>();
        private boolean hasTrue;
        private boolean hasFalse;
        private boolean hasNull;

        Enum(List<JsonNode> values) {
            for (JsonNode v : values) {
                switch (v.getNodeType()) {
                    case STRING -> strings.add(v.textValue());
                    case BOOLEAN -> {
                        hasTrue |= v.booleanValue();
                        hasFalse |= !v.booleanValue();
                    }
                    case NULL -> hasNull = true;
                    case NUMBER -> {
                        if (!v.isIntegralNumber()) {
                            throw unsupported("a fractional number in const or enum");
                        }
                        integers.add(v.bigIntegerValue());
                    }
                    default -> throw unsupported("an array or object in const or enum");
                }
            }
        }

        @Override
        public int test(JsonNode node) {
            return switch (node.getNodeType()) {
                case STRING -> strings.contains(node.textValue()) ? VALID : INVALID;
                case BOOLEAN -> (node.booleanValue() ? hasTrue : hasFalse) ? VALID : INVALID;
                case NULL -> hasNull ? VALID : INVALID;
                case NUMBER -> !node.isIntegralNumber() ? UNSURE
                        : integers.contains(node.bigIntegerValue()) ? VALID : INVALID;
                case ARRAY, OBJECT -> INVALID;
                default -> UNSURE;
            };
        }
    }

    /** {@code minimum} and friends with an integer bound below 2^53, so a double holds it exactly. */
    private static final class Bound implements Check {
        private final long bound;
        private final boolean upper;
        private final boolean exclusive;

        Bound(long bound, boolean upper, boolean exclusive) {
            this.bound = bound;
            this.upper = upper;
            this.exclusive = exclusive;
        }

        @Override
        public int test(JsonNode node) {
            if (!node.isNumber()) {
                return isJson(node) ? VALID : UNSURE;
            }
            if (!finite(node)) {
                return UNSURE;
            }
            if (node.isIntegralNumber()) {
                int cmp = node.canConvertToLong() ? Long.compare(node.longValue(), bound)
                        : node.bigIntegerValue().compareTo(BigInteger.valueOf(bound));
                return holds(cmp) ? VALID : INVALID;
            }
            // A fractional number: valid only if it holds both exactly and as a double, whichever the validator uses.
            int exact = node.decimalValue().compareTo(BigDecimal.valueOf(bound));
            int asDouble = Double.compare(node.doubleValue(), (double) bound);
            return holds(exact) && holds(asDouble) ? VALID : UNSURE;
        }

        private boolean holds(int cmp) {
            if (upper) {
                return exclusive ? cmp < 0 : cmp <= 0;
            }
            return exclusive ? cmp > 0 : cmp >= 0;
        }
    }

    private static final class Items implements Check {
        private final int min;
        private final int max;

        Items(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public int test(JsonNode node) {
            return !node.isArray() || node.size() >= min && node.size() <= max ? VALID : INVALID;
        }
    }

    /**
     * {@code minLength}/{@code maxLength}: valid only when both counts, in code points and in UTF-16 units, hold;
     * invalid only when both fail.
     */
    private static final class Length implements Check {
        private final int min;
        private final int max;

        Length(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public int test(JsonNode node) {
            if (!node.isTextual()) {
                return VALID;
            }
            String s = node.textValue();
            int units = s.length();
            if (units < min) {
                return INVALID; // code points never exceed units: both counts are short
            }
            if (units > max) {
                return s.codePointCount(0, units) > max ? INVALID : UNSURE;
            }
            // units within the bounds, so code points are at most max; at least half the units are code points
            if (units >= 2L * min || s.codePointCount(0, units) >= min) {
                return VALID;
            }
            return UNSURE;
        }
    }

    /** A declared property's check, and its bit among the required ones (-1 if optional). */
    private record Declared(Check check, int bit) {}

    /**
     * {@code properties}, {@code additionalProperties} and {@code required} of one schema, in one pass over the
     * object's members: one lookup each, which also marks the required ones seen.
     */
    private static final class ObjectCheck implements Check {
        private final Map<String, Declared> declared = new HashMap<>();
        private final Check others;
        private final long requiredBits;
        private final String[] undeclaredRequired;

        ObjectCheck(Map<String, Check> properties, Check others, String[] required) {
            this.others = others;
            Map<String, Integer> bits = new HashMap<>();
            List<String> rest = new ArrayList<>();
            long mask = 0;
            for (String name : required) {
                if (properties.containsKey(name) && !bits.containsKey(name) && bits.size() < 64) {
                    bits.put(name, bits.size());
                    mask |= 1L << bits.get(name);
                } else if (!bits.containsKey(name)) {
                    rest.add(name);
                }
            }
            for (Map.Entry<String, Check> p : properties.entrySet()) {
                declared.put(p.getKey(), new Declared(p.getValue(), bits.getOrDefault(p.getKey(), -1)));
            }
            this.requiredBits = mask;
            this.undeclaredRequired = rest.toArray(new String[0]);
        }

        @Override
        public int test(JsonNode node) {
            if (!node.isObject()) {
                return VALID;
            }
            long seen = 0; // required bits exist only where properties are declared, so this loop runs for them
            if (!declared.isEmpty() || others != null) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    Declared d = declared.get(field.getKey());
                    Check c;
                    if (d != null) {
                        c = d.check();
                        if (d.bit() >= 0) {
                            seen |= 1L << d.bit();
                        }
                    } else {
                        c = others;
                    }
                    if (c != null) {
                        int r = c.test(field.getValue());
                        if (r != VALID) {
                            return r;
                        }
                    }
                }
            }
            if (seen != requiredBits) {
                return INVALID;
            }
            for (String name : undeclaredRequired) {
                if (!node.has(name)) {
                    return INVALID;
                }
            }
            return VALID;
        }
    }

    /** A number node that holds a finite value (a double node built in code may hold NaN or an infinity). */
    private static boolean finite(JsonNode n) {
        return n.isIntegralNumber() || n.isBigDecimal() || Double.isFinite(n.doubleValue());
    }

    /** A node of one of JSON's own types. */
    private static boolean isJson(JsonNode n) {
        return switch (n.getNodeType()) {
            case NULL, BOOLEAN, NUMBER, STRING, ARRAY, OBJECT -> true;
            default -> false;
        };
    }

    private static int propertyNames(Check names, JsonNode node) {
        if (!node.isObject()) {
            return VALID;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            int r = names.test(TextNode.valueOf(it.next()));
            if (r != VALID) {
                return r;
            }
        }
        return VALID;
    }

    /**
     * {@code uniqueItems}: valid when no two items are equal even with numbers compared by value (a coarser
     * equality than any the validator may use); a repeat is only "not sure".
     */
    private static int unique(JsonNode node) {
        if (!node.isArray() || node.size() < 2) {
            return VALID;
        }
        Set<Object> seen = new HashSet<>();
        for (JsonNode item : node) {
            Object key = key(item);
            if (key == null || !seen.add(key)) {
                return UNSURE;
            }
        }
        return VALID;
    }

    /** An item's identity with numbers by value; null for a node that is no JSON value. */
    private static Object key(JsonNode n) {
        switch (n.getNodeType()) {
            case STRING:
                return n.textValue();
            case NUMBER:
                if (!finite(n)) {
                    return null;
                }
                return n.decimalValue().stripTrailingZeros();
            case BOOLEAN:
                return n.booleanValue();
            case NULL:
                return List.of();
            case ARRAY: {
                List<Object> items = new ArrayList<>(n.size() + 1);
                items.add("[");
                for (JsonNode item : n) {
                    Object k = key(item);
                    if (k == null) {
                        return null;
                    }
                    items.add(k);
                }
                return items;
            }
            case OBJECT: {
                Map<String, Object> fields = new HashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = it.next();
                    Object k = key(f.getValue());
                    if (k == null) {
                        return null;
                    }
                    fields.put(f.getKey(), k);
                }
                return fields;
            }
            default:
                return null;
        }
    }

    /**
     * {@code format: date-time}: valid only in the plain RFC 3339 form every reading accepts,
     * {@code YYYY-MM-DDTHH:MM:SS[.fraction]} then {@code Z} or {@code +HH:MM}/{@code -HH:MM}, with a real calendar
     * date, a year from 1000, no leap second, at most nine fraction digits and an offset under 18 hours (not
     * {@code -00:00}); lower-case letters and anything else are "not sure".
     */
    private static int dateTime(JsonNode node) {
        if (!node.isTextual()) {
            return VALID;
        }
        String s = node.textValue();
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':') {
            return UNSURE;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return UNSURE;
        }
        int i = 19;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == start || i - start > 9) {
                return UNSURE;
            }
        }
        if (i == n - 1 && s.charAt(i) == 'Z') {
            return VALID;
        }
        if (i == n - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':') {
            int oh = digits(s, i + 1, 2);
            int om = digits(s, i + 4, 2);
            boolean unknownOffset = s.charAt(i) == '-' && oh == 0 && om == 0;
            return oh >= 0 && oh <= 17 && om >= 0 && om <= 59 && !unknownOffset ? VALID : UNSURE;
        }
        return UNSURE;
    }

    /** The ASCII decimal number of {@code length} digits at {@code from}, or -1. */
    private static int digits(String s, int from, int length) {
        int v = 0;
        for (int i = from; i < from + length; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }
}
