// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * A hunk body line as the reader passes it to a visitor. It is a view into the reader's buffer and is
 * valid only during the {@link DiffVisitor#onLine} call; keep {@link #snapshot()} to hold on to it.
 *
 * <p>The content excludes the kind byte and the terminating newline (a CR before it stays in the content;
 * the strict profile reports it).
 */
public interface DiffLine {
    LineKind kind();

    /** The header of the file section the line belongs to. */
    FileHeader section();

    /** Index of the hunk within its section. */
    int hunkIndex();

    /** 1-based line number in the patch. */
    long lineNumber();

    /** Byte offset of the line's first byte (its kind byte) in the patch. */
    long offset();

    /** Content length in bytes. */
    int length();

    byte byteAt(int index);

    /** A copy of the content bytes. */
    byte[] content();

    /** A read-only view of the content bytes, valid during the callback only. */
    ByteBuffer contentBuffer();

    /** False for the last line of an input that does not end in a newline. */
    boolean hasNewline();

    boolean isValidUtf8();

    /** The content decoded strictly as UTF-8, empty when it is not valid UTF-8. */
    Optional<String> strictText();

    /** The content decoded as UTF-8 with U+FFFD for invalid bytes. */
    String text();

    /** Whether the content holds the given bytes (the needle may be empty). */
    boolean contains(byte[] needle);

    default Snapshot snapshot() {
        return new Snapshot(kind(), section().index(), section().path(), hunkIndex(), lineNumber(), offset(),
                content(), hasNewline());
    }

    /** A body line detached from the reader. */
    record Snapshot(LineKind kind, int section, GitPath path, int hunkIndex, long lineNumber, long offset,
            byte[] content, boolean hasNewline) {
        public Snapshot {
            content = content.clone();
        }

        @Override
        public byte[] content() {
            return content.clone();
        }

        public String text() {
            return new String(content, java.nio.charset.StandardCharsets.UTF_8);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Snapshot s && kind == s.kind && section == s.section && path.equals(s.path)
                    && hunkIndex == s.hunkIndex && lineNumber == s.lineNumber && offset == s.offset
                    && java.util.Arrays.equals(content, s.content) && hasNewline == s.hasNewline;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(kind, section, lineNumber, offset) * 31
                    + java.util.Arrays.hashCode(content);
        }

        @Override
        public String toString() {
            return kind + "@" + lineNumber + ":" + Messages.escape(content, 0, content.length, 80);
        }
    }
}
