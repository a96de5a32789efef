// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/**
 * A JSON number kept as written: an integer stays an integer (at any size) and a fraction stays a
 * double, so {@code 1} and {@code 1.0} remain different values, as they are for canonical digests.
 */
public record JsonNumber(Number value) {
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    public JsonNumber {
        Objects.requireNonNull(value, "value");
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            value = value.longValue();
        } else if (value instanceof BigInteger big && big.compareTo(LONG_MIN) >= 0 && big.compareTo(LONG_MAX) <= 0) {
            // One representation per value, so that equal numbers are equal records.
            value = big.longValue();
        } else if (value instanceof Float f) {
            value = f.doubleValue();
        }
        if (value instanceof Double d) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("not a finite number: " + d);
            }
        } else if (!(value instanceof Long) && !(value instanceof BigInteger)) {
            throw new IllegalArgumentException("unsupported number type " + value.getClass().getName());
        }
    }

    public static JsonNumber of(long value) {
        return new JsonNumber(value);
    }

    public static JsonNumber of(double value) {
        return new JsonNumber(value);
    }

    /** Reads a numeric node; anything else is refused. */
    public static JsonNumber of(JsonNode node) {
        if (node == null || !node.isNumber()) {
            throw new IllegalArgumentException("not a JSON number: " + node);
        }
        if (node.isIntegralNumber()) {
            return new JsonNumber(node.bigIntegerValue());
        }
        return new JsonNumber(node.doubleValue());
    }

    /** True for integers ({@code 1}), false for fractions ({@code 1.0}). */
    public boolean isIntegral() {
        return !(value instanceof Double);
    }

    public double doubleValue() {
        return value.doubleValue();
    }

    public BigDecimal decimalValue() {
        return value instanceof Double d ? BigDecimal.valueOf(d) : new BigDecimal(bigIntegerOrZero());
    }

    private BigInteger bigIntegerOrZero() {
        return value instanceof BigInteger b ? b : BigInteger.valueOf(value.longValue());
    }

    /** The node the strict reader would have produced for this number. */
    public JsonNode toNode() {
        if (value instanceof Double d) {
            return DoubleNode.valueOf(d);
        }
        if (value instanceof Long l) {
            return l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE ? IntNode.valueOf((int) (long) l) : LongNode.valueOf(l);
        }
        return BigIntegerNode.valueOf((BigInteger) value);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
