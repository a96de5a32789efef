package dev.patchverdict.verify;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A plan's plain text, looked for inside one line's bytes in time linear in the line (Knuth-Morris-Pratt):
 * a hostile line of near misses costs one pass, never a pass per starting position.
 */
final class LineText {
    private final byte[] text;
    /** {@code fail[i]}: the length of the longest proper border of {@code text[0..i]}. */
    private final int[] fail;

    LineText(byte[] text) {
        if (text.length == 0) {
            throw new IllegalArgumentException("an empty text is found everywhere");
        }
        this.text = text.clone();
        fail = new int[text.length];
        for (int i = 1, k = 0; i < text.length; i++) {
            while (k > 0 && text[i] != text[k]) {
                k = fail[k - 1];
            }
            if (text[i] == text[k]) {
                k++;
            }
            fail[i] = k;
        }
    }

    int length() {
        return text.length;
    }

    boolean in(byte[] line) {
        int k = 0;
        for (byte b : line) {
            while (k > 0 && b != text[k]) {
                k = fail[k - 1];
            }
            if (b == text[k] && ++k == text.length) {
                return true;
            }
        }
        return false;
    }

    /** Each position where the text starts in the line, in increasing order, overlapping occurrences included. */
    void starts(byte[] line, IntConsumer start) {
        int k = 0;
        for (int i = 0; i < line.length; i++) {
            byte b = line[i];
            while (k > 0 && b != text[k]) {
                k = fail[k - 1];
            }
            if (b == text[k] && ++k == text.length) {
                start.accept(i - text.length + 1);
                k = fail[k - 1];
            }
        }
    }

    boolean holds(LineText other) {
        return other.in(text) && text.length > other.text.length;
    }

    @Override
    public String toString() {
        return new String(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * A removed text less its occurrences inside texts the plan allows it in: a line holds it when one occurrence
     * lies inside no occurrence of an allowed text. Two passes over the line, each linear in it.
     */
    static final class Masked {
        private final LineText text;
        private final LineText[] allowedIn;
        /** reach[q]: the end (exclusive) of the longest allowed occurrence starting at q; reused across lines. */
        private int[] reach = new int[0];

        Masked(LineText text, java.util.List<LineText> allowed) {
            this.text = text;
            this.allowedIn = allowed.stream().filter(a -> a.holds(text)).toArray(LineText[]::new);
        }

        boolean in(byte[] line) {
            if (!text.in(line)) {
                return false;
            }
            if (allowedIn.length == 0) {
                return true;
            }
            if (reach.length < line.length) {
                reach = new int[Math.max(line.length, 2 * reach.length)];
            }
            int[] r = reach;
            Arrays.fill(r, 0, line.length, 0);
            for (LineText a : allowedIn) {
                int len = a.length();
                a.starts(line, q -> r[q] = Math.max(r[q], q + len));
            }
            int[] scan = {0, 0}; // next position to fold into the reach, farthest reach so far
            boolean[] bare = {false};
            text.starts(line, p -> {
                if (bare[0]) {
                    return;
                }
                while (scan[0] <= p) {
                    scan[1] = Math.max(scan[1], r[scan[0]++]);
                }
                bare[0] = scan[1] < p + text.length();
            });
            return bare[0];
        }
    }
}
