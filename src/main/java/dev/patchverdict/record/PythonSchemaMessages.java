// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import dev.patchverdict.json.PythonRepr;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Schema errors worded as the upstream Python verifier prints them (jsonschema 4.26, draft 2020-12):
 * {@code {label} failed schema validation: {location}: {message}; …}, sorted by instance path and
 * capped at ten. The errors themselves are networknt's, so this tool's stricter checks (a fractional
 * number is no integer; date-time is asserted) still apply; only their wording and order follow
 * upstream.
 */
public final class PythonSchemaMessages {
    /** Upstream joins only the first ten details. */
    static final int MAX_DETAILS = 10;

    private static final Set<String> NAME_MAPS = Set.of("properties", "patternProperties", "$defs", "dependentSchemas");

    private PythonSchemaMessages() {}

    /** The full upstream failure text, or null when the document satisfies its schema. */
    public static String failure(String label, DocumentVersion version, JsonNode document) {
        List<String> details = details(version, document);
        if (details.isEmpty()) {
            return null;
        }
        return label + " failed schema validation: "
                + String.join("; ", details.subList(0, Math.min(MAX_DETAILS, details.size())));
    }

    /** Every schema error as an upstream detail ({@code location: message}), in upstream order, uncapped. */
    public static List<String> details(DocumentVersion version, JsonNode document) {
        JsonNode schema = DocumentSchemas.shipped().schemaJson(version);
        // keyed so that networknt's per-property errors can merge into jsonschema's single ones
        Map<String, Detail> found = new LinkedHashMap<>();
        for (Error e : DocumentSchemas.shipped().errors(version, document)) {
            List<Object> at = elements(e.getInstanceLocation());
            List<String> via = names(e.getEvaluationPath());
            String keyword = e.getKeyword() == null ? "" : e.getKeyword();
            int branch = firstBranch(via);
            if (branch >= 0) {
                // jsonschema reports a failed anyOf/oneOf once, where it applies, not each alternative's errors
                List<String> upTo = via.subList(0, branch + 1);
                List<Object> where = at.subList(0, Math.min(at.size(), instanceDepth(upTo)));
                found.computeIfAbsent("branch " + where + upTo, k -> new Detail(where, order(schema, upTo), 0,
                        PythonRepr.of(locate(document, where)) + " is not valid under any of the given schemas"));
            } else if ("additionalProperties".equals(keyword) && e.getProperty() != null) {
                found.computeIfAbsent("extra " + at + via, k -> new Detail(at, order(schema, via), 0, null))
                        .unexpected.add(e.getProperty());
            } else if ("required".equals(keyword) && e.getProperty() != null) {
                found.putIfAbsent("required " + at + via + e.getProperty(), new Detail(at, order(schema, via),
                        indexOf(e.getSchemaNode(), e.getProperty()),
                        PythonRepr.string(e.getProperty()) + " is a required property"));
            } else {
                JsonNode instance = e.getInstanceNode() != null ? e.getInstanceNode() : locate(document, at);
                found.putIfAbsent(keyword + " " + at + via, new Detail(at, order(schema, via), 0,
                        message(keyword, e.getSchemaNode(), instance, e)));
            }
        }
        List<Detail> sorted = new ArrayList<>(found.values());
        sorted.sort(Comparator.comparing((Detail d) -> d.at, PythonSchemaMessages::comparePaths)
                .thenComparing(d -> d.order, PythonSchemaMessages::compareOrders)
                .thenComparingInt(d -> d.within));
        List<String> out = new ArrayList<>(sorted.size());
        for (Detail d : sorted) {
            out.add(location(d.at) + ": " + d.message());
        }
        return List.copyOf(out);
    }

    /** jsonschema 4.26's wording for one keyword's failure. */
    private static String message(String keyword, JsonNode rule, JsonNode instance, Error e) {
        String value = PythonRepr.of(instance);
        return switch (keyword) {
            case "const" -> PythonRepr.of(rule) + " was expected";
            case "enum" -> value + " is not one of " + PythonRepr.of(rule);
            case "type" -> value + " is not of type " + types(rule);
            case "pattern" -> value + " does not match " + PythonRepr.of(rule);
            case "format" -> value + " is not a " + PythonRepr.of(rule);
            case "minLength", "minItems" -> value + (rule.asInt() == 1 ? " should be non-empty" : " is too short");
            case "maxLength", "maxItems" -> value + (rule.asInt() == 0 ? " is expected to be empty" : " is too long");
            case "minProperties" -> value + (rule.asInt() == 1 ? " should be non-empty" : " does not have enough properties");
            case "maxProperties" -> value + (rule.asInt() == 0 ? " is expected to be empty" : " has too many properties");
            case "uniqueItems" -> value + " has non-unique elements";
            case "minimum" -> value + " is less than the minimum of " + PythonRepr.of(rule);
            case "maximum" -> value + " is greater than the maximum of " + PythonRepr.of(rule);
            case "exclusiveMinimum" -> value + " is less than or equal to the minimum of " + PythonRepr.of(rule);
            case "exclusiveMaximum" -> value + " is greater than or equal to the maximum of " + PythonRepr.of(rule);
            case "multipleOf" -> value + " is not a multiple of " + PythonRepr.of(rule);
            case "not" -> value + " should not be valid under " + PythonRepr.of(rule);
            // no upstream schema uses any other keyword; the validator's own words beat a guess
            default -> e.getMessage();
        };
    }

    /** {@code 'integer'} or {@code 'number', 'integer', 'null'}: the schema's types in its order. */
    private static String types(JsonNode rule) {
        if (rule == null || !rule.isArray()) {
            return PythonRepr.of(rule);
        }
        List<String> reprs = new ArrayList<>();
        rule.forEach(t -> reprs.add(PythonRepr.of(t)));
        return String.join(", ", reprs);
    }

    private static int firstBranch(List<String> via) {
        for (int i = 0; i < via.size(); i++) {
            String step = via.get(i);
            if (NAME_MAPS.contains(step)) {
                i++; // the next step is a property name, not a keyword
            } else if ("anyOf".equals(step) || "oneOf".equals(step)) {
                return i;
            }
        }
        return -1;
    }

    /** How many instance steps an evaluation path takes: the depth at which its last keyword applies. */
    private static int instanceDepth(List<String> via) {
        int depth = 0;
        for (int i = 0; i < via.size(); i++) {
            switch (via.get(i)) {
                case "properties", "patternProperties", "prefixItems" -> {
                    depth++;
                    i++;
                }
                case "items", "additionalProperties", "contains", "unevaluatedItems", "unevaluatedProperties" -> depth++;
                case "allOf", "anyOf", "oneOf", "dependentSchemas", "$defs" -> i++;
                default -> { }
            }
        }
        return depth;
    }

    /**
     * Where the error's keyword sits in jsonschema's traversal, which visits a schema's keywords in
     * the file's order (properties in their declared order, {@code then}/{@code else} when it reaches
     * {@code if}, a {@code $ref} target where the {@code $ref} stands): one position per step.
     */
    private static List<Integer> order(JsonNode root, List<String> via) {
        List<Integer> key = new ArrayList<>();
        JsonNode node = root;
        boolean names = false;
        for (String step : via) {
            if (node == null) {
                break;
            }
            if (node.isArray()) {
                int i;
                try {
                    i = Integer.parseInt(step);
                } catch (NumberFormatException notAnIndex) {
                    break;
                }
                key.add(i);
                node = node.get(i);
                names = false;
                continue;
            }
            if (!node.isObject() || !node.has(step)) {
                continue; // a step of the validator's that names no schema member
            }
            boolean conditional = !names && ("then".equals(step) || "else".equals(step)) && node.has("if");
            key.add(fieldIndex(node, conditional ? "if" : step));
            JsonNode child = node.get(step);
            if (!names && "$ref".equals(step)) {
                node = resolve(root, child);
                names = false;
            } else {
                names = !names && NAME_MAPS.contains(step);
                node = child;
            }
        }
        return key;
    }

    private static JsonNode resolve(JsonNode root, JsonNode ref) {
        String text = ref == null ? null : ref.textValue();
        if (text == null || !text.startsWith("#")) {
            return null; // only local references occur in the shipped schemas
        }
        JsonNode target = root.at(text.substring(1));
        return target.isMissingNode() ? null : target;
    }

    private static int fieldIndex(JsonNode object, String name) {
        int i = 0;
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); i++) {
            if (it.next().equals(name)) {
                return i;
            }
        }
        return i;
    }

    private static int indexOf(JsonNode array, String name) {
        if (array != null && array.isArray()) {
            for (int i = 0; i < array.size(); i++) {
                if (name.equals(array.get(i).textValue())) {
                    return i;
                }
            }
        }
        return Integer.MAX_VALUE;
    }

    private static List<Object> elements(NodePath path) {
        List<Object> out = new ArrayList<>();
        if (path != null) {
            for (int i = 0; i < path.getNameCount(); i++) {
                Object element = path.getElement(i);
                out.add(element instanceof Integer n ? n : String.valueOf(element));
            }
        }
        return List.copyOf(out);
    }

    private static List<String> names(NodePath path) {
        List<String> out = new ArrayList<>();
        if (path != null) {
            for (int i = 0; i < path.getNameCount(); i++) {
                out.add(String.valueOf(path.getElement(i)));
            }
        }
        return List.copyOf(out);
    }

    private static JsonNode locate(JsonNode document, List<Object> at) {
        JsonNode node = document;
        for (Object step : at) {
            JsonNode next = step instanceof Integer i ? node.get(i) : node.get((String) step);
            if (next == null) {
                return MissingNode.getInstance();
            }
            node = next;
        }
        return node;
    }

    private static String location(List<Object> at) {
        if (at.isEmpty()) {
            return "<root>";
        }
        StringBuilder sb = new StringBuilder();
        for (Object step : at) {
            if (sb.length() > 0) {
                sb.append('.');
            }
            sb.append(step);
        }
        return sb.toString();
    }

    /** Python's ordering of path deques: element-wise, a prefix first; indices as numbers, keys by code point. */
    private static int comparePaths(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            int c;
            if (x instanceof Integer m && y instanceof Integer n) {
                c = Integer.compare(m, n);
            } else if (x instanceof String s && y instanceof String t) {
                c = compareCodePoints(s, t);
            } else {
                c = x instanceof Integer ? -1 : 1; // never siblings in one document; any fixed order will do
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int compareOrders(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Python compares str by code point; Java's compareTo by UTF-16 unit, which differs above U+FFFF. */
    static int compareCodePoints(String s, String t) {
        int i = 0;
        int j = 0;
        while (i < s.length() && j < t.length()) {
            int a = s.codePointAt(i);
            int b = t.codePointAt(j);
            if (a != b) {
                return Integer.compare(a, b);
            }
            i += Character.charCount(a);
            j += Character.charCount(b);
        }
        return Integer.compare(s.length() - i, t.length() - j);
    }

    private static final class Detail {
        final List<Object> at;
        final List<Integer> order;
        final int within;
        final String message;
        /** additionalProperties: jsonschema names every unexpected key in one error, sorted. */
        final TreeSet<String> unexpected = new TreeSet<>(PythonSchemaMessages::compareCodePoints);

        Detail(List<Object> at, List<Integer> order, int within, String message) {
            this.at = at;
            this.order = order;
            this.within = within;
            this.message = message;
        }

        String message() {
            if (message != null) {
                return message;
            }
            List<String> reprs = new ArrayList<>();
            unexpected.forEach(name -> reprs.add(PythonRepr.string(name)));
            return "Additional properties are not allowed (" + String.join(", ", reprs)
                    + (reprs.size() == 1 ? " was" : " were") + " unexpected)";
        }
    }
}
