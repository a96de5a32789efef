// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.ReviewSink;
import dev.patchverdict.report.ReviewSummary;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reviews entries on {@code jobs} threads and hands each result to the sink as soon as it and every
 * earlier one are decided, in input order. A bounded window of entries in flight keeps memory flat
 * whatever the number of predictions.
 */
public final class ReviewRun {
    private ReviewRun() {}

    public static ReviewSummary run(Iterator<Entry> entries, Reviewer reviewer, int jobs, ReviewSink sink)
            throws IOException, InterruptedException {
        int threads = Math.max(1, jobs);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "review");
            t.setDaemon(true);
            return t;
        });
        ReviewSummary summary = new ReviewSummary();
        try (ReviewSink closing = sink) {
            int window = threads * 8;
            Deque<Future<ReviewEntry>> inFlight = new ArrayDeque<>();
            sink.begin();
            while (entries.hasNext() || !inFlight.isEmpty()) {
                while (entries.hasNext() && inFlight.size() < window) {
                    Entry e = entries.next();
                    inFlight.add(pool.submit(() -> reviewer.review(e)));
                }
                ReviewEntry done;
                try {
                    done = inFlight.removeFirst().get();
                } catch (ExecutionException x) {
                    Throwable c = x.getCause();
                    if (c instanceof RuntimeException re) {
                        throw re;
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException("the reviewer failed unexpectedly", c);
                }
                summary.add(done);
                sink.accept(done);
            }
            sink.end(summary);
        } finally {
            pool.shutdownNow();
        }
        return summary;
    }
}
