// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
        return string(node).getBytes(StandardCharsets.UTF_8);
    }

    public static String string(JsonNode node) {
        StringBuilder sb = new StringBuilder(256);
        write(node, sb);
        return sb.toString();
    }

    private static void write(JsonNode node, StringBuilder sb) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(node.size());
                Iterator<Map.Entry<String, JsonNode>> it = node.fields();
                while (it.hasNext()) {
                    entries.add(it.next());
                }
                entries.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
                sb.append('{');
                for (int i = 0; i < entries.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    writeString(entries.get(i).getKey(), sb);
                    sb.append(':');
                    write(entries.get(i).getValue(), sb);
                }
                sb.append('}');
            }
            case ARRAY -> {
                sb.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    write(node.get(i), sb);
                }
                sb.append(']');
            }
            case STRING -> writeString(node.textValue(), sb);
            case BOOLEAN -> sb.append(node.booleanValue() ? "true" : "false");
            case NULL -> sb.append("null");
            case NUMBER -> {
                if (node.isIntegralNumber()) {
                    sb.append(node.bigIntegerValue().toString());
                } else if (node.isBigDecimal()) {
                    sb.append(PythonFloat.repr(node.decimalValue().doubleValue()));
                } else {
                    sb.append(PythonFloat.repr(node.doubleValue()));
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

    private static void writeString(String s, StringBuilder sb) {
        sb.append('"');
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && !Character.isSurrogate(c)) {
                continue;
            }
            sb.append(s, run, i);
            run = i + 1;
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
                    } else if (!(Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
                            && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)))) {
                        throw new IllegalArgumentException("string holds a lone surrogate at index " + i);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append(s, run, s.length()).append('"');
    }
}
