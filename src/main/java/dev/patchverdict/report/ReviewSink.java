// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.io.IOException;

/**
 * Where review output goes, one entry at a time in input order, then the summary. Implementations write
 * as they are handed entries, so nothing but the summary's totals is kept.
 */
public interface ReviewSink extends java.io.Closeable {
    default void begin() throws IOException {}

    void accept(ReviewEntry entry) throws IOException;

    void end(ReviewSummary summary) throws IOException;

    /** Frees what the sink holds (a spool file), whether or not the review reached its end; called last. */
    @Override
    default void close() throws IOException {}
}
