// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.format.DateTimeFormat;
import com.networknt.schema.format.Format;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.keyword.TypeValidator;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import com.networknt.schema.utils.JsonType;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.JsonPointers;
import dev.patchverdict.json.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The shipped JSON Schemas (draft 2020-12), loaded once and checked with networknt
 * json-schema-validator. Two settings make the check stricter than the validator's defaults:
 * {@code format} is asserted (a malformed date-time is an error, not an annotation), and
 * {@code "type": "integer"} refuses fractional numbers such as {@code 1.0}, which JSON Schema
 * would otherwise count as integers but which canonical digests keep distinct from {@code 1}.
 * {@code date-time} follows the RFC 3339 grammar exactly: the date and time are separated by
 * {@code T} (or {@code t}), never by the space the validator would also accept.
 * Patterns follow ECMA-262: {@code $} is the end of the string, so a trailing newline never
 * matches (the validator rewrites {@code $} for the JDK engine).
 *
 * <p>Each schema is also compiled into a {@link SchemaFastPath}, which answers "valid" or "not sure" in a fraction
 * of the validator's time; only a document it is not sure of goes through the validator, which alone words every
 * problem. A valid document thus costs a walk over it, and every result stays what the validator decides.
 */
public final class DocumentSchemas {
    /** Plain jackson-core, for the outlines of the project's own schemas; documents go through StrictJson. */
    private static final JsonFactory OUTLINES = new JsonFactory();
    private static final DocumentSchemas SHIPPED = load();

    private final SchemaRegistry registry;
    /**
     * Each schema read and compiled on first use: a command checks one or two types, and reading all eleven
     * (70 KB of JSON) and compiling them cost its start-up.
     */
    private final Map<DocumentVersion, Schema> schemas = new HashMap<>();
    private final Map<DocumentVersion, JsonNode> sources = new HashMap<>();
    private final Map<DocumentVersion, Outline> outlines = new HashMap<>();
    /** Compiled with the schema, read without a lock: a verification checks four documents. */
    private final Map<DocumentVersion, Optional<SchemaFastPath>> fastPaths = new ConcurrentHashMap<>();

    private DocumentSchemas(SchemaRegistry registry) {
        this.registry = registry;
    }

    private synchronized Schema schema(DocumentVersion v) {
        return schemas.computeIfAbsent(v, k -> {
            Schema schema = registry.getSchema(SchemaLocation.of(k.schemaId()), source(k));
            schema.initializeValidators();
            return schema;
        });
    }

    public static DocumentSchemas shipped() {
        return SHIPPED;
    }

    /** The schema's fast path, or empty where the schema uses something it does not know. */
    Optional<SchemaFastPath> fastPath(DocumentVersion v) {
        Optional<SchemaFastPath> fast = fastPaths.get(v);
        if (fast == null) {
            fast = Optional.ofNullable(SchemaFastPath.compile(source(v)));
            fastPaths.put(v, fast);
        }
        return fast;
    }

    /** Every schema problem of the document, in the validator's order; empty when valid. */
    public List<DocumentProblem> validate(DocumentVersion version, JsonNode document) {
        Optional<SchemaFastPath> fast = fastPath(version);
        if (fast.isPresent() && fast.get().provesValid(document)) {
            return List.of();
        }
        Schema schema = schema(version);
        Set<DocumentProblem> problems = new LinkedHashSet<>();
        for (Error e : schema.validate(document)) {
            problems.add(describe(e));
        }
        return List.copyOf(problems);
    }

    /** The validator's own errors, unworded, in its order: for callers that word them another way. */
    List<Error> errors(DocumentVersion version, JsonNode document) {
        return List.copyOf(schema(version).validate(document));
    }

    /** The shipped schema's JSON (a copy). */
    public JsonNode schemaJson(DocumentVersion version) {
        return source(version).deepCopy();
    }

    /** Top-level property names any version of the type declares. */
    public Set<String> topLevelProperties(DocumentType type) {
        Set<String> names = new LinkedHashSet<>();
        for (String v : type.supportedVersions()) {
            names.addAll(outline(DocumentVersion.of(type, v)).properties());
        }
        return Collections.unmodifiableSet(names);
    }

    /** Top-level property names every version of the type requires. */
    public Set<String> requiredEverywhere(DocumentType type) {
        Set<String> names = null;
        for (String v : type.supportedVersions()) {
            Set<String> required = new LinkedHashSet<>(outline(DocumentVersion.of(type, v)).required());
            if (names == null) {
                names = required;
            } else {
                names.retainAll(required);
            }
        }
        return Collections.unmodifiableSet(names);
    }

    /** A shipped schema's top-level {@code properties} names and {@code required} list: all type detection needs. */
    private record Outline(List<String> properties, List<String> required) {}

    private synchronized Outline outline(DocumentVersion v) {
        return outlines.computeIfAbsent(v, DocumentSchemas::readOutline);
    }

    // Detecting a document's type needs every schema's outline: one streaming pass over each schema's top level,
    // skipping everything below it, costs a fraction of reading all eleven into checked trees.
    private static Outline readOutline(DocumentVersion v) {
        try (InputStream in = resource(v); JsonParser p = OUTLINES.createParser(in)) {
            List<String> properties = new ArrayList<>();
            List<String> required = new ArrayList<>();
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalStateException("shipped schema " + v.schemaFileName() + " is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("properties") && value == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        properties.add(p.currentName());
                        p.nextToken();
                        p.skipChildren();
                    }
                } else if (name.equals("required") && value == JsonToken.START_ARRAY) {
                    for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
                        if (t != JsonToken.VALUE_STRING) {
                            throw new IllegalStateException("shipped schema " + v.schemaFileName()
                                    + " lists a required field that is not a string");
                        }
                        required.add(p.getText());
                    }
                } else {
                    p.skipChildren();
                }
            }
            return new Outline(List.copyOf(properties), List.copyOf(required));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read shipped schema " + v.schemaResource(), e);
        }
    }

    private static InputStream resource(DocumentVersion v) {
        InputStream in = DocumentSchemas.class.getResourceAsStream(v.schemaResource());
        if (in == null) {
            throw new IllegalStateException("shipped schema is missing from the build: " + v.schemaResource());
        }
        return in;
    }

    private static DocumentSchemas load() {
        SchemaRegistryConfig config = SchemaRegistryConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .formatAssertionsEnabled(true)
                .build();
        Dialect strict = Dialect.builder(Dialects.getDraft202012())
                .keyword(new StrictTypeKeyword())
                .format(new Rfc3339DateTime())
                .build();
        return new DocumentSchemas(SchemaRegistry.withDefaultDialect(strict, b -> b.schemaRegistryConfig(config)));
    }

    /** The shipped schema's JSON, read on first use; never handed out (callers get copies). */
    private synchronized JsonNode source(DocumentVersion v) {
        return sources.computeIfAbsent(v, k -> {
            JsonNode source = readResource(StrictJson.withDefaults(), k);
            if (!k.schemaId().equals(source.path("$id").textValue())) {
                throw new IllegalStateException("shipped schema " + k.schemaFileName() + " has the wrong $id");
            }
            return source;
        });
    }

    private static JsonNode readResource(StrictJson json, DocumentVersion v) {
        try (InputStream in = resource(v)) {
            return json.read(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read shipped schema " + v.schemaResource(), e);
        } catch (JsonInputException e) {
            throw new IllegalStateException("shipped schema " + v.schemaResource() + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    /** Turns a validator error into a message in this tool's words, at a JSON pointer. */
    static DocumentProblem describe(Error e) {
        DocumentProblem p = describeOne(e);
        // Under anyOf, each failing alternative is reported; any one of them holding would do.
        String path = String.valueOf(e.getEvaluationPath());
        return path.contains("/anyOf/") ? DocumentProblem.at(p.pointer(), p.message() + ", unless an alternative reported with it holds") : p;
    }

    private static DocumentProblem describeOne(Error e) {
        String at = pointer(e.getInstanceLocation());
        JsonNode rule = e.getSchemaNode();
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        return switch (keyword) {
            case "required" -> DocumentProblem.at(JsonPointers.child(at, e.getProperty()), "is required but missing");
            case "additionalProperties" -> DocumentProblem.at(JsonPointers.child(at, e.getProperty()),
                    "is not allowed here (unknown field)");
            case "type" -> DocumentProblem.at(at, "must be " + expectedTypes(rule) + ", not " + typeName(argument(e, 0)));
            case "const" -> DocumentProblem.at(at, "must be " + rule);
            case "enum" -> DocumentProblem.at(at, "must be one of " + listOf(rule));
            case "pattern" -> DocumentProblem.at(at, "must match the pattern " + rule.asText());
            case "format" -> DocumentProblem.at(at, "must be " + formatName(rule.asText()));
            case "minLength" -> DocumentProblem.at(at, rule.asInt() == 1 ? "must not be empty"
                    : "must be at least " + rule.asText() + " characters long");
            case "maxLength" -> DocumentProblem.at(at, "must be at most " + rule.asText() + " characters long");
            case "minItems" -> DocumentProblem.at(at, "must have at least " + items(rule));
            case "maxItems" -> DocumentProblem.at(at, "must have at most " + items(rule));
            case "uniqueItems" -> DocumentProblem.at(at, "must not contain the same item twice");
            case "minimum" -> DocumentProblem.at(at, "must be at least " + rule.asText());
            case "maximum" -> DocumentProblem.at(at, "must be at most " + rule.asText());
            case "exclusiveMinimum" -> DocumentProblem.at(at, "must be greater than " + rule.asText());
            case "exclusiveMaximum" -> DocumentProblem.at(at, "must be less than " + rule.asText());
            default -> DocumentProblem.at(at, e.getMessage());
        };
    }

    private static String pointer(NodePath path) {
        if (path == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            sb.append('/').append(element instanceof Integer n ? n.toString() : JsonPointers.escape(String.valueOf(element)));
        }
        return sb.toString();
    }

    private static String argument(Error e, int i) {
        Object[] args = e.getArguments();
        return args != null && args.length > i ? String.valueOf(args[i]) : "?";
    }

    private static String expectedTypes(JsonNode rule) {
        if (rule != null && rule.isArray()) {
            List<String> names = new ArrayList<>();
            rule.forEach(t -> names.add(typeName(t.asText())));
            return String.join(" or ", names);
        }
        return typeName(rule == null ? "?" : rule.asText());
    }

    private static String typeName(String jsonType) {
        return switch (jsonType) {
            case "fractional number" -> "a fractional number";
            case "integer" -> "an integer";
            case "array" -> "an array";
            case "object" -> "an object";
            case "string" -> "a string";
            case "number" -> "a number";
            case "boolean" -> "a boolean";
            case "null" -> "null";
            default -> jsonType;
        };
    }

    private static String formatName(String format) {
        return "date-time".equals(format) ? "an RFC 3339 date-time (such as 2026-01-31T12:00:00Z)" : "a valid " + format;
    }

    private static String items(JsonNode count) {
        return count.asText() + (count.asInt() == 1 ? " item" : " items");
    }

    private static String listOf(JsonNode values) {
        List<String> out = new ArrayList<>();
        for (Iterator<JsonNode> it = values.elements(); it.hasNext(); ) {
            out.add(it.next().toString());
        }
        return out.stream().collect(Collectors.joining(", "));
    }

    /** {@code type} as in draft 2020-12, except that {@code integer} accepts integers only as written. */
    private static final class StrictTypeKeyword implements Keyword {
        @Override
        public String getValue() {
            return "type";
        }

        @Override
        public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
            return new StrictTypeValidator(location, schemaNode, parent, context);
        }
    }

    /** The validator's date-time check, restricted to the RFC 3339 separator. */
    private static final class Rfc3339DateTime implements Format {
        private final Format calendar = new DateTimeFormat();

        @Override
        public String getName() {
            return "date-time";
        }

        @Override
        public String getMessageKey() {
            return calendar.getMessageKey();
        }

        @Override
        public boolean matches(ExecutionContext context, String value) {
            return value.length() > 10 && (value.charAt(10) == 'T' || value.charAt(10) == 't')
                    && calendar.matches(context, value);
        }
    }

    private static final class StrictTypeValidator extends TypeValidator {
        StrictTypeValidator(SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
            super(location, schemaNode, parent, context);
        }

        @Override
        public void validate(ExecutionContext context, JsonNode node, JsonNode root, NodePath at) {
            if (getSchemaType() == JsonType.INTEGER && node.isNumber() && !node.isIntegralNumber()) {
                context.addError(error()
                        .instanceNode(node)
                        .instanceLocation(at)
                        .evaluationPath(context.getEvaluationPath())
                        .locale(context.getExecutionConfig().getLocale())
                        .arguments("fractional number", "integer")
                        .build());
                return;
            }
            super.validate(context, node, root, at);
        }
    }
}
