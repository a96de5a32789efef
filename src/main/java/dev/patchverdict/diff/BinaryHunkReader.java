// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.nio.charset.StandardCharsets;

/**
 * The payload after "GIT binary patch": a forward and a reverse hunk ("literal N" or "delta N", then
 * base85 lines up to a blank one), read as git's parse_binary does. BinaryHunks decodes and checks them.
 */
final class BinaryHunkReader {
    private static final byte[] DELTA = "delta ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LITERAL = "literal ".getBytes(StandardCharsets.US_ASCII);

    private final LineSource src;
    private final ByteWindow w;
    private final BinaryHunks binary = new BinaryHunks();

    BinaryHunkReader(LineSource src) {
        this.src = src;
        this.w = src.w;
    }

    /** Whether both hunks read and decode; false when the first is missing or either is corrupt. */
    boolean read() {
        int forward = binaryHunk();
        if (forward <= 0) {
            return false; // unrecognized (0) or corrupt (-1)
        }
        int reverse = binaryHunk();
        return reverse >= 0;
    }

    void close() {
        binary.close();
    }

    /** 1 for a good hunk, 0 when the line does not start a hunk (nothing consumed), -1 when corrupt. */
    private int binaryHunk() {
        if (!src.readLine()) {
            return 0;
        }
        long origlen;
        if (src.startsWith(src.ls, src.le, DELTA)) {
            origlen = Numbers.strtoul(w.buf, w.index(src.ls) + 6, w.index(src.le), 10).value();
        } else if (src.startsWith(src.ls, src.le, LITERAL)) {
            origlen = Numbers.strtoul(w.buf, w.index(src.ls) + 8, w.index(src.le), 10).value();
        } else {
            return 0;
        }
        binary.start(origlen);
        src.consume();
        while (true) {
            if (!src.readLine()) {
                return -1;
            }
            int llen = src.len();
            if (llen == 1) {
                src.consume();
                break;
            }
            if (!binary.line(w.buf, w.index(src.ls), llen)) {
                return -1;
            }
            src.consume();
        }
        return binary.finish() ? 1 : -1;
    }
}
