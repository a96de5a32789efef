// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Formats a double exactly as Python's {@code repr(float)} does, which is what the upstream
 * canonical serialisation writes: the shortest digit string that reads back to the same
 * double (the one nearest the exact value when several are that short), fixed notation for decimal exponents -4..15,
 * scientific with a signed two-digit-minimum exponent otherwise.
 * Java 17's {@code Double.toString} is not always shortest, so the digits are found here.
 */
public final class PythonFloat {
    private PythonFloat() {}

    public static String repr(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("not a finite double: " + d);
        }
        if (d == 0.0) {
            return (Double.doubleToRawLongBits(d) < 0) ? "-0.0" : "0.0";
        }
        boolean negative = d < 0;
        BigDecimal exact = new BigDecimal(Math.abs(d));
        BigDecimal shortest = null;
        for (int precision = 1; precision <= 17 && shortest == null; precision++) {
            // The digit strings of this length nearest the exact value are its two neighbours. Below a power
            // of two the rounding interval is lopsided, so the nearer neighbour may fall outside it while the
            // farther one reads back: take the nearer when it reads back, else the other.
            BigDecimal nearest = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (nearest.doubleValue() == Math.abs(d)) {
                shortest = nearest;
            } else {
                RoundingMode away = nearest.compareTo(exact) < 0 ? RoundingMode.CEILING : RoundingMode.FLOOR;
                BigDecimal other = exact.round(new MathContext(precision, away));
                if (other.doubleValue() == Math.abs(d)) {
                    shortest = other;
                }
            }
        }
        if (shortest == null) {
            throw new AssertionError("17 significant digits always round-trip a double: " + d);
        }
        String digits = shortest.unscaledValue().toString();
        // strip trailing zeros of the digit string; they carry no precision
        int len = digits.length();
        while (len > 1 && digits.charAt(len - 1) == '0') {
            len--;
        }
        int trimmed = digits.length() - len;
        digits = digits.substring(0, len);
        // value = digits * 10^(trimmed - scale); decimal exponent of the first digit:
        int exponent = digits.length() - 1 + trimmed - shortest.scale();
        StringBuilder sb = new StringBuilder(24);
        if (negative) {
            sb.append('-');
        }
        if (exponent >= -4 && exponent < 16) {
            if (exponent >= 0) {
                if (digits.length() <= exponent + 1) {
                    sb.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0");
                } else {
                    sb.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
                }
            } else {
                sb.append("0.").append("0".repeat(-exponent - 1)).append(digits);
            }
        } else {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) {
                sb.append('.').append(digits, 1, digits.length());
            }
            sb.append('e').append(exponent < 0 ? '-' : '+');
            int abs = Math.abs(exponent);
            if (abs < 10) {
                sb.append('0');
            }
            sb.append(abs);
        }
        return sb.toString();
    }
}
