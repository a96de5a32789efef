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

    /**
     * What the last component shares with its Windows 8.3 short name, as a key in the folder's key ("docs/unsafe.py"
     * for "docs/unsafe_module.py" and for "docs/UNSAFE~1.PY"): the first six characters of the name before its last
     * dot, less spaces and dots, and the first three after it. Null for a name that fits 8.3 already (it has no other
     * name). NTFS opens a file by its short name too, and which number follows the tilde depends on the folder.
     */
    public String shortNameStem() {
        String key = fileSystemKey();
        int slash = key.lastIndexOf('/');
        String name = key.substring(slash + 1);
        int dot = name.lastIndexOf('.');
        String base = dot < 0 ? name : name.substring(0, dot);
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        boolean alias = isShortNameAlias();
        int tilde = base.lastIndexOf('~');
        if (!alias && base.length() <= 8 && ext.length() <= 3 && base.indexOf('.') < 0 && name.indexOf(' ') < 0 && !base.isEmpty()) {
            return null;
        }
        StringBuilder stem = new StringBuilder();
        String from = alias ? base.substring(0, tilde) : base;
        for (int i = 0; i < from.length() && stem.length() < 6; i++) {
            char c = from.charAt(i);
            if (c != ' ' && c != '.') {
                stem.append(c);
            }
        }
        return key.substring(0, slash + 1) + stem + "." + ext.substring(0, Math.min(3, ext.length()));
    }

    /** Whether the last component has the form of an 8.3 short name: a tilde and digits before its extension. */
    public boolean isShortNameAlias() {
        String key = fileSystemKey();
        String name = key.substring(key.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        String base = dot < 0 ? name : name.substring(0, dot);
        int tilde = base.lastIndexOf('~');
        return tilde > 0 && tilde < base.length() - 1 && base.chars().skip(tilde + 1).allMatch(c -> c >= '0' && c <= '9');
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
