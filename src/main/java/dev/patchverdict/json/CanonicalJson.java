// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;

/**
 * The record family's canonical serialisation: keys sorted by code point, no insignificant
 * white space, non-ASCII written raw, only the characters JSON requires escaped, integers
 * exact at any size, fractions as Python writes them. Digests are taken over these bytes,
 * so every byte here is part of the compatibility contract.
 */
public final class CanonicalJson {
    private CanonicalJson() {}

    public static byte[] bytes(JsonNode node) {
        return write(node).toByteArray();
    }

    public static String string(JsonNode node) {
        return write(node).toUtf8String();
    }

    /** The canonical bytes in a buffer, for a reader (a digest) that takes them from there without a copy. */
    public static Utf8Buffer write(JsonNode node) {
        Utf8Buffer out = new Utf8Buffer(256);
        write(node, out);
        return out;
    }

    /** An object's members in code-point order of their names (the order both serialisations write them in). */
    public static Map.Entry<String, JsonNode>[] members(JsonNode object) {
        int size = object.size();
        @SuppressWarnings("unchecked")
        Map.Entry<String, JsonNode>[] entries = new Map.Entry[size];
        Iterator<Map.Entry<String, JsonNode>> it = object.fields();
        for (int i = 0; i < size; i++) {
            entries[i] = it.next();
        }
        if (size > 1) {
            Arrays.sort(entries, BY_NAME);
        }
        return entries;
    }

    /** Object members in code-point order of their names. */
    private static final Comparator<Map.Entry<String, JsonNode>> BY_NAME = (a, b) -> compareCodePoints(a.getKey(), b.getKey());

    private static void write(JsonNode node, Utf8Buffer out) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                Map.Entry<String, JsonNode>[] entries = members(node);
                out.ascii('{');
                for (int i = 0; i < entries.length; i++) {
                    if (i > 0) {
                        out.ascii(',');
                    }
                    writeString(entries[i].getKey(), out);
                    out.ascii(':');
                    write(entries[i].getValue(), out);
                }
                out.ascii('}');
            }
            case ARRAY -> {
                out.ascii('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.ascii(',');
                    }
                    write(node.get(i), out);
                }
                out.ascii(']');
            }
            case STRING -> writeString(node.textValue(), out);
            case BOOLEAN -> out.ascii(node.booleanValue() ? "true" : "false");
            case NULL -> out.ascii("null");
            case NUMBER -> {
                if (node.isIntegralNumber()) {
                    out.ascii(node.canConvertToLong() ? Long.toString(node.longValue()) : node.bigIntegerValue().toString());
                } else if (node.isBigDecimal()) {
                    out.ascii(PythonFloat.repr(node.decimalValue().doubleValue()));
                } else {
                    out.ascii(PythonFloat.repr(node.doubleValue()));
                }
            }
            default -> throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
        }
    }

    /** Code-point order, which differs from UTF-16 order above the surrogate range. */
    public static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int k = 0; k < n; k++) {
            char x = a.charAt(k);
            char y = b.charAt(k);
            if (x != y) {
                // Below the surrogates, the first differing unit decides as its code point does.
                return x < Character.MIN_SURROGATE && y < Character.MIN_SURROGATE ? x - y : compareFrom(a, b);
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int compareFrom(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    private static void writeString(String s, Utf8Buffer out) {
        out.string(s, Utf8Buffer.Escaping.CANONICAL);
    }
}
