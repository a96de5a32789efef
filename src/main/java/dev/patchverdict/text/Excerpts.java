// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

/**
 * Bounded excerpts of candidate text for results and reports. Captured output is kept by digest;
 * anything copied into a result (a first difference, a diff line, a reason) is cut here, so a
 * result stays small however large the output under test was.
 */
public final class Excerpts {
    /** Longest text kept for one short field (a first difference, a token, a reason). */
    public static final int FIELD = 400;
    /** Longest diff line kept; longer lines are cut and say so. */
    public static final int LINE = 400;
    /** Longest multi-line text kept (a unified diff). */
    public static final int BLOCK = 16_000;

    private Excerpts() {}

    /** {@code s} if it is at most {@code max} chars, otherwise its start and how much was cut. */
    public static String clip(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        String head = head(s, max);
        return head + "... (" + (s.length() - head.length()) + " more chars)";
    }

    /**
     * {@code s} if it is at most {@code max} chars, otherwise its first {@code max} chars followed
     * by {@code marker}: a cut that says so in the caller's own words.
     */
    public static String clip(String s, int max, String marker) {
        return s.length() <= max ? s : head(s, max) + marker;
    }

    /**
     * {@code s} if it is at most {@code max} chars, otherwise its start followed by {@code marker},
     * the two together at most {@code max} chars: for a field of fixed width.
     */
    public static String fit(String s, int max, String marker) {
        if (marker.length() > max) {
            throw new IllegalArgumentException("the marker is longer than " + max + " chars");
        }
        return s.length() <= max ? s : head(s, max - marker.length()) + marker;
    }

    /** The first {@code max} chars of {@code s}, one fewer where the cut would split a surrogate pair. */
    private static String head(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max;
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1))) {
            end--; // never split a surrogate pair
        }
        return s.substring(0, end);
    }

    /**
     * The first at most {@code maxBytes} bytes of {@code b} decoded as UTF-8 (ill-formed bytes
     * replaced), the cut moved back to the start of a character so a multi-byte character across
     * it is left out whole rather than shown as a replacement character.
     */
    public static String utf8Head(byte[] b, int maxBytes) {
        int end = Math.min(b.length, maxBytes);
        if (end < b.length && isContinuation(b[end])) {
            // A UTF-8 character is at most four bytes: its lead is at most three bytes before the cut.
            int lead = end - 1;
            while (lead > 0 && lead > end - 3 && isContinuation(b[lead])) {
                lead--;
            }
            if (lead >= 0 && lead + sequenceLength(b[lead]) > end) {
                end = lead;
            }
        }
        return new String(b, 0, end, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static boolean isContinuation(byte x) {
        return (x & 0xc0) == 0x80;
    }

    /** How many bytes the sequence a lead byte starts claims; 1 for anything that is not a multi-byte lead. */
    private static int sequenceLength(byte lead) {
        int v = lead & 0xff;
        return v >= 0xf0 ? 4 : v >= 0xe0 ? 3 : v >= 0xc0 ? 2 : 1;
    }

    /** Every line cut to {@link #LINE}, then the whole cut to {@code max}. */
    public static String clipLines(String s, int max) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), max + 64));
        int start = 0;
        while (start < s.length() && b.length() <= max) {
            int nl = s.indexOf('\n', start);
            int end = nl < 0 ? s.length() : nl;
            b.append(clip(s.substring(start, end), LINE));
            if (nl >= 0) {
                b.append('\n');
            }
            start = end + 1;
        }
        String out = b.toString();
        return out.length() <= max && start >= s.length() ? out : clip(out, max) + "\n";
    }
}
