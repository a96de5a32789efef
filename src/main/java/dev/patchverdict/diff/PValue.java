// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

/**
 * How many leading path components the names carry (git's -p). It starts at 1; the first traditional
 * ---/+++ pair may settle it at 0, as git apply guesses, and it holds for the rest of the input.
 */
final class PValue {
    int value = 1;
    private boolean known;

    /** Guesses from the first traditional header's two name lines, b[fs, fe) and b[ss, se). */
    void learn(byte[] b, int fs, int fe, int ss, int se) {
        if (known) {
            return;
        }
        int p = guess(b, fs, fe);
        int q = guess(b, ss, se);
        if (p < 0) {
            p = q;
        }
        if (0 <= p && p == q) {
            value = p;
            known = true;
        }
    }

    private static int guess(byte[] b, int s, int e) {
        if (GitNames.isDevNull(b, s, e)) {
            return -1;
        }
        byte[] name = GitNames.findNameTraditional(b, s, e, null, 0);
        if (name == null) {
            return -1;
        }
        for (byte c : name) {
            if (c == '/') {
                return -1; // git run outside a work tree has no prefix to match
            }
        }
        return 0;
    }
}
