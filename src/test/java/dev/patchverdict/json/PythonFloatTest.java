// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonFloatTest {

    /** Expected texts are what CPython 3.11 prints for repr() of the same double. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0.1|0.1", "1.0|1.0", "1e-05|1e-05", "1e16|1e+16", "1e15|1000000000000000.0",
        "123456789012345678.0|1.2345678901234568e+17", "0.0001|0.0001", "0.00001234|1.234e-05",
        "4.9e-324|5e-324", "1.7976931348623157e308|1.7976931348623157e+308", "2.5|2.5", "-0.0|-0.0",
        "100.0|100.0", "1e22|1e+22", "1.5e-7|1.5e-07", "9007199254740993.0|9007199254740992.0",
        "0.6666666666666666|0.6666666666666666", "123.456|123.456", "1e100|1e+100",
        "0.30000000000000004|0.30000000000000004", "-1.5e-300|-1.5e-300", "0.001|0.001"
    })
    void matchesPythonRepr(String input, String expected) {
        assertEquals(expected, PythonFloat.repr(Double.parseDouble(input)));
    }

    @Property(tries = 3000)
    void readsBackToTheSameDouble(@ForAll double d) {
        if (!Double.isFinite(d)) {
            assertThrows(IllegalArgumentException.class, () -> PythonFloat.repr(d));
            return;
        }
        String text = PythonFloat.repr(d);
        assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(Double.parseDouble(text)), text);
    }

    @Property(tries = 3000)
    void noShorterDigitStringReadsBack(@ForAll double d) {
        if (!Double.isFinite(d) || d == 0.0) {
            return;
        }
        String text = PythonFloat.repr(d);
        String mantissa = text.replace("-", "").split("e")[0].replace(".", "").replaceFirst("^0+", "");
        mantissa = mantissa.replaceFirst("0+$", "");
        int digits = Math.max(1, mantissa.length());
        if (digits > 1) {
            BigDecimal shorter = new BigDecimal(Math.abs(d)).round(new MathContext(digits - 1, RoundingMode.HALF_EVEN));
            assertNotEquals(Math.abs(d), shorter.doubleValue(), "a shorter form also reads back: " + shorter + " vs " + text);
        }
    }

    @Property(tries = 1000)
    void notationFollowsTheExponentRange(@ForAll double d) {
        if (!Double.isFinite(d) || d == 0.0) {
            return;
        }
        String text = PythonFloat.repr(d);
        double abs = Math.abs(Double.parseDouble(text));
        boolean fixed = abs >= 1e-4 && abs < 1e16;
        assertEquals(fixed, !text.contains("e"), text);
        if (fixed) {
            assertEquals(true, text.contains("."), text);
        }
    }
}
