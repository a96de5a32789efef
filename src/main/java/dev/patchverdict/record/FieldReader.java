// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.json.JsonPointers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads the fields of one JSON object into model values, knowing its own JSON pointer so that
 * every failure says where it is. Used after schema validation: a failure here means a value the
 * schema accepts but the model cannot hold, reported as a {@link FieldException}.
 */
public final class FieldReader {
    private final ObjectNode node;
    private final String pointer;

    private FieldReader(ObjectNode node, String pointer) {
        this.node = node;
        this.pointer = pointer;
    }

    /** The reader for a whole document, which must be a JSON object. */
    public static FieldReader root(JsonNode document) {
        return of(document, "");
    }

    private static FieldReader of(JsonNode value, String pointer) {
        if (value == null || !value.isObject()) {
            throw new FieldException(pointer, "must be an object, not " + kind(value));
        }
        return new FieldReader((ObjectNode) value, pointer);
    }

    public String pointer() {
        return pointer;
    }

    public String pointer(String field) {
        return JsonPointers.child(pointer, field);
    }

    public boolean has(String field) {
        return node.has(field);
    }

    public String text(String field) {
        return text(required(field), pointer(field));
    }

    public Optional<String> optText(String field) {
        return optional(field).map(v -> text(v, pointer(field)));
    }

    public long integer(String field) {
        return integer(required(field), pointer(field));
    }

    public Optional<Long> optInteger(String field) {
        return optional(field).map(v -> integer(v, pointer(field)));
    }

    public JsonNumber number(String field) {
        return number(required(field), pointer(field));
    }

    public Optional<JsonNumber> optNumber(String field) {
        return optional(field).map(v -> number(v, pointer(field)));
    }

    public boolean bool(String field) {
        JsonNode v = required(field);
        if (!v.isBoolean()) {
            throw new FieldException(pointer(field), "must be a boolean, not " + kind(v));
        }
        return v.booleanValue();
    }

    public Digest digest(String field) {
        return digest(required(field), pointer(field));
    }

    public Optional<Digest> optDigest(String field) {
        return optional(field).map(v -> digest(v, pointer(field)));
    }

    public <E extends Enum<E> & WireValue> E wire(String field, Class<E> type) {
        return wire(required(field), pointer(field), type);
    }

    public List<String> texts(String field) {
        return list(field, (v, p) -> text(v, p));
    }

    public Optional<List<String>> optTexts(String field) {
        return has(field) ? Optional.of(texts(field)) : Optional.empty();
    }

    public <E extends Enum<E> & WireValue> List<E> wires(String field, Class<E> type) {
        return list(field, (v, p) -> wire(v, p, type));
    }

    public FieldReader object(String field) {
        return of(required(field), pointer(field));
    }

    public Optional<FieldReader> optObject(String field) {
        return optional(field).map(v -> of(v, pointer(field)));
    }

    /** Maps each element of an array of objects. */
    public <T> List<T> objects(String field, Function<FieldReader, T> mapper) {
        return list(field, (v, p) -> mapper.apply(of(v, p)));
    }

    /** An object kept verbatim (extensions, expected JSON): a private copy. */
    public ObjectNode objectNode(String field) {
        JsonNode v = required(field);
        if (!v.isObject()) {
            throw new FieldException(pointer(field), "must be an object, not " + kind(v));
        }
        return v.deepCopy();
    }

    public Optional<ObjectNode> optObjectNode(String field) {
        return has(field) ? Optional.of(objectNode(field)) : Optional.empty();
    }

    /** An object whose every value is a string, in document order. */
    public Optional<Map<String, String>> optTextMap(String field) {
        return optObject(field).map(r -> {
            Map<String, String> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : r.node.properties()) {
                out.put(e.getKey(), text(e.getValue(), r.pointer(e.getKey())));
            }
            return Collections.unmodifiableMap(out);
        });
    }

    /** Each member of this object as (name, value, pointer), in document order. */
    public <T> List<T> members(MemberMapper<T> mapper) {
        List<T> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.add(mapper.map(e.getKey(), e.getValue(), pointer(e.getKey())));
        }
        return out;
    }

    /**
     * Runs a model constructor for the object this reader covers; a value its compact constructor
     * refuses becomes a {@link FieldException} at this object's pointer.
     */
    public <T> T build(Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw new FieldException(pointer, e.getMessage());
        }
    }

    @FunctionalInterface
    public interface MemberMapper<T> {
        T map(String name, JsonNode value, String pointer);
    }

    @FunctionalInterface
    private interface ElementMapper<T> {
        T map(JsonNode value, String pointer);
    }

    private <T> List<T> list(String field, ElementMapper<T> mapper) {
        JsonNode v = required(field);
        String p = pointer(field);
        if (!v.isArray()) {
            throw new FieldException(p, "must be an array, not " + kind(v));
        }
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(mapper.map(v.get(i), JsonPointers.child(p, i)));
        }
        return List.copyOf(out);
    }

    private JsonNode required(String field) {
        JsonNode v = node.get(field);
        if (v == null) {
            throw new FieldException(pointer(field), "is required but missing");
        }
        return v;
    }

    private Optional<JsonNode> optional(String field) {
        return Optional.ofNullable(node.get(field));
    }

    public static String text(JsonNode v, String pointer) {
        if (!v.isTextual()) {
            throw new FieldException(pointer, "must be a string, not " + kind(v));
        }
        return v.textValue();
    }

    public static long integer(JsonNode v, String pointer) {
        if (!v.isIntegralNumber()) {
            throw new FieldException(pointer, "must be an integer, not " + kind(v));
        }
        if (!v.canConvertToLong()) {
            // The schemas put no upper bound on counts and sizes; the models hold them as long.
            throw new FieldException(pointer, "must be at most " + Long.MAX_VALUE);
        }
        return v.longValue();
    }

    public static JsonNumber number(JsonNode v, String pointer) {
        if (!v.isNumber()) {
            throw new FieldException(pointer, "must be a number, not " + kind(v));
        }
        return JsonNumber.of(v);
    }

    public static Digest digest(JsonNode v, String pointer) {
        String s = text(v, pointer);
        try {
            return Digest.parse(s);
        } catch (IllegalArgumentException e) {
            throw new FieldException(pointer, e.getMessage());
        }
    }

    public static <E extends Enum<E> & WireValue> E wire(JsonNode v, String pointer, Class<E> type) {
        String s = text(v, pointer);
        try {
            return WireValue.parse(type, s);
        } catch (IllegalArgumentException e) {
            throw new FieldException(pointer, "must be one of " + WireValue.spellings(type) + ", not \"" + s + "\"");
        }
    }

    /** A short name for the JSON type of a value, for messages. */
    public static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        return switch (v.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "a string";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            case NUMBER -> v.isIntegralNumber() ? "an integer" : "a fractional number";
            default -> v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
