// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plan's plain text, looked for inside one line's bytes in time linear in the line (Knuth-Morris-Pratt):
 * a hostile line of near misses costs one pass, never a pass per starting position.
 */
final class LineText {
    private final byte[] text;
    /** {@code fail[i]}: the length of the longest proper border of {@code text[0..i]}. */
    private final int[] fail;

    LineText(String text) {
        this.text = text.getBytes(StandardCharsets.UTF_8);
        if (this.text.length == 0) {
            throw new IllegalArgumentException("an empty text is found everywhere");
        }
        fail = new int[this.text.length];
        for (int i = 1, k = 0; i < this.text.length; i++) {
            while (k > 0 && this.text[i] != this.text[k]) {
                k = fail[k - 1];
            }
            if (this.text[i] == this.text[k]) {
                k++;
            }
            fail[i] = k;
        }
    }

    int length() {
        return text.length;
    }

    /** The matcher's state after one more byte; {@link #length()} when an occurrence ends at that byte. */
    int next(int k, byte b) {
        if (k == text.length) {
            k = fail[k - 1];
        }
        while (k > 0 && b != text[k]) {
            k = fail[k - 1];
        }
        return b == text[k] ? k + 1 : k;
    }

    boolean in(byte[] line) {
        int k = 0;
        for (byte b : line) {
            if ((k = next(k, b)) == text.length) {
                return true;
            }
        }
        return false;
    }

    /** Where this text starts inside {@code other}'s bytes, in increasing order. */
    private List<Integer> offsetsIn(LineText other) {
        List<Integer> out = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < other.text.length; i++) {
            if ((k = next(k, other.text[i])) == text.length) {
                out.add(i - text.length + 1);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return new String(text, StandardCharsets.UTF_8);
    }

    /**
     * A removed text less its occurrences inside texts the plan allows it in: a line holds it when one occurrence
     * lies inside no occurrence of an allowed text. One pass over the line with every matcher at once; whether an
     * occurrence is covered is known once the scan is an allowed text's length past it, so only that many
     * positions are remembered.
     */
    static final class Masked {
        private final LineText text;
        private final LineText[] allowedIn;
        /** For each allowed text, where the removed text starts inside it: an occurrence of it there covers those. */
        private final int[][] offsets;
        /** The longest allowed text: how far back an occurrence may still be covered. */
        private final int window;
        private final boolean[] starts;
        private final boolean[] covered;
        private final int[] states;

        Masked(LineText text, List<LineText> allowed) {
            this.text = text;
            List<LineText> holding = new ArrayList<>();
            List<int[]> at = new ArrayList<>();
            for (LineText a : allowed) {
                List<Integer> offs = text.offsetsIn(a);
                if (!offs.isEmpty() && a.length() > text.length()) {
                    holding.add(a);
                    at.add(offs.stream().mapToInt(Integer::intValue).toArray());
                }
            }
            allowedIn = holding.toArray(LineText[]::new);
            offsets = at.toArray(int[][]::new);
            window = holding.stream().mapToInt(LineText::length).max().orElse(1);
            starts = new boolean[window];
            covered = new boolean[window];
            states = new int[allowedIn.length];
        }

        boolean in(byte[] line) {
            if (!text.in(line)) {
                return false;
            }
            if (allowedIn.length == 0) {
                return true;
            }
            int w = window;
            // Only positions of this line use slots: a short line clears a few, not the whole window.
            Arrays.fill(starts, 0, Math.min(w, line.length), false);
            Arrays.fill(covered, 0, Math.min(w, line.length), false);
            Arrays.fill(states, 0);
            int k = 0;
            for (int i = 0; i < line.length; i++) {
                byte b = line[i];
                if ((k = text.next(k, b)) == text.length()) {
                    starts[(i - text.length() + 1) % w] = true;
                }
                for (int j = 0; j < allowedIn.length; j++) {
                    LineText a = allowedIn[j];
                    if ((states[j] = a.next(states[j], b)) == a.length()) {
                        int q = i - a.length() + 1;
                        for (int off : offsets[j]) {
                            covered[(q + off) % w] = true;
                        }
                    }
                }
                // Position i - w + 1 can be covered by nothing that ends later: decide it, free its slot.
                int p = i - w + 1;
                if (p >= 0) {
                    int s = p % w;
                    if (starts[s] && !covered[s]) {
                        return true;
                    }
                    starts[s] = false;
                    covered[s] = false;
                }
            }
            for (int p = Math.max(0, line.length - w + 1); p < line.length; p++) {
                if (starts[p % w] && !covered[p % w]) {
                    return true;
                }
            }
            return false;
        }
    }
}
