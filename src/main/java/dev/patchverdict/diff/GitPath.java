// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import dev.patchverdict.text.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A path as git has it: raw bytes, unquoted, with the a/ or b/ prefix removed. Git paths need not be
 * UTF-8, so the bytes are the truth and text forms are derived.
 */
public record GitPath(byte[] bytes) implements Comparable<GitPath> {
    public GitPath {
        bytes = bytes.clone();
    }

    public static GitPath of(String utf8) {
        return new GitPath(utf8.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    int length() {
        return bytes.length;
    }

    byte byteAt(int i) {
        return bytes[i];
    }

    /** The path decoded as UTF-8, with U+FFFD for bytes that are not. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The text of a path that may be absent (a section's old or new name): null for none. */
    public static String textOrNull(GitPath p) {
        return p == null ? null : p.text();
    }

    /**
     * The path as a case-insensitive or Unicode-normalizing filesystem compares names (macOS, Windows): each component
     * in NFC, case-folded, without the code points HFS+ ignores, an NTFS stream suffix or trailing dots and spaces.
     * Two paths with one key may be one file on such a checkout; the key is for comparing, never for writing.
     */
    public String fileSystemKey() {
        String s = java.text.Normalizer.normalize(text(), java.text.Normalizer.Form.NFC);
        StringBuilder out = new StringBuilder(s.length());
        int componentStart = 0;
        boolean stream = false;
        for (int i = 0; i < s.length();) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '/') {
                trimComponent(out, componentStart);
                out.append('/');
                componentStart = out.length();
                stream = false;
            } else if (cp == ':') {
                stream = true;
            } else if (!stream && !PathRules.hfsIgnorable(cp)) {
                // Upper then lower: the closest the JDK has to Unicode case folding (ß and SS meet, as NTFS's table has them).
                out.append(new String(Character.toChars(cp)).toUpperCase(java.util.Locale.ROOT).toLowerCase(java.util.Locale.ROOT));
            }
        }
        trimComponent(out, componentStart);
        return out.toString();
    }

    private static void trimComponent(StringBuilder out, int start) {
        int e = out.length();
        while (e > start && (out.charAt(e - 1) == '.' || out.charAt(e - 1) == ' ')) {
            e--;
        }
        out.setLength(e);
    }

    public boolean isValidUtf8() {
        return Utf8.isValid(bytes);
    }

    /** The path as git prints it in numstat: C-quoted when it holds a byte that needs it. */
    public String quoted() {
        return new String(GitQuote.quote(bytes), StandardCharsets.US_ASCII);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GitPath p && Arrays.equals(bytes, p.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public int compareTo(GitPath o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    @Override
    public String toString() {
        return Messages.escape(bytes, 0, bytes.length, 200);
    }
}
