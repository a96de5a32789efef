// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.Profile;
import java.io.InputStream;
import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.nio.charset.StandardCharsets;

/**
 * Reads a generated diff of the given size (default 1 GiB) without ever holding it: the diff is made on
 * the fly by a stream, and the reader streams it. Prints throughput and the JVM's peak heap use. Run it
 * with -Xmx128m to show the reader's memory does not grow with the input.
 */
public final class LargeDiffHeap {
    public static void main(String[] args) {
        long size = args.length > 0 ? Long.parseLong(args[0]) : 1L << 30;
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        long[] peakUsed = new long[1];
        long[] peakRetained = new long[1];
        // Heap in use, sampled; and what stayed live after each collection, from the collectors' own reports.
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peakUsed[0] = Math.max(peakUsed[0], mem.getHeapMemoryUsage().getUsed());
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, h) -> {
                if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    GarbageCollectionNotificationInfo info =
                            GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                    long after = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                            .mapToLong(MemoryUsage::getUsed).sum();
                    synchronized (peakRetained) {
                        peakRetained[0] = Math.max(peakRetained[0], after);
                    }
                }
            }, null, null);
        }
        long[] lines = new long[1];
        long t0 = System.nanoTime();
        DiffOutcome o = DiffReader.read(new Generated(size), Profile.STRICT, new DiffVisitor() {
            @Override
            public void onLine(DiffLine line) {
                lines[0]++;
            }
        }, DiffReader.Options.DEFAULT.withMaxSections(1_000_000)); // past the default: the 1 GiB diff has 874,391
        double secs = (System.nanoTime() - t0) / 1e9;
        sampler.interrupt();
        System.out.printf("generated diff: %d bytes, %d sections, %d body lines, accepted=%s, sha256 %s%n",
                o.bytes(), o.sections(), lines[0], o.accepted(), o.sha256().substring(0, 16));
        System.out.printf("strict+sha256 streaming, generator included: %.0f MB/s%n", o.bytes() / 1e6 / secs);
        System.out.printf("heap: max %.0f MB; peak in use %.1f MB; most retained after a GC %.1f MB%n",
                mem.getHeapMemoryUsage().getMax() / 1e6, peakUsed[0] / 1e6, peakRetained[0] / 1e6);
        if (!o.accepted()) {
            throw new IllegalStateException("the generated diff should be accepted");
        }
    }

    /** A stream of valid file sections, each modifying a different file, until the size is passed. */
    static final class Generated extends InputStream {
        private final long size;
        private long produced;
        private byte[] chunk = new byte[0];
        private int at;
        private int n;

        Generated(long size) {
            this.size = size;
        }

        private void next() {
            StringBuilder sb = new StringBuilder(8192);
            String path = "src/module" + (n / 1000) + "/file" + n + ".c";
            sb.append("diff --git a/").append(path).append(" b/").append(path).append('\n')
                    .append("index 1234567..89abcde 100644\n--- a/").append(path).append("\n+++ b/").append(path).append('\n');
            int start = 1;
            for (int h = 0; h < 8; h++) {
                sb.append("@@ -").append(start).append(",6 +").append(start).append(",6 @@ static int f").append(h).append("(void)\n");
                sb.append(" \tint x = ").append(h).append(";\n \tint y = x * 2;\n \tif (y > 10)\n");
                sb.append("-\t\treturn y;\n+\t\treturn y + 1;\n");
                sb.append(" \telse\n \t\treturn x;\n");
                start += 40;
            }
            n++;
            chunk = sb.toString().getBytes(StandardCharsets.US_ASCII);
            at = 0;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            // Whole sections only: the size is reached at the end of the section that crosses it.
            if (produced >= size && at == chunk.length) {
                return -1;
            }
            int done = 0;
            while (done < len) {
                if (at == chunk.length) {
                    if (produced >= size) {
                        break;
                    }
                    next();
                }
                int k = Math.min(len - done, chunk.length - at);
                System.arraycopy(chunk, at, b, off + done, k);
                at += k;
                done += k;
                produced += k;
            }
            return done;
        }
    }
}
