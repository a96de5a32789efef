// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** One named metric; its value is a number or JSON {@code null} (empty). */
public record Metric(String name, Optional<JsonNumber> value) {
    public Metric {
        Objects.requireNonNull(name, "name");
        Require.optional(value, "value");
    }

    public static Metric of(String name, long value) {
        return new Metric(name, Optional.of(JsonNumber.of(value)));
    }

    /** A metrics object, in document order. */
    static List<Metric> readAll(FieldReader f) {
        return List.copyOf(f.members((name, value, pointer) -> {
            if (value.isNull()) {
                return new Metric(name, Optional.empty());
            }
            return new Metric(name, Optional.of(FieldReader.number(value, pointer)));
        }));
    }

    static List<Metric> checkAll(List<Metric> metrics, String field) {
        List<Metric> copy = Require.list(metrics, field);
        Set<String> names = new HashSet<>();
        for (Metric m : copy) {
            if (!names.add(m.name())) {
                throw new IllegalArgumentException(field + " names metric \"" + m.name() + "\" twice");
            }
        }
        return copy;
    }

    static ObjectNode writeAll(List<Metric> metrics) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (Metric m : metrics) {
            o.set(m.name(), m.value().map(JsonNumber::toNode).orElse(JsonNodeFactory.instance.nullNode()));
        }
        return o;
    }
}
