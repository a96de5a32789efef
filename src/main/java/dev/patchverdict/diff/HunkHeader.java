// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * An {@code @@ -oldStart,oldCount +newStart,newCount @@ heading} line. Numbers are as written (git reads
 * them as unsigned longs), so an absurd count is kept rather than clipped.
 *
 * @param section index of the file section
 * @param index index of the hunk within its section
 */
public record HunkHeader(
        int section,
        int index,
        long oldStart,
        long oldCount,
        long newStart,
        long newCount,
        String heading,
        long offset,
        long line) {

    public HunkHeader {
        if (section < 0 || index < 0 || oldStart < 0 || oldCount < 0 || newStart < 0 || newCount < 0) {
            throw new IllegalArgumentException("negative hunk number");
        }
        if (offset < 0 || line < 1) {
            throw new IllegalArgumentException("position " + offset + "/" + line);
        }
        heading = heading == null ? "" : heading;
    }
}
