// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Python's {@code repr} of the value Python's {@code json} module would load from a JSON value:
 * upstream messages (jsonschema's among them) quote values this way, so matching them byte for
 * byte needs the same quoting, escapes and number forms.
 */
public final class PythonRepr {
    private PythonRepr() {}

    /** {@code 'text'}, {@code 5}, {@code 5.0}, {@code True}, {@code None}, {@code ['a']}, {@code {'k': 1}}. */
    public static String of(JsonNode v) {
        StringBuilder sb = new StringBuilder();
        append(sb, v);
        return sb.toString();
    }

    /** Python's {@code repr(str)}. */
    public static String string(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        appendString(sb, s);
        return sb.toString();
    }

    private static void append(StringBuilder sb, JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            sb.append("None");
        } else if (v.isTextual()) {
            appendString(sb, v.textValue());
        } else if (v.isBoolean()) {
            sb.append(v.booleanValue() ? "True" : "False");
        } else if (v.isIntegralNumber()) {
            sb.append(v.bigIntegerValue());
        } else if (v.isNumber()) {
            // json.loads makes every number with '.', 'e' or 'E' a float, overflowing to inf
            sb.append(floatRepr(v.doubleValue()));
        } else if (v.isArray()) {
            sb.append('[');
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                append(sb, v.get(i));
            }
            sb.append(']');
        } else if (v.isObject()) {
            sb.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                appendString(sb, member.getKey());
                sb.append(": ");
                append(sb, member.getValue());
            }
            sb.append('}');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getNodeType());
        }
    }

    private static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        return PythonFloat.repr(d);
    }

    private static void appendString(StringBuilder sb, String s) {
        // Python prefers single quotes and switches only when that saves escaping a ' without costing a "
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        sb.append(quote);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == quote || cp == '\\') {
                sb.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                sb.append("\\t");
            } else if (cp == '\n') {
                sb.append("\\n");
            } else if (cp == '\r') {
                sb.append("\\r");
            } else if (printable(cp)) {
                sb.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                sb.append(String.format("\\x%02x", cp));
            } else if (cp <= 0xffff) {
                sb.append(String.format("\\u%04x", cp));
            } else {
                sb.append(String.format("\\U%08x", cp));
            }
        }
        sb.append(quote);
    }

    /** Python's {@code str.isprintable} for one code point (Java's Unicode tables, not Python's). */
    private static boolean printable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                    Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            case Character.SPACE_SEPARATOR -> cp == ' ';
            default -> true;
        };
    }
}
