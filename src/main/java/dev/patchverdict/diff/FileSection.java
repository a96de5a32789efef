// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A file section read to its end: header, what it does, line totals, and where it ends. Hunks are
 * delivered one by one while reading (and collected by {@link DiffResult} for small diffs), so a section
 * never holds them.
 */
public record FileSection(
        FileHeader header,
        ChangeKind kind,
        BinaryPayload binary,
        int added,
        int removed,
        int hunkCount,
        boolean oldNoNewline,
        boolean newNoNewline,
        long endOffset,
        long endLine) {

    public FileSection {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(binary, "binary");
        if (added < 0 || removed < 0 || hunkCount < 0) {
            throw new IllegalArgumentException("negative count");
        }
        if (binary != BinaryPayload.NONE && hunkCount > 0) {
            throw new IllegalArgumentException("a binary section has no text hunks");
        }
        if (endOffset < header.offset()) {
            throw new IllegalArgumentException("section ends before it starts");
        }
    }

    public int index() {
        return header.index();
    }

    public GitPath path() {
        return header.path();
    }

    public GitPath oldPath() {
        return header.oldPath();
    }

    public GitPath newPath() {
        return header.newPath();
    }

    public boolean isBinary() {
        return binary != BinaryPayload.NONE;
    }

    /** This section's line of {@code git apply --numstat}, newline included. */
    public byte[] numstatLine() {
        GitPath name = header.numstatPath();
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 + name.length());
        String counts = isBinary() ? "-\t-\t" : added + "\t" + removed + "\t";
        out.writeBytes(counts.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(GitQuote.quote(name.bytes()));
        out.write('\n');
        return out.toByteArray();
    }
}
