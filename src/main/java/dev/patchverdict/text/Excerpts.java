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
