// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Reads one stream to its end on its own thread, keeping the first {@code cap} bytes and
 * counting (but discarding) the rest, so a flood costs time, never memory.
 */
final class StreamDrainer implements Runnable {
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private final long cap;
    private final ByteArrayOutputStream kept;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile long total;

    private StreamDrainer(InputStream in, long cap) {
        this.in = in;
        this.cap = cap;
        this.kept = new ByteArrayOutputStream((int) Math.min(cap, CHUNK));
    }

    static StreamDrainer start(InputStream in, long cap, String name) {
        StreamDrainer d = new StreamDrainer(in, cap);
        Thread t = new Thread(d, "behave-drain-" + name);
        t.setDaemon(true);
        t.start();
        return d;
    }

    @Override
    public void run() {
        byte[] buf = new byte[CHUNK];
        long seen = 0;
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                long room = cap - kept.size();
                if (room > 0) {
                    kept.write(buf, 0, (int) Math.min(room, n));
                }
                seen += n;
                total = seen;
            }
        } catch (IOException e) {
            // The pipe was closed under us after the process ended; what was read stands.
        } finally {
            done.countDown();
        }
    }

    boolean await(Duration d) {
        try {
            return done.await(d.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    CapturedOutput result() {
        synchronized (kept) {
            return CapturedOutput.of(kept.toByteArray(), Math.max(total, kept.size()));
        }
    }
}
