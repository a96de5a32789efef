// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;

/**
 * A sliding window over the input: it holds the bytes from a released mark up to what has been read, so
 * the parser can look a few lines ahead without ever holding the whole diff. Every byte read is fed to the
 * digest exactly once, in order, so the hash comes out of the same pass.
 */
final class ByteWindow {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = 0x0a0a0a0a0a0a0a0aL;
    private static final long SPACES = 0x2020202020202020L;

    /** Line flags returned by {@link #scanLine}. */
    static final int HAS_CONTROL = 1;
    static final int HAS_HIGH = 2;
    static final int HAS_CR = 4;
    static final int HAS_NUL = 8;

    private final InputStream in;
    private final Hasher digest;
    private final int maxWindow;
    /** The longest line a scan returns; past it a scan reports -1, so the window never grows for one line. */
    private int maxLine = Integer.MAX_VALUE;
    byte[] buf;
    /** Absolute offset of buf[0]. */
    long base;
    /** Number of valid bytes in buf. */
    int limit;
    private boolean eof;
    private long mark;
    private IOException failure;
    /** Flags of the last line scanned by {@link #scanLine}. */
    int lineFlags;

    ByteWindow(InputStream in, MessageDigest digest, int initialSize, int maxWindow, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
        this.digest = digest == null ? null : new Hasher(digest);
        this.maxWindow = maxWindow;
        this.buf = new byte[Math.max(64, initialSize)];
    }

    /** A window over bytes already in memory; nothing is copied. */
    ByteWindow(byte[] data, MessageDigest digest) {
        this.in = null;
        this.digest = digest == null ? null : Hasher.forArray(digest, data);
        this.maxWindow = Integer.MAX_VALUE;
        this.buf = data;
        this.limit = data.length;
        this.eof = true;
    }

    void limitLines(int max) {
        maxLine = max;
    }

    /** The longest line a scan returns, newline included. */
    int maxLine() {
        return maxLine;
    }

    /** The SHA-256 of all input, once it has been read to its end; null when not hashing. */
    byte[] digest() {
        return digest == null ? null : digest.digest();
    }

    IOException failure() {
        return failure;
    }

    /** Bytes before {@code pos} are no longer needed. */
    void release(long pos) {
        if (pos > mark) {
            mark = pos;
        }
    }

    /** Absolute end of the data seen so far, or of the whole input once the end was reached. */
    long end() {
        return base + limit;
    }

    boolean atEof() {
        return eof;
    }

    /**
     * Makes [pos, pos + n) present if the input has it. Returns false when the input ends first, or when
     * the window would have to exceed its bound (the caller tells those apart with {@link #atEof}).
     */
    boolean ensure(long pos, long n) {
        long need = pos + n;
        while (need > base + limit) {
            if (eof || !fill(need)) {
                return false;
            }
        }
        return true;
    }

    /** Remaining bytes from pos are at least n. */
    boolean hasAtLeast(long pos, long n) {
        return ensure(pos, n);
    }

    private boolean fill(long need) {
        if (in == null) {
            eof = true;
            return false;
        }
        int keep = (int) (mark - base);
        if (keep > 0 && limit == buf.length) {
            // Slide the live tail to the front before considering growth.
            System.arraycopy(buf, keep, buf, 0, limit - keep);
            limit -= keep;
            base = mark;
        }
        if (limit == buf.length) {
            long wanted = Math.max(need - base, (long) buf.length * 2);
            if (wanted > maxWindow) {
                if (buf.length >= maxWindow) {
                    return false;
                }
                wanted = maxWindow;
            }
            byte[] nb = new byte[(int) wanted];
            System.arraycopy(buf, 0, nb, 0, limit);
            buf = nb;
        }
        try {
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
                return false;
            }
            if (digest != null) {
                digest.update(buf, limit, r);
            }
            limit += r;
            return true;
        } catch (IOException e) {
            failure = e;
            eof = true;
            return false;
        }
    }

    /** Reads and hashes whatever is left, holding none of it. */
    void drain() {
        if (in == null) {
            return;
        }
        mark = base + limit;
        while (!eof) {
            limit = 0;
            base = mark;
            fill(base + 1);
            mark = base + limit;
        }
    }

    int index(long pos) {
        return (int) (pos - base);
    }

    byte at(long pos) {
        return buf[(int) (pos - base)];
    }

    /** Whether [pos, end) starts with prefix; reads ahead as needed, so it may look past the current line. */
    boolean startsWith(long pos, long end, byte[] prefix) {
        if (end - pos < prefix.length || !ensure(pos, prefix.length)) {
            return false;
        }
        int i = (int) (pos - base);
        for (byte b : prefix) {
            if (buf[i++] != b) {
                return false;
            }
        }
        return true;
    }

    /**
     * Finds the end of the line starting at pos (just past its newline, or the end of input), reading more
     * as needed. Returns -1 when the line does not fit in the bounded window. Sets {@link #lineFlags}.
     */
    long scanLine(long pos) {
        int flags = 0;
        int i = (int) (pos - base);
        while (true) {
            int e = scanBuffered(i);
            flags |= lineFlags;
            if (e >= 0) {
                lineFlags = flags;
                return base + e - pos > maxLine ? -1 : base + e;
            }
            long absI = base + limit;
            if (absI - pos > maxLine) {
                lineFlags = flags;
                return -1;
            }
            if (!ensure(absI, 1)) {
                lineFlags = flags;
                if (!eof) {
                    return -1;
                }
                return base + limit;
            }
            i = (int) (absI - base);
        }
    }

    /**
     * Like {@link #scanLine} from buffer index i, but only over what is already buffered: the index just
     * past the newline, or -1 when none is buffered. Sets {@link #lineFlags} for the bytes before the newline
     * (or all of them up to the limit). Reads nothing, so indexes into {@link #buf} stay valid.
     */
    int scanBuffered(int i) {
        int flags = 0;
        byte[] b = buf;
        int lim = limit;
        while (i + 8 <= lim) {
            long x = (long) LONGS.get(b, i);
            if ((((x - SPACES) | x) & HIGHS) == 0) {
                i += 8; // plain printable ASCII
                continue;
            }
            // The same test with each TAB read as a printable byte, up to the first LF. A borrow in
            // y - SPACES only moves up from a byte that is itself below 0x20, so the test is exact up to the
            // first such byte, and the LF is one. Most words that hold a TAB or end a line leave here.
            long nl = eq(x, NEWLINES);
            long y = x | (eq(x, TABS) >>> 2);
            long upTo = nl == 0 ? -1L : (nl & -nl) - 1; // bytes before the first LF
            if ((((y - SPACES) | y) & HIGHS & upTo) == 0) {
                if (nl != 0) {
                    lineFlags = flags;
                    return i + (Long.numberOfTrailingZeros(nl) >>> 3) + 1;
                }
                i += 8;
                continue;
            }
            // Exact per-byte masks (no carries between bytes): which bytes are LF, TAB, CR, below 0x20, high.
            long low7 = x & LOW7;
            long high = x & HIGHS;
            long below20 = ~((low7 + L60) | x) & HIGHS;
            long special = below20 & ~eq(x, TABS);
            long ctrl = special & ~nl & upTo;
            if (ctrl != 0) {
                long cr = eq(x, CRS) & upTo;
                if (cr != 0) {
                    flags |= HAS_CR;
                }
                long other = ctrl & ~cr;
                if (other != 0) {
                    flags |= HAS_CONTROL;
                    if ((eq(x, 0) & other) != 0) {
                        flags |= HAS_NUL;
                    }
                }
            }
            if ((high & upTo) != 0) {
                flags |= HAS_HIGH;
            }
            if (nl != 0) {
                lineFlags = flags;
                return i + (Long.numberOfTrailingZeros(nl) >>> 3) + 1;
            }
            i += 8;
        }
        while (i < lim) {
            int c = b[i++];
            if (c == '\n') {
                lineFlags = flags;
                return i;
            }
            if (c < 0x20) {
                if (c < 0) {
                    flags |= HAS_HIGH;
                } else if (c == '\r') {
                    flags |= HAS_CR;
                } else if (c != '\t') {
                    flags |= HAS_CONTROL;
                    if (c == 0) {
                        flags |= HAS_NUL;
                    }
                }
            }
        }
        lineFlags = flags;
        return -1;
    }

    private static final long LOW7 = 0x7f7f7f7f7f7f7f7fL;
    private static final long L60 = 0x6060606060606060L;
    private static final long TABS = 0x0909090909090909L;
    private static final long CRS = 0x0d0d0d0d0d0d0d0dL;

    /** High bit set in exactly the bytes of x equal to the byte repeated in pattern. */
    private static long eq(long x, long pattern) {
        long t = x ^ pattern;
        return ~(((t & LOW7) + LOW7) | t) & HIGHS;
    }

    /** Position just past the newline of the line at pos, without flags; -1 if it does not fit. */
    long lineEnd(long pos) {
        int i = (int) (pos - base);
        while (true) {
            int e = lineEndBuffered(i);
            if (e >= 0) {
                return base + e - pos > maxLine ? -1 : base + e;
            }
            long absI = base + limit;
            if (absI - pos > maxLine) {
                return -1;
            }
            if (!ensure(absI, 1)) {
                return eof ? base + limit : -1;
            }
            i = (int) (absI - base);
        }
    }

    /** Buffer index just past the next newline from buffer index i, or -1 when none is buffered yet. */
    int lineEndBuffered(int i) {
        byte[] b = buf;
        int lim = limit;
        while (i + 8 <= lim) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            long m = (x - ONES) & ~x & HIGHS;
            if (m != 0) {
                // The lowest flagged byte is exact: it is the first newline in the word.
                return i + (Long.numberOfTrailingZeros(m) >>> 3) + 1;
            }
            i += 8;
        }
        while (i < lim) {
            if (b[i++] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
