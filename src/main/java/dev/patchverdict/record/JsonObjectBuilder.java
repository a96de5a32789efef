// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.patchverdict.digest.Digest;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes model values back into a JSON object, producing the same node kinds the strict reader
 * produces (an integer in int range is an int node, and so on), so that what a model writes equals
 * what it was read from. Absent optionals are left out.
 */
public final class JsonObjectBuilder {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final ObjectNode node = NODES.objectNode();

    private JsonObjectBuilder() {}

    public static JsonObjectBuilder object() {
        return new JsonObjectBuilder();
    }

    /** A document's object, which names its schema version first. */
    public static JsonObjectBuilder document(DocumentVersion version) {
        return object().put("schema_version", version.version());
    }

    public JsonObjectBuilder put(String field, String value) {
        return set(field, TextNode.valueOf(Objects.requireNonNull(value, field)));
    }

    public JsonObjectBuilder put(String field, long value) {
        return set(field, JsonNumber.of(value).toNode());
    }

    public JsonObjectBuilder put(String field, boolean value) {
        return set(field, BooleanNode.valueOf(value));
    }

    public JsonObjectBuilder put(String field, JsonNumber value) {
        return set(field, value.toNode());
    }

    public JsonObjectBuilder put(String field, WireValue value) {
        return put(field, value.wire());
    }

    public JsonObjectBuilder put(String field, Digest value) {
        return put(field, value.toString());
    }

    /** A JSON value written verbatim (a copy). */
    public JsonObjectBuilder put(String field, JsonNode value) {
        return set(field, value.deepCopy());
    }

    public JsonObjectBuilder texts(String field, List<String> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return set(field, a);
    }

    public JsonObjectBuilder wires(String field, List<? extends WireValue> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(v -> a.add(v.wire()));
        return set(field, a);
    }

    public <T> JsonObjectBuilder objects(String field, List<T> values, Function<T, ? extends JsonNode> writer) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(v -> a.add(writer.apply(v)));
        return set(field, a);
    }

    public JsonObjectBuilder optText(String field, Optional<String> value) {
        value.ifPresent(v -> put(field, v));
        return this;
    }

    public JsonObjectBuilder optInteger(String field, Optional<Long> value) {
        value.ifPresent(v -> put(field, (long) v));
        return this;
    }

    public JsonObjectBuilder optNumber(String field, Optional<JsonNumber> value) {
        value.ifPresent(v -> put(field, v));
        return this;
    }

    public JsonObjectBuilder optDigest(String field, Optional<Digest> value) {
        value.ifPresent(v -> put(field, v));
        return this;
    }

    public JsonObjectBuilder optTexts(String field, Optional<List<String>> values) {
        values.ifPresent(v -> texts(field, v));
        return this;
    }

    public JsonObjectBuilder optNode(String field, Optional<? extends JsonNode> value) {
        value.ifPresent(v -> put(field, v));
        return this;
    }

    public <T> JsonObjectBuilder optObject(String field, Optional<T> value, Function<T, ? extends JsonNode> writer) {
        value.ifPresent(v -> set(field, writer.apply(v)));
        return this;
    }

    public JsonObjectBuilder optTextMap(String field, Optional<Map<String, String>> value) {
        value.ifPresent(m -> {
            ObjectNode o = NODES.objectNode();
            m.forEach(o::put);
            set(field, o);
        });
        return this;
    }

    public ObjectNode build() {
        return node.deepCopy();
    }

    private JsonObjectBuilder set(String field, JsonNode value) {
        if (node.has(field)) {
            throw new IllegalStateException("field written twice: " + field);
        }
        node.set(field, value);
        return this;
    }
}
