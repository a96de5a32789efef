// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import java.time.Instant;
import java.time.LocalDateTime;
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
        return Digests.utf8(PyJson.utf8(value));
    }

    /** Python's {@code datetime.isoformat()} in UTC with {@code Z}: six fraction digits, none when zero. */
    public static String timestamp(Instant t) {
        int micros = t.getNano() / 1000;
        LocalDateTime at = LocalDateTime.ofEpochSecond(t.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder out = new StringBuilder(27);
        if (at.getYear() >= 1 && at.getYear() <= 9999) {
            // written by hand: the formatter and String.format cost as much as the rest of a small result
            digits(out, at.getYear(), 4).append('-');
            digits(out, at.getMonthValue(), 2).append('-');
            digits(out, at.getDayOfMonth(), 2).append('T');
            digits(out, at.getHour(), 2).append(':');
            digits(out, at.getMinute(), 2).append(':');
            digits(out, at.getSecond(), 2);
        } else {
            out.append(SECONDS.format(t));
        }
        if (micros != 0) {
            digits(out.append('.'), micros, 6);
        }
        return out.append('Z').toString();
    }

    private static StringBuilder digits(StringBuilder out, int value, int width) {
        String d = Integer.toString(value);
        for (int k = d.length(); k < width; k++) {
            out.append('0');
        }
        return out.append(d);
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
