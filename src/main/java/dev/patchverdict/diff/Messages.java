// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import dev.patchverdict.text.SafeText;
import dev.patchverdict.text.Utf8;

/** Makes input bytes safe to show in a message: escaped, and cut to a bounded length. */
final class Messages {
    static final int QUOTE_LIMIT = 80;

    private Messages() {}

    /** The line's bytes without its newline, quoted for a message. */
    static String quoteLine(byte[] b, int from, int to) {
        if (to > from && b[to - 1] == '\n') {
            to--;
        }
        return "\"" + escape(b, from, to, QUOTE_LIMIT) + "\"";
    }

    /**
     * Printable ASCII and well-formed non-ASCII UTF-8 are kept, except characters that hide or reorder text;
     * everything else becomes an escape, so no message can carry control or bidi characters.
     */
    static String escape(byte[] b, int from, int to, int maxChars) {
        StringBuilder sb = new StringBuilder(Math.min(to - from, maxChars) + 8);
        int i = from;
        int shown = 0;
        while (i < to) {
            if (shown >= maxChars) {
                sb.append("...");
                break;
            }
            int c = b[i] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                if (c == '\\' || c == '"') {
                    sb.append('\\');
                }
                sb.append((char) c);
                i++;
            } else if (c >= 0x80) {
                int cp = Utf8.decodeAt(b, i, to);
                if (cp < 0) {
                    sb.append(String.format("\\x%02x", c));
                    i++;
                } else {
                    if (SafeText.mustEscape(cp)) {
                        SafeText.appendEscape(sb, cp);
                    } else {
                        sb.appendCodePoint(cp);
                    }
                    i += Utf8.encodedLength(cp);
                }
            } else {
                SafeText.appendEscape(sb, c);
                i++;
            }
            shown++;
        }
        return sb.toString();
    }
}
