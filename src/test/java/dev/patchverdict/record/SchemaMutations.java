// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.patchverdict.json.JsonPointers;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Walks a schema together with a document it accepts and derives, for every constraint that
 * applies somewhere in the document, a copy that breaks exactly that constraint there, with the
 * JSON pointer where the break must be reported. Knows only the keywords the shipped schemas use;
 * {@link #constraintKeywords} lists those a schema uses, so a test can demand full coverage.
 */
final class SchemaMutations {
    /** Keywords that constrain values (as opposed to structure and annotations). */
    static final Set<String> CONSTRAINTS = Set.of("type", "required", "additionalProperties", "pattern", "enum", "const",
            "minItems", "minLength", "minimum", "maximum", "uniqueItems", "format", "if", "anyOf");

    record Mutation(String keyword, String description, JsonNode document, String expectedPointer) {
        @Override
        public String toString() {
            return keyword + " at " + (expectedPointer.isEmpty() ? "/" : expectedPointer) + ": " + description;
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final JsonNode rootSchema;
    private final JsonNode document;
    private final List<Mutation> out = new ArrayList<>();

    private SchemaMutations(JsonNode rootSchema, JsonNode document) {
        this.rootSchema = rootSchema;
        this.document = document;
    }

    static List<Mutation> of(JsonNode schema, JsonNode document) {
        SchemaMutations m = new SchemaMutations(schema, document);
        m.walk(schema, document, "");
        return List.copyOf(m.out);
    }

    /** The constraint keywords a schema uses anywhere, following its structure (not its field names). */
    static Set<String> constraintKeywords(JsonNode schema) {
        Set<String> used = new LinkedHashSet<>();
        collect(schema, used);
        return used;
    }

    private static void collect(JsonNode schema, Set<String> used) {
        if (!schema.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : schema.properties()) {
            String k = e.getKey();
            JsonNode v = e.getValue();
            switch (k) {
                case "properties", "$defs" -> v.forEach(sub -> collect(sub, used));
                case "items", "then" -> collect(v, used);
                case "if" -> {
                    used.add(k);
                    collect(v, used);
                }
                case "anyOf" -> used.add(k);
                case "additionalProperties" -> {
                    if (v.isObject()) {
                        collect(v, used);
                        used.add(k);
                    } else if (!v.asBoolean()) {
                        used.add(k);
                    }
                }
                default -> {
                    if (CONSTRAINTS.contains(k)) {
                        used.add(k);
                    }
                }
            }
        }
    }

    private JsonNode resolve(JsonNode schema) {
        JsonNode s = schema;
        while (s.has("$ref")) {
            s = rootSchema.at(s.get("$ref").asText().substring(1));
        }
        return s;
    }

    private void walk(JsonNode schemaNode, JsonNode instance, String at) {
        JsonNode s = resolve(schemaNode);
        for (Map.Entry<String, JsonNode> e : s.properties()) {
            JsonNode rule = e.getValue();
            switch (e.getKey()) {
                case "type" -> typeMutations(rule, instance, at);
                case "required" -> {
                    for (JsonNode name : rule) {
                        if (instance.has(name.asText())) {
                            String p = JsonPointers.child(at, name.asText());
                            add("required", "remove " + name.asText(), remove(p), p);
                        }
                    }
                }
                case "additionalProperties" -> additional(s, rule, instance, at);
                case "pattern" -> {
                    if (instance.isTextual()) {
                        String text = instance.textValue();
                        add("pattern", "trailing newline", replace(at, TextNode.valueOf(text + "\n")), at);
                        add("pattern", "leading newline", replace(at, TextNode.valueOf("\n" + text)), at);
                        if (!Pattern.compile(rule.asText()).matcher("NOT A VALID VALUE").find()) {
                            add("pattern", "unrelated text", replace(at, TextNode.valueOf("NOT A VALID VALUE")), at);
                        }
                    }
                }
                case "enum" -> add("enum", "value outside the list", replace(at, TextNode.valueOf("not-a-listed-value")), at);
                case "const" -> add("const", "other value", replace(at, other(rule)), at);
                case "minItems" -> {
                    int n = rule.asInt();
                    if (n > 0 && instance.isArray() && instance.size() >= n) {
                        ArrayNode shorter = NODES.arrayNode();
                        for (int i = 0; i < n - 1; i++) {
                            shorter.add(instance.get(i).deepCopy());
                        }
                        add("minItems", (n - 1) + " items", replace(at, shorter), at);
                    }
                }
                case "minLength" -> {
                    int n = rule.asInt();
                    if (n > 0) {
                        add("minLength", (n - 1) + " characters", replace(at, TextNode.valueOf("x".repeat(n - 1))), at);
                    }
                }
                case "minimum" -> add("minimum", "below the minimum", replace(at, step(rule, s, -1)), at);
                case "maximum" -> add("maximum", "above the maximum", replace(at, step(rule, s, +1)), at);
                case "uniqueItems" -> {
                    if (rule.asBoolean() && instance.isArray() && instance.size() > 0) {
                        ArrayNode repeated = ((ArrayNode) instance).deepCopy();
                        repeated.add(instance.get(0).deepCopy());
                        add("uniqueItems", "first item repeated", replace(at, repeated), at);
                    }
                }
                case "format" -> add("format", "not a " + rule.asText(), replace(at, TextNode.valueOf("next tuesday")), at);
                case "if" -> conditional(rule, s.get("then"), at);
                case "anyOf" -> alternatives(rule, at);
                case "properties" -> {
                    for (Iterator<String> it = rule.fieldNames(); it.hasNext(); ) {
                        String name = it.next();
                        if (instance.has(name)) {
                            walk(rule.get(name), instance.get(name), JsonPointers.child(at, name));
                        }
                    }
                }
                case "items" -> {
                    for (int i = 0; instance.isArray() && i < instance.size(); i++) {
                        walk(rule, instance.get(i), JsonPointers.child(at, i));
                    }
                }
                default -> { }
            }
        }
    }

    private void typeMutations(JsonNode rule, JsonNode instance, String at) {
        Set<String> types = new LinkedHashSet<>();
        if (rule.isArray()) {
            rule.forEach(t -> types.add(t.asText()));
        } else {
            types.add(rule.asText());
        }
        if (!types.contains("string")) {
            add("type", "a string instead", replace(at, TextNode.valueOf(instance.isNumber() ? instance.asText() : "1")), at);
        } else {
            add("type", "a number instead", replace(at, IntNode.valueOf(1)), at);
        }
        if (types.contains("integer") && !types.contains("number") && instance.isIntegralNumber()) {
            // The same value written as a fraction: 3 becomes 3.0, which must not pass for an integer.
            add("type", "the integer written as a fraction", replace(at, DoubleNode.valueOf(instance.doubleValue())), at);
        }
        if (types.contains("object")) {
            add("type", "an array instead", replace(at, NODES.arrayNode()), at);
        }
        if (types.contains("array")) {
            add("type", "an object instead", replace(at, NODES.objectNode()), at);
        }
        if (types.contains("boolean")) {
            add("type", "the string \"true\" instead", replace(at, TextNode.valueOf("true")), at);
        }
    }

    private void additional(JsonNode schema, JsonNode rule, JsonNode instance, String at) {
        if (!instance.isObject()) {
            return;
        }
        String name = "unexpected_field";
        String p = JsonPointers.child(at, name);
        if (rule.isBoolean() && !rule.asBoolean()) {
            add("additionalProperties", "an unknown field", set(p, BooleanNode.TRUE), p);
        } else if (rule.isObject()) {
            JsonNode sub = resolve(rule);
            JsonNode wrong = sub.path("type").toString().contains("string") ? IntNode.valueOf(1) : TextNode.valueOf("1");
            add("additionalProperties", "an extra member of the wrong type", set(p, wrong), p);
            for (Map.Entry<String, JsonNode> e : instance.properties()) {
                if (!schema.path("properties").has(e.getKey())) {
                    walk(rule, e.getValue(), JsonPointers.child(at, e.getKey()));
                }
            }
        }
    }

    /** Makes the {@code if} hold and breaks each requirement of the {@code then}. */
    private void conditional(JsonNode ifRule, JsonNode thenRule, String at) {
        ObjectNode forced = (ObjectNode) document.at(at).deepCopy();
        for (Map.Entry<String, JsonNode> e : ifRule.path("properties").properties()) {
            forced.set(e.getKey(), e.getValue().get("const").deepCopy());
        }
        for (JsonNode name : thenRule.path("required")) {
            ObjectNode broken = forced.deepCopy();
            broken.remove(name.asText());
            add("if", "condition holds, " + name.asText() + " missing", replace(at, broken), JsonPointers.child(at, name.asText()));
        }
        for (Map.Entry<String, JsonNode> e : thenRule.path("properties").properties()) {
            if (e.getValue().has("minItems")) {
                ObjectNode broken = forced.deepCopy();
                broken.set(e.getKey(), NODES.arrayNode());
                add("if", "condition holds, " + e.getKey() + " empty", replace(at, broken), JsonPointers.child(at, e.getKey()));
            }
        }
    }

    /**
     * Breaks every alternative at once, by emptying each array an alternative requires items of
     * (the only form of anyOf the shipped schemas use); the first such array reports it.
     */
    private void alternatives(JsonNode branches, String at) {
        ObjectNode broken = (ObjectNode) document.at(at).deepCopy();
        String first = null;
        for (JsonNode branch : branches) {
            for (Map.Entry<String, JsonNode> e : branch.path("properties").properties()) {
                if (e.getValue().has("minItems")) {
                    broken.set(e.getKey(), NODES.arrayNode());
                    first = first == null ? JsonPointers.child(at, e.getKey()) : first;
                }
            }
        }
        if (first == null) {
            throw new IllegalStateException("anyOf at " + at + " is not of the form this walker breaks");
        }
        add("anyOf", "every alternative broken", replace(at, broken), first);
    }

    private static JsonNode other(JsonNode constant) {
        if (constant.isBoolean()) {
            return BooleanNode.valueOf(!constant.asBoolean());
        }
        if (constant.isTextual()) {
            return TextNode.valueOf(constant.textValue() + "-other");
        }
        return TextNode.valueOf("other");
    }

    private static JsonNode step(JsonNode bound, JsonNode schema, int direction) {
        if ("integer".equals(schema.path("type").asText())) {
            return IntNode.valueOf(bound.asInt() + direction);
        }
        return DoubleNode.valueOf(bound.asDouble() + 0.5 * direction);
    }

    private void add(String keyword, String description, JsonNode mutated, String expectedPointer) {
        out.add(new Mutation(keyword, description, mutated, expectedPointer));
    }

    private JsonNode replace(String pointer, JsonNode value) {
        if (pointer.isEmpty()) {
            return value;
        }
        return Fixtures.with((ObjectNode) document, pointer, value);
    }

    private JsonNode set(String pointer, JsonNode value) {
        return Fixtures.with((ObjectNode) document, pointer, value);
    }

    private JsonNode remove(String pointer) {
        return Fixtures.without((ObjectNode) document, pointer);
    }
}
