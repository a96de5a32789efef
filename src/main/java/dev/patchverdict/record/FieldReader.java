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
        expect(value != null && value.isObject(), value, pointer, "an object");
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
        return required(field, FieldReader::text);
    }

    public Optional<String> optText(String field) {
        return optional(field, FieldReader::text);
    }

    public long integer(String field) {
        return required(field, FieldReader::integer);
    }

    public Optional<Long> optInteger(String field) {
        return optional(field, FieldReader::integer);
    }

    public JsonNumber number(String field) {
        return required(field, FieldReader::number);
    }

    public Optional<JsonNumber> optNumber(String field) {
        return optional(field, FieldReader::number);
    }

    public boolean bool(String field) {
        return required(field, FieldReader::bool);
    }

    public Digest digest(String field) {
        return required(field, FieldReader::digest);
    }

    public Optional<Digest> optDigest(String field) {
        return optional(field, FieldReader::digest);
    }

    public <E extends Enum<E> & WireValue> E wire(String field, Class<E> type) {
        return required(field, (v, p) -> wire(v, p, type));
    }

    public List<String> texts(String field) {
        return required(field, (v, p) -> list(v, p, FieldReader::text));
    }

    public Optional<List<String>> optTexts(String field) {
        return optional(field, (v, p) -> list(v, p, FieldReader::text));
    }

    public <E extends Enum<E> & WireValue> List<E> wires(String field, Class<E> type) {
        return required(field, (v, p) -> list(v, p, (e, at) -> wire(e, at, type)));
    }

    public FieldReader object(String field) {
        return required(field, FieldReader::of);
    }

    public Optional<FieldReader> optObject(String field) {
        return optional(field, FieldReader::of);
    }

    /** Maps each element of an array of objects. */
    public <T> List<T> objects(String field, Function<FieldReader, T> mapper) {
        return required(field, (v, p) -> list(v, p, (e, at) -> mapper.apply(of(e, at))));
    }

    /** An object kept verbatim (extensions, expected JSON): a private copy. */
    public ObjectNode objectNode(String field) {
        return required(field, FieldReader::objectNode);
    }

    public Optional<ObjectNode> optObjectNode(String field) {
        return optional(field, FieldReader::objectNode);
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

    /** Reads one JSON value, knowing where it is for messages. */
    @FunctionalInterface
    private interface ValueReader<T> {
        T read(JsonNode value, String pointer);
    }

    private <T> T required(String field, ValueReader<T> reader) {
        JsonNode v = node.get(field);
        if (v == null) {
            throw new FieldException(pointer(field), "is required but missing");
        }
        return reader.read(v, pointer(field));
    }

    private <T> Optional<T> optional(String field, ValueReader<T> reader) {
        JsonNode v = node.get(field);
        return v == null ? Optional.empty() : Optional.of(reader.read(v, pointer(field)));
    }

    /** A value of the wrong JSON type is refused, naming the type it has. */
    private static void expect(boolean ok, JsonNode v, String pointer, String what) {
        if (!ok) {
            throw new FieldException(pointer, "must be " + what + ", not " + kind(v));
        }
    }

    private static <T> List<T> list(JsonNode v, String pointer, ValueReader<T> reader) {
        expect(v.isArray(), v, pointer, "an array");
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(reader.read(v.get(i), JsonPointers.child(pointer, i)));
        }
        return List.copyOf(out);
    }

    private static ObjectNode objectNode(JsonNode v, String pointer) {
        expect(v.isObject(), v, pointer, "an object");
        return v.deepCopy();
    }

    private static boolean bool(JsonNode v, String pointer) {
        expect(v.isBoolean(), v, pointer, "a boolean");
        return v.booleanValue();
    }

    public static String text(JsonNode v, String pointer) {
        expect(v.isTextual(), v, pointer, "a string");
        return v.textValue();
    }

    public static long integer(JsonNode v, String pointer) {
        expect(v.isIntegralNumber(), v, pointer, "an integer");
        if (!v.canConvertToLong()) {
            // The schemas put no upper bound on counts and sizes; the models hold them as long.
            throw new FieldException(pointer, "must be at most " + Long.MAX_VALUE);
        }
        return v.longValue();
    }

    public static JsonNumber number(JsonNode v, String pointer) {
        expect(v.isNumber(), v, pointer, "a number");
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
