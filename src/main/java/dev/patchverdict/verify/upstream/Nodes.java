// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** Small helpers for building the record family's JSON the way its verifier does. */
public final class Nodes {
    public static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    private Nodes() {}

    public static ObjectNode object() {
        return F.objectNode();
    }

    public static ArrayNode strings(List<String> values) {
        ArrayNode a = F.arrayNode();
        values.forEach(a::add);
        return a;
    }

    public static List<String> stringList(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(n -> out.add(n.isTextual() ? n.textValue() : n.toString()));
        }
        return out;
    }

    /** {@code sha256:} over the canonical serialisation; NaN and infinities written as Python does. */
    public static Digest digest(JsonNode value) {
        return Digests.bytes(PyJson.dumps(value, false).getBytes(StandardCharsets.UTF_8));
    }

    /** Python's {@code datetime.isoformat()} in UTC with {@code Z}: six fraction digits, none when zero. */
    public static String timestamp(Instant t) {
        int micros = t.getNano() / 1000;
        String base = SECONDS.format(t);
        return micros == 0 ? base + "Z" : base + "." + String.format("%06d", micros) + "Z";
    }

    /** Text of a JSON value as Python's {@code str()} prints it (used for version lookups). */
    public static String pyStr(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "None";
        }
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue() ? "True" : "False";
        }
        if (v.isIntegralNumber()) {
            return v.bigIntegerValue().toString();
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            return Double.isNaN(d) ? "nan" : Double.isInfinite(d) ? (d > 0 ? "inf" : "-inf") : dev.patchverdict.json.PythonFloat.repr(d);
        }
        return PyJson.dumps(v, true);
    }
}
