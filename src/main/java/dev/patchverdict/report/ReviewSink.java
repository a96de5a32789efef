// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.io.IOException;

/**
 * Where review output goes, one entry at a time in input order, then the summary. Implementations write
 * as they are handed entries, so nothing but the summary's totals is kept.
 */
public interface ReviewSink {
    default void begin() throws IOException {}

    void accept(ReviewEntry entry) throws IOException;

    void end(ReviewSummary summary) throws IOException;
}
