// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.List;
import java.util.Objects;

/**
 * What {@code diff filter} did with one patch, in plain values so its renderers live here. {@code output}
 * is null when the patch went to standard output; digests are in the record family's {@code sha256:} form.
 */
public record FilterReport(
        String input,
        String inputSha256,
        long inputBytes,
        String output,
        String outputSha256,
        long outputBytes,
        List<Section> kept,
        List<Section> removed) {

    public FilterReport {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(inputSha256, "inputSha256");
        Objects.requireNonNull(outputSha256, "outputSha256");
        kept = List.copyOf(kept);
        removed = List.copyOf(removed);
    }

    /**
     * One file section: its index in the input, the names git reads (null where a side does not exist),
     * what it does, the 1-based line of its header, its byte range in the input ({@code end} exclusive),
     * its {@code git apply --numstat} line without the newline, and why it was removed (empty when kept).
     */
    public record Section(
            int index,
            String path,
            String oldPath,
            String newPath,
            String kind,
            boolean binary,
            long line,
            long start,
            long end,
            String numstat,
            List<Reason> reasons) {
        public Section {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(numstat, "numstat");
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * One reason for a removal: {@code cause} is excluded, not-included or binary; {@code side} is path, old
     * or new (null for binary); {@code glob} and {@code origin} name the matching glob and where it came from
     * (null unless excluded).
     */
    public record Reason(String cause, String side, String path, String glob, String origin) {
        public Reason {
            Objects.requireNonNull(cause, "cause");
        }
    }
}
