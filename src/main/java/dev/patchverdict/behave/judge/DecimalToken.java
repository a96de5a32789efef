// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A token of output text read as a decimal number ({@code [-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?}),
 * in one pass and without a regular expression. Only a number small enough to compute with is
 * built: at most {@link #MAX_DIGITS} significant digits and a magnitude within
 * 10<sup>±{@link #MAX_EXPONENT}</sup>. A larger one ({@code 1e999999999}, a 40,000-digit integer) is
 * {@link Huge}: it equals only the same text, so no comparison ever builds a number the output
 * chose the size of.
 */
final class DecimalToken {
    /** Significant digits: more than any double's exact expansion needs (767). */
    static final int MAX_DIGITS = 1000;
    /** The largest power of ten of a number's leading digit, either way: past any double's range (308, -324). */
    static final int MAX_EXPONENT = 9999;
    /** Exponents written with more significant digits than this are past every bound anyway. */
    private static final int MAX_EXPONENT_DIGITS = 9;

    private DecimalToken() {}

    sealed interface Read {}

    /** A number within the bounds, exactly. */
    record Bounded(BigDecimal value) implements Read {}

    /** A number past the bounds: compared by its text alone. */
    record Huge() implements Read {}

    /** Not a number at all. */
    record NotANumber() implements Read {}

    private static final Read NOT = new NotANumber();
    private static final Read HUGE = new Huge();

    static Read read(String s) {
        int n = s.length();
        int i = 0;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int intStart = i;
        while (i < n && digit(s.charAt(i))) {
            i++;
        }
        int intEnd = i;
        int fracStart = i;
        int fracEnd = i;
        if (i < n && s.charAt(i) == '.') {
            i++;
            fracStart = i;
            while (i < n && digit(s.charAt(i))) {
                i++;
            }
            fracEnd = i;
        }
        if (intEnd == intStart && fracEnd == fracStart) {
            return NOT;
        }
        long exponent = 0;
        boolean exponentHuge = false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            boolean down = false;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                down = s.charAt(i) == '-';
                i++;
            }
            int start = i;
            while (i < n && s.charAt(i) == '0') {
                i++;
            }
            int significant = i;
            while (i < n && digit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return NOT;
            }
            if (i - significant > MAX_EXPONENT_DIGITS) {
                exponentHuge = true;
            } else if (i > significant) {
                exponent = Long.parseLong(s, significant, i, 10);
                exponent = down ? -exponent : exponent;
            }
        }
        if (i != n) {
            return NOT;
        }
        // The digits without leading zeros, across the point.
        StringBuilder digits = new StringBuilder();
        boolean leading = true;
        for (int k = intStart; k < fracEnd; k++) {
            char c = s.charAt(k);
            if (c == '.' || leading && c == '0') {
                continue;
            }
            leading = false;
            if (digits.length() == MAX_DIGITS) {
                return HUGE;
            }
            digits.append(c);
        }
        if (digits.length() == 0) {
            return new Bounded(BigDecimal.ZERO);
        }
        if (exponentHuge) {
            return HUGE;
        }
        long fraction = fracEnd - fracStart;
        long leadingPower = digits.length() - 1 + exponent - fraction;
        if (Math.abs(leadingPower) > MAX_EXPONENT) {
            return HUGE;
        }
        // scale = digits after the point, less the exponent; bounded by the two limits above.
        int scale = (int) (digits.length() - 1 - leadingPower);
        BigInteger unscaled = new BigInteger(digits.toString());
        return new Bounded(new BigDecimal(negative ? unscaled.negate() : unscaled, scale));
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
