// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.ByteArrayOutputStream;

/** Git's C-style path quoting, as its numstat prints names and as diff headers may carry them. */
final class GitQuote {
    private GitQuote() {}

    /** A byte git quotes (with its default core.quotePath): controls, '"', '\', DEL and non-ASCII. */
    static boolean mustQuote(int b) {
        b &= 0xff;
        return b < 0x20 || b == '"' || b == '\\' || b >= 0x7f;
    }

    /** A byte git quotes even with core.quotePath off. */
    static boolean mustQuoteAlways(int b) {
        b &= 0xff;
        return b < 0x20 || b == '"' || b == '\\' || b == 0x7f;
    }

    static boolean needsQuoting(byte[] name) {
        for (byte b : name) {
            if (mustQuote(b)) {
                return true;
            }
        }
        return false;
    }

    /** Quotes when needed, exactly as git's quote_c_style with core.quotePath on. */
    static byte[] quote(byte[] name) {
        return quote(name, true);
    }

    static byte[] quote(byte[] name, boolean quoteHigh) {
        boolean need = false;
        for (byte b : name) {
            if (quoteHigh ? mustQuote(b) : mustQuoteAlways(b)) {
                need = true;
                break;
            }
        }
        if (!need) {
            return name.clone();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(name.length + 8);
        out.write('"');
        for (byte x : name) {
            int b = x & 0xff;
            if (!(quoteHigh ? mustQuote(b) : mustQuoteAlways(b))) {
                out.write(b);
                continue;
            }
            out.write('\\');
            switch (b) {
                case 0x07 -> out.write('a');
                case 0x08 -> out.write('b');
                case '\t' -> out.write('t');
                case '\n' -> out.write('n');
                case 0x0b -> out.write('v');
                case '\f' -> out.write('f');
                case '\r' -> out.write('r');
                case '"' -> out.write('"');
                case '\\' -> out.write('\\');
                default -> {
                    out.write('0' + ((b >> 6) & 7));
                    out.write('0' + ((b >> 3) & 7));
                    out.write('0' + (b & 7));
                }
            }
        }
        out.write('"');
        return out.toByteArray();
    }

    /** Result of unquoting: the bytes and the position just past the closing quote. */
    record Unquoted(byte[] bytes, int end) {}

    /**
     * Unquotes a C-quoted name starting at {@code from} (which holds '"'), accepting exactly the escapes
     * git accepts; null where git would fail. Stops at {@code limit}: a name never spans lines here.
     */
    static Unquoted unquote(byte[] b, int from, int limit) {
        if (from >= limit || b[from] != '"') {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(limit - from);
        int i = from + 1;
        while (i < limit) {
            int c = b[i++] & 0xff;
            if (c == '"') {
                return new Unquoted(out.toByteArray(), i);
            }
            if (c == 0) {
                return null;
            }
            if (c != '\\') {
                out.write(c);
                continue;
            }
            if (i >= limit) {
                return null;
            }
            c = b[i++] & 0xff;
            switch (c) {
                case 'a' -> out.write(0x07);
                case 'b' -> out.write(0x08);
                case 'f' -> out.write('\f');
                case 'n' -> out.write('\n');
                case 'r' -> out.write('\r');
                case 't' -> out.write('\t');
                case 'v' -> out.write(0x0b);
                case '\\', '"' -> out.write(c);
                case '0', '1', '2', '3' -> {
                    if (i + 2 > limit) {
                        return null;
                    }
                    int d1 = b[i++] & 0xff;
                    int d2 = b[i++] & 0xff;
                    if (d1 < '0' || d1 > '7' || d2 < '0' || d2 > '7') {
                        return null;
                    }
                    out.write(((c - '0') << 6) | ((d1 - '0') << 3) | (d2 - '0'));
                }
                default -> {
                    return null;
                }
            }
        }
        return null;
    }
}
