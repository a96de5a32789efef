// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import java.security.MessageDigest;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * SHA-256 of every byte the reader takes in, in input order. Small inputs are hashed inline; past a
 * threshold the bytes are handed, in a few fixed-size chunks, to a helper thread, so hashing runs beside
 * parsing on a second core and memory stays bounded by the chunk pool.
 */
final class Hasher {
    static final int THRESHOLD = 1 << 20;
    static final int CHUNK = 1 << 18;
    private static final int CHUNKS = 4;

    private final MessageDigest md;
    private long inline;
    private Thread thread;
    private BlockingQueue<byte[]> free;
    private BlockingQueue<Object> full;
    private byte[] current;
    private int currentLen;
    private static final Object END = new Object();

    /** A pending chunk: its bytes and how many of them count. */
    private record Filled(byte[] data, int len) {}

    Hasher(MessageDigest md) {
        this.md = md;
    }

    /** Hashes a whole array, beside the parse when it is large. */
    static Hasher forArray(MessageDigest md, byte[] data) {
        Hasher h = new Hasher(md);
        if (data.length <= THRESHOLD) {
            md.update(data);
        } else {
            h.thread = new Thread(() -> md.update(data), "patchverdict-sha256");
            h.thread.setDaemon(true);
            h.thread.start();
        }
        return h;
    }

    void update(byte[] b, int off, int len) {
        if (thread == null && inline + len <= THRESHOLD) {
            md.update(b, off, len);
            inline += len;
            return;
        }
        if (thread == null) {
            start();
        }
        while (len > 0) {
            if (current == null) {
                current = take(free);
                currentLen = 0;
            }
            int n = Math.min(len, current.length - currentLen);
            System.arraycopy(b, off, current, currentLen, n);
            currentLen += n;
            off += n;
            len -= n;
            if (currentLen == current.length) {
                put(full, new Filled(current, currentLen));
                current = null;
            }
        }
    }

    private void start() {
        free = new ArrayBlockingQueue<>(CHUNKS);
        full = new ArrayBlockingQueue<>(CHUNKS + 1);
        for (int i = 0; i < CHUNKS; i++) {
            free.add(new byte[CHUNK]);
        }
        BlockingQueue<byte[]> f = free;
        BlockingQueue<Object> q = full;
        thread = new Thread(() -> {
            while (true) {
                Object o = take(q);
                if (o == END) {
                    return;
                }
                Filled c = (Filled) o;
                md.update(c.data(), 0, c.len());
                put(f, c.data());
            }
        }, "patchverdict-sha256");
        thread.setDaemon(true);
        thread.start();
    }

    /** The digest of everything given; waits for the helper thread. */
    byte[] digest() {
        if (thread != null) {
            if (full != null) {
                if (current != null && currentLen > 0) {
                    put(full, new Filled(current, currentLen));
                    current = null;
                }
                put(full, END);
            }
            boolean interrupted = false;
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return md.digest();
    }

    // The queues only ever wait on each other, so an interrupt is kept for the caller, not acted on.
    private static <T> T take(BlockingQueue<T> q) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return q.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static <T> void put(BlockingQueue<T> q, T v) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    q.put(v);
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
