// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.json.PythonFloat;
import dev.patchverdict.json.Utf8Buffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;

/**
 * Python's {@code json} module as upstream uses it: {@code json.loads} (CPython's C scanner,
 * including where each error is reported), {@code ==} on the loaded values, and the two
 * {@code json.dumps} forms with {@code sort_keys=True}.
 */
public final class PyJson {
    private PyJson() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Python 3.11+ refuses int/str conversion of more digits than this (sys.int_info default). */
    private static final int MAX_INT_DIGITS = 4300;

    /**
     * Nesting beyond this would be a RecursionError upstream (its exact depth, near 1000, depends
     * on the interpreter's stack); here it guards the Java stack, which a thread with a small
     * stack exhausts well before 1000 levels of the scanner's recursion, so the bound is lower.
     */
    private static final int MAX_DEPTH = 400;

    /** {@code getMessage()} is exactly {@code str(json.JSONDecodeError)}. */
    public static final class DecodeError extends Exception {
        private static final long serialVersionUID = 1L;

        DecodeError(String message) {
            super(message);
        }
    }

    // ---------------------------------------------------------------- loads

    public static JsonNode loads(String text) throws DecodeError {
        int[] cps = text.codePoints().toArray();
        Scanner scanner = new Scanner(cps);
        if (cps.length > 0 && cps[0] == 0xfeff) {
            throw scanner.error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
        }
        int idx = scanner.skipWhitespace(0);
        JsonNode value = scanner.scanTop(idx);
        int end = scanner.skipWhitespace(scanner.next);
        if (end != cps.length) {
            throw scanner.error("Extra data", end);
        }
        return value;
    }

    /** Raised where CPython's scanner raises StopIteration; becomes "Expecting value" at that index. */
    private static final class NoValue extends Exception {
        private static final long serialVersionUID = 1L;
        final int index;

        NoValue(int index) {
            super(null, null, false, false);
            this.index = index;
        }
    }

    private static final class Scanner {
        final int[] s;
        final int len;
        int next;
        int depth;

        Scanner(int[] s) {
            this.s = s;
            this.len = s.length;
        }

        JsonNode scanTop(int idx) throws DecodeError {
            try {
                return scanOnce(idx);
            } catch (NoValue e) {
                throw error("Expecting value", e.index);
            }
        }

        int skipWhitespace(int idx) {
            while (idx < len && isWs(s[idx])) {
                idx++;
            }
            return idx;
        }

        JsonNode scanOnce(int idx) throws DecodeError, NoValue {
            if (idx >= len) {
                throw new NoValue(idx);
            }
            switch (s[idx]) {
                case '"':
                    return NODES.textNode(scanString(idx + 1));
                case '{':
                    return nested("object", () -> parseObject(idx + 1));
                case '[':
                    return nested("array", () -> parseArray(idx + 1));
                case 'n':
                    if (matches(idx, "null")) {
                        next = idx + 4;
                        return NODES.nullNode();
                    }
                    break;
                case 't':
                    if (matches(idx, "true")) {
                        next = idx + 4;
                        return NODES.booleanNode(true);
                    }
                    break;
                case 'f':
                    if (matches(idx, "false")) {
                        next = idx + 5;
                        return NODES.booleanNode(false);
                    }
                    break;
                case 'N':
                    if (matches(idx, "NaN")) {
                        next = idx + 3;
                        return NODES.numberNode(Double.NaN);
                    }
                    break;
                case 'I':
                    if (matches(idx, "Infinity")) {
                        next = idx + 8;
                        return NODES.numberNode(Double.POSITIVE_INFINITY);
                    }
                    break;
                case '-':
                    if (matches(idx, "-Infinity")) {
                        next = idx + 9;
                        return NODES.numberNode(Double.NEGATIVE_INFINITY);
                    }
                    break;
                default:
                    break;
            }
            return matchNumber(idx);
        }

        private interface Body {
            JsonNode run() throws DecodeError, NoValue;
        }

        private JsonNode nested(String kind, Body body) throws DecodeError, NoValue {
            if (++depth > MAX_DEPTH) {
                // RecursionError's text upstream; the depth where Python gives up is not exact here
                throw new DecodeError("maximum recursion depth exceeded while decoding a JSON " + kind
                        + " from a unicode string");
            }
            try {
                return body.run();
            } finally {
                depth--;
            }
        }

        private boolean matches(int idx, String word) {
            if (idx + word.length() > len) {
                return false;
            }
            for (int k = 0; k < word.length(); k++) {
                if (s[idx + k] != word.charAt(k)) {
                    return false;
                }
            }
            return true;
        }

        private JsonNode parseObject(int idx) throws DecodeError, NoValue {
            ObjectNode obj = NODES.objectNode();
            idx = skipWhitespace(idx);
            if (idx >= len || s[idx] != '}') {
                while (true) {
                    if (idx >= len || s[idx] != '"') {
                        throw error("Expecting property name enclosed in double quotes", idx);
                    }
                    String key = scanString(idx + 1);
                    idx = skipWhitespace(next);
                    if (idx >= len || s[idx] != ':') {
                        throw error("Expecting ':' delimiter", idx);
                    }
                    idx = skipWhitespace(idx + 1);
                    JsonNode value = scanOnce(idx);
                    // a dict keeps a repeated key where it first appeared, with the last value
                    obj.set(key, value);
                    idx = skipWhitespace(next);
                    if (idx < len && s[idx] == '}') {
                        break;
                    }
                    if (idx >= len || s[idx] != ',') {
                        throw error("Expecting ',' delimiter", idx);
                    }
                    idx = skipWhitespace(idx + 1);
                }
            }
            next = idx + 1;
            return obj;
        }

        private JsonNode parseArray(int idx) throws DecodeError, NoValue {
            ArrayNode arr = NODES.arrayNode();
            idx = skipWhitespace(idx);
            if (idx >= len || s[idx] != ']') {
                while (true) {
                    arr.add(scanOnce(idx));
                    idx = skipWhitespace(next);
                    if (idx < len && s[idx] == ']') {
                        break;
                    }
                    if (idx >= len || s[idx] != ',') {
                        throw error("Expecting ',' delimiter", idx);
                    }
                    idx = skipWhitespace(idx + 1);
                }
            }
            next = idx + 1;
            return arr;
        }

        /** {@code end} is the index just after the opening quote; sets {@link #next} past the closing one. */
        private String scanString(int end) throws DecodeError {
            int begin = end - 1;
            StringBuilder out = new StringBuilder();
            while (true) {
                int c = 0;
                int i = end;
                for (; i < len; i++) {
                    c = s[i];
                    if (c == '"' || c == '\\') {
                        break;
                    }
                    if (c <= 0x1f) {
                        throw error("Invalid control character at", i);
                    }
                }
                if (i >= len) {
                    throw error("Unterminated string starting at", begin);
                }
                if (i > end) {
                    out.append(new String(s, end, i - end));
                }
                i++;
                if (c == '"') {
                    next = i;
                    return out.toString();
                }
                if (i == len) {
                    throw error("Unterminated string starting at", begin);
                }
                c = s[i];
                if (c != 'u') {
                    end = i + 1;
                    switch (c) {
                        case '"': case '\\': case '/': out.append((char) c); break;
                        case 'b': out.append('\b'); break;
                        case 'f': out.append('\f'); break;
                        case 'n': out.append('\n'); break;
                        case 'r': out.append('\r'); break;
                        case 't': out.append('\t'); break;
                        default: throw error("Invalid \\escape", end - 2);
                    }
                    continue;
                }
                // \\uXXXX: both the "too short" and "bad digit" errors point at the 'u'
                int uIndex = i;
                int digitsStart = i + 1;
                end = digitsStart + 4;
                if (end >= len) {
                    throw error("Invalid \\uXXXX escape", uIndex);
                }
                int unit = hex4(digitsStart, uIndex);
                if (Character.isHighSurrogate((char) unit) && end + 6 < len
                        && s[end] == '\\' && s[end + 1] == 'u') {
                    int low = hex4(end + 2, end + 1);
                    if (Character.isLowSurrogate((char) low)) {
                        out.appendCodePoint(Character.toCodePoint((char) unit, (char) low));
                        end += 6;
                        continue;
                    }
                }
                // a lone surrogate is kept as is, like Python's str
                out.append((char) unit);
            }
        }

        private int hex4(int from, int errorIndex) throws DecodeError {
            int value = 0;
            for (int k = from; k < from + 4; k++) {
                int d = s[k];
                int v;
                if (d >= '0' && d <= '9') {
                    v = d - '0';
                } else if (d >= 'a' && d <= 'f') {
                    v = d - 'a' + 10;
                } else if (d >= 'A' && d <= 'F') {
                    v = d - 'A' + 10;
                } else {
                    throw error("Invalid \\uXXXX escape", errorIndex);
                }
                value = (value << 4) | v;
            }
            return value;
        }

        private JsonNode matchNumber(int start) throws DecodeError, NoValue {
            int idx = start;
            int endIdx = len - 1;
            if (s[idx] == '-') {
                idx++;
                if (idx > endIdx) {
                    throw new NoValue(start);
                }
            }
            if (s[idx] >= '1' && s[idx] <= '9') {
                idx++;
                while (idx <= endIdx && isDigit(s[idx])) {
                    idx++;
                }
            } else if (s[idx] == '0') {
                idx++;
            } else {
                throw new NoValue(start);
            }
            boolean isFloat = false;
            // a fraction needs a digit after the '.'; otherwise the number ends before it
            if (idx < endIdx && s[idx] == '.' && isDigit(s[idx + 1])) {
                isFloat = true;
                idx += 2;
                while (idx <= endIdx && isDigit(s[idx])) {
                    idx++;
                }
            }
            // an exponent without digits is not part of the number
            if (idx < endIdx && (s[idx] == 'e' || s[idx] == 'E')) {
                int eStart = idx;
                idx++;
                if (idx < endIdx && (s[idx] == '-' || s[idx] == '+')) {
                    idx++;
                }
                while (idx <= endIdx && isDigit(s[idx])) {
                    idx++;
                }
                if (isDigit(s[idx - 1])) {
                    isFloat = true;
                } else {
                    idx = eStart;
                }
            }
            String literal = new String(s, start, idx - start);
            next = idx;
            if (isFloat) {
                return NODES.numberNode(Double.parseDouble(literal));
            }
            int digits = literal.length() - (literal.charAt(0) == '-' ? 1 : 0);
            if (digits > MAX_INT_DIGITS) {
                // Python raises ValueError here (not JSONDecodeError); str() of it is this text
                throw new DecodeError("Exceeds the limit (" + MAX_INT_DIGITS
                        + " digits) for integer string conversion: value has " + digits
                        + " digits; use sys.set_int_max_str_digits() to increase the limit");
            }
            return intNode(new BigInteger(literal));
        }

        DecodeError error(String msg, int pos) {
            int lineno = 1;
            int lastNewline = -1;
            for (int k = 0; k < pos && k < len; k++) {
                if (s[k] == '\n') {
                    lineno++;
                    lastNewline = k;
                }
            }
            int colno = pos - lastNewline;
            return new DecodeError(msg + ": line " + lineno + " column " + colno + " (char " + pos + ")");
        }
    }

    private static boolean isWs(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static JsonNode intNode(BigInteger v) {
        if (v.bitLength() < 32) {
            return NODES.numberNode(v.intValue());
        }
        if (v.bitLength() < 64) {
            return NODES.numberNode(v.longValue());
        }
        return NODES.numberNode(v);
    }

    // ---------------------------------------------------------------- equality

    /**
     * Python {@code ==} on values returned by {@link #loads}. Container members compare as
     * Python's containers do, identity first: every NaN literal loads as one shared float
     * object, so a NaN nested in a list or dict equals a NaN at the same place (SPEC.md
     * decision 7), while two NaN values compared directly are unequal.
     */
    public static boolean pyEquals(JsonNode a, JsonNode b) {
        if (isNumeric(a) && isNumeric(b)) {
            return numbersEqual(a, b);
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isNull() && b.isNull()) {
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!memberEquals(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = a.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !memberEquals(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean memberEquals(JsonNode a, JsonNode b) {
        return (isNaN(a) && isNaN(b)) || pyEquals(a, b);
    }

    private static boolean isNaN(JsonNode n) {
        return n.isNumber() && isFloatLike(n) && Double.isNaN(n.doubleValue());
    }

    // bool is a subclass of int in Python
    private static boolean isNumeric(JsonNode n) {
        return n.isNumber() || n.isBoolean();
    }

    private static boolean isFloatLike(JsonNode n) {
        return n.isFloatingPointNumber();
    }

    private static boolean numbersEqual(JsonNode a, JsonNode b) {
        if (isFloatLike(a) && !Double.isFinite(a.doubleValue())
                || isFloatLike(b) && !Double.isFinite(b.doubleValue())) {
            // NaN equals nothing; an infinity only another float infinity of the same sign
            return isFloatLike(a) && isFloatLike(b) && a.doubleValue() == b.doubleValue();
        }
        return exact(a).compareTo(exact(b)) == 0;
    }

    private static BigDecimal exact(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (isFloatLike(n)) {
            // BigDecimal nodes count as doubles, as the writers treat them
            return new BigDecimal(n.doubleValue());
        }
        return new BigDecimal(n.bigIntegerValue());
    }

    // ---------------------------------------------------------------- dumps

    /** {@code json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=ensureAscii)}. */
    public static String dumps(JsonNode v, boolean ensureAscii) {
        if (ensureAscii) {
            Utf8Buffer out = new Utf8Buffer(256);
            write(new Bytes(out, true), v, -1, 0);
            return out.toAsciiString();
        }
        // a lone surrogate stays in the text (a digest of it goes through utf8)
        Chars out = new Chars();
        write(out, v, -1, 0);
        return out.text.toString();
    }

    /**
     * {@code json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)} encoded as UTF-8, a lone
     * surrogate as {@code '?'} (as {@code String.getBytes} encodes one): the bytes a digest of the value is taken over.
     */
    public static Utf8Buffer utf8(JsonNode v) {
        Utf8Buffer out = new Utf8Buffer(256);
        write(new Bytes(out, false), v, -1, 0);
        return out;
    }

    /** {@code json.dumps(v, indent=2, sort_keys=True)}, without a trailing newline. */
    public static String dumpsIndented(JsonNode v) {
        Utf8Buffer out = new Utf8Buffer(4096);
        write(new Bytes(out, true), v, 2, 0);
        return out.toAsciiString();
    }

    /** Where a dump goes: text as a builder holds it, or UTF-8 bytes. */
    private abstract static class Out {
        abstract void ascii(char c);

        abstract void ascii(String s);

        /** A JSON string literal with its quotes. */
        abstract void string(String s);
    }

    /** To bytes: ASCII with every other character escaped ({@code ensure_ascii}), or UTF-8. */
    private static final class Bytes extends Out {
        final Utf8Buffer out;
        final boolean ascii;

        Bytes(Utf8Buffer out, boolean ascii) {
            this.out = out;
            this.ascii = ascii;
        }

        @Override
        void ascii(char c) {
            out.ascii(c);
        }

        @Override
        void ascii(String s) {
            out.ascii(s);
        }

        @Override
        void string(String s) {
            // per UTF-16 unit under ensure_ascii, so a non-BMP character becomes a surrogate pair, as in Python
            out.string(s, ascii ? Utf8Buffer.Escaping.ASCII : Utf8Buffer.Escaping.UTF8);
        }
    }

    /** To text, {@code ensure_ascii=False}: every character but the escaped ones as it is. */
    private static final class Chars extends Out {
        final StringBuilder text = new StringBuilder(256);

        @Override
        void ascii(char c) {
            text.append(c);
        }

        @Override
        void ascii(String s) {
            text.append(s);
        }

        @Override
        void string(String s) {
            text.append('"');
            int run = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c >= 0x20 && c != '"' && c != '\\') {
                    continue;
                }
                text.append(s, run, i);
                run = i + 1;
                switch (c) {
                    case '"' -> text.append("\\\"");
                    case '\\' -> text.append("\\\\");
                    case '\n' -> text.append("\\n");
                    case '\r' -> text.append("\\r");
                    case '\t' -> text.append("\\t");
                    case '\b' -> text.append("\\b");
                    case '\f' -> text.append("\\f");
                    default -> text.append(String.format("\\u%04x", (int) c));
                }
            }
            text.append(s, run, s.length()).append('"');
        }
    }

    /** indent &lt; 0 means the compact form. */
    private static void write(Out out, JsonNode v, int indent, int level) {
        if (v.isObject()) {
            if (v.size() == 0) {
                out.ascii("{}");
                return;
            }
            // sort_keys: code-point order, as the canonical form orders them
            Map.Entry<String, JsonNode>[] members = CanonicalJson.members(v);
            out.ascii('{');
            for (int i = 0; i < members.length; i++) {
                if (i > 0) {
                    out.ascii(',');
                }
                newline(out, indent, level + 1);
                out.string(members[i].getKey());
                out.ascii(indent < 0 ? ":" : ": ");
                write(out, members[i].getValue(), indent, level + 1);
            }
            newline(out, indent, level);
            out.ascii('}');
        } else if (v.isArray()) {
            if (v.size() == 0) {
                out.ascii("[]");
                return;
            }
            out.ascii('[');
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    out.ascii(',');
                }
                newline(out, indent, level + 1);
                write(out, v.get(i), indent, level + 1);
            }
            newline(out, indent, level);
            out.ascii(']');
        } else if (v.isTextual()) {
            out.string(v.textValue());
        } else if (v.isBoolean()) {
            out.ascii(v.booleanValue() ? "true" : "false");
        } else if (v.isNull() || v.isMissingNode()) {
            out.ascii("null");
        } else if (v.isFloatingPointNumber()) {
            out.ascii(floatRepr(v.doubleValue()));
        } else if (v.isNumber()) {
            out.ascii(v.canConvertToLong() ? Long.toString(v.longValue()) : v.bigIntegerValue().toString());
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getNodeType());
        }
    }

    private static void newline(Out out, int indent, int level) {
        if (indent >= 0) {
            out.ascii('\n');
            for (int k = 0; k < indent * level; k++) {
                out.ascii(' ');
            }
        }
    }

    private static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        return PythonFloat.repr(d);
    }
}
