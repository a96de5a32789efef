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
