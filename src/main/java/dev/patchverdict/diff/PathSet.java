// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * A set of paths kept as 64-bit hashes in one open-addressed array: about 16 bytes per path, so the
 * cross-section checks of a diff with a million files stay within a small heap. Two different paths
 * share a hash with odds near 2^-64 per pair; such a collision could only add a finding, never hide one.
 */
final class PathSet {
    private long[] slots = new long[64];
    private int size;

    /** Adds the hash; false when it was already there. */
    boolean add(long h) {
        if (h == 0) {
            h = 1; // 0 marks an empty slot
        }
        if (size * 2 >= slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (slots[i] != 0) {
            if (slots[i] == h) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = h;
        size++;
        return true;
    }

    boolean contains(long h) {
        if (h == 0) {
            h = 1;
        }
        int mask = slots.length - 1;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (slots[i] != 0) {
            if (slots[i] == h) {
                return true;
            }
            i = (i + 1) & mask;
        }
        return false;
    }

    boolean isEmpty() {
        return size == 0;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long h : old) {
            if (h != 0) {
                add(h);
            }
        }
    }

    /** The hash of bytes [0, len) of the path. */
    static long hash(byte[] b, int len) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < len; i++) {
            h ^= b[i] & 0xff;
            h *= 0x100000001b3L;
        }
        // A final mix, so that paths differing only at the end spread over the table.
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    static long hash(GitPath p) {
        return hash(p.bytes(), p.length());
    }
}
