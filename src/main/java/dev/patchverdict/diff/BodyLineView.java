// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import dev.patchverdict.text.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one DiffLine the reader hands out, refilled for every body line: it points into the window, so it
 * is valid only during the visitor's onLine call.
 */
final class BodyLineView implements DiffLine {
    /** Whether the flags tell about high bytes: only when the window scanned for them. */
    private final boolean byteChecks;
    LineKind kind;
    FileHeader section;
    int hunk;
    long line;
    long offset;
    byte[] buf;
    int from;
    int to;
    boolean hasNewline;
    int flags;

    BodyLineView(boolean byteChecks) {
        this.byteChecks = byteChecks;
    }

    @Override
    public LineKind kind() {
        return kind;
    }

    @Override
    public FileHeader section() {
        return section;
    }

    @Override
    public int hunkIndex() {
        return hunk;
    }

    @Override
    public long lineNumber() {
        return line;
    }

    @Override
    public long offset() {
        return offset;
    }

    @Override
    public int length() {
        return to - from;
    }

    @Override
    public byte byteAt(int index) {
        if (index < 0 || index >= to - from) {
            throw new IndexOutOfBoundsException(index);
        }
        return buf[from + index];
    }

    @Override
    public byte[] content() {
        return Arrays.copyOfRange(buf, from, to);
    }

    @Override
    public ByteBuffer contentBuffer() {
        return ByteBuffer.wrap(buf, from, to - from).slice().asReadOnlyBuffer();
    }

    @Override
    public boolean hasNewline() {
        return hasNewline;
    }

    @Override
    public boolean isValidUtf8() {
        return (flags & ByteWindow.HAS_HIGH) == 0 && byteChecks || Utf8.isValid(buf, from, to);
    }

    @Override
    public Optional<String> strictText() {
        return isValidUtf8() ? Optional.of(text()) : Optional.empty();
    }

    @Override
    public String text() {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    @Override
    public boolean contains(byte[] needle) {
        int n = needle.length;
        if (n == 0) {
            return true;
        }
        byte first = needle[0];
        for (int i = from, last = to - n; i <= last; i++) {
            if (buf[i] == first && Arrays.equals(buf, i, i + n, needle, 0, n)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return kind + "@" + line + ":" + Messages.escape(buf, from, to, 80);
    }
}
