// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

/**
 * Explicit bounds for reading untrusted JSON. Every record this tool reads is small; the
 * limits exist so that a hostile document fails fast in bounded time and memory.
 */
public record JsonLimits(int maxDepth, int maxStringLength, long maxDocumentBytes, int maxNumberLength) {

    /** Defaults for the record family: generous for real records, tight for attacks. */
    public static final JsonLimits DEFAULT = new JsonLimits(64, 1 << 20, 16L << 20, 1000);

    public JsonLimits {
        if (maxDepth < 1 || maxStringLength < 1 || maxDocumentBytes < 1 || maxNumberLength < 1) {
            throw new IllegalArgumentException("JSON limits must be positive: " + maxDepth + ", "
                    + maxStringLength + ", " + maxDocumentBytes + ", " + maxNumberLength);
        }
    }
}
