// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Splitting text at one character, in one pass and without a regular expression: {@code String.split} takes a
 * pattern, and the project keeps java.util.regex away from text it does not control.
 */
public final class Split {
    private Split() {}

    /** As {@code s.split(String.valueOf(c), -1)}: every field, empty ones at the end included. */
    public static String[] all(String s, char c) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = s.indexOf(c); i >= 0; i = s.indexOf(c, from)) {
            out.add(s.substring(from, i));
            from = i + 1;
        }
        out.add(s.substring(from));
        return out.toArray(String[]::new);
    }

    /** As {@code s.split(String.valueOf(c))}: empty fields at the end dropped (all of them for an empty string but one). */
    public static String[] on(String s, char c) {
        String[] all = all(s, c);
        if (s.isEmpty()) {
            return all;
        }
        int n = all.length;
        while (n > 0 && all[n - 1].isEmpty()) {
            n--;
        }
        return java.util.Arrays.copyOf(all, n);
    }

    /** As {@code s.split(String.valueOf(c), limit)} for a positive limit: at most {@code limit} fields, the last holding the rest. */
    public static String[] atMost(String s, char c, int limit) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = s.indexOf(c); i >= 0 && out.size() < limit - 1; i = s.indexOf(c, from)) {
            out.add(s.substring(from, i));
            from = i + 1;
        }
        out.add(s.substring(from));
        return out.toArray(String[]::new);
    }

    /** As {@code s.split("\\s+")}: fields between runs of blanks ({@link LinearPattern#isSpace}), a leading empty one kept, trailing ones dropped. */
    public static String[] onBlanks(String s) {
        List<String> out = new ArrayList<>();
        int from = 0;
        int i = 0;
        while (i < s.length()) {
            if (LinearPattern.isSpace(s.charAt(i))) {
                int e = LinearPattern.skipSpace(s, i);
                out.add(s.substring(from, i));
                from = e;
                i = e;
            } else {
                i++;
            }
        }
        out.add(s.substring(from));
        int n = out.size();
        while (n > 0 && out.get(n - 1).isEmpty()) {
            n--;
        }
        return s.isEmpty() ? new String[] {""} : out.subList(0, n).toArray(String[]::new);
    }
}
