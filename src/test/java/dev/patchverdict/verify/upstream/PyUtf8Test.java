// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PyUtf8Test {

    private static byte[] hex(String h) {
        return HexFormat.of().parseHex(h);
    }

    /** Messages as CPython 3.11 prints them for these inputs. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "c3       | 'utf-8' codec can't decode byte 0xc3 in position 0: unexpected end of data",
        "e282     | 'utf-8' codec can't decode bytes in position 0-1: unexpected end of data",
        "eda080   | 'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte",
        "4180     | 'utf-8' codec can't decode byte 0x80 in position 1: invalid start byte",
        "f5       | 'utf-8' codec can't decode byte 0xf5 in position 0: invalid start byte",
        "e28241   | 'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte",
        "41e28241 | 'utf-8' codec can't decode bytes in position 1-2: invalid continuation byte",
        "c0af     | 'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte",
        "c1bf     | 'utf-8' codec can't decode byte 0xc1 in position 0: invalid start byte",
        "e080     | 'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte",
        "e09f80   | 'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte",
        "f08f8080 | 'utf-8' codec can't decode byte 0xf0 in position 0: invalid continuation byte",
        "f4908080 | 'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte",
        "f09080   | 'utf-8' codec can't decode bytes in position 0-2: unexpected end of data",
        "f09041   | 'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte",
        "f0       | 'utf-8' codec can't decode byte 0xf0 in position 0: unexpected end of data",
        "ff       | 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
        "c241     | 'utf-8' codec can't decode byte 0xc2 in position 0: invalid continuation byte",
        "e241     | 'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte",
        "eda0     | 'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte",
        "f490     | 'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte",
        "f8888080 | 'utf-8' codec can't decode byte 0xf8 in position 0: invalid start byte",
        "41c3a9c3 | 'utf-8' codec can't decode byte 0xc3 in position 3: unexpected end of data",
    })
    void cpythonMessages(String bytes, String message) {
        PyUtf8.DecodeError e = assertThrows(PyUtf8.DecodeError.class, () -> PyUtf8.decode(hex(bytes)));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"e0a080, \u0800", "f0908080, \uD800\uDC00", "f48fbfbf, \uDBFF\uDFFF", "ed9fbf, \ud7ff",
            "efbbbf41, \ufeffA", "c3a9, \u00e9"})
    void validSequences(String bytes, String expected) throws Exception {
        assertEquals(expected, PyUtf8.decode(hex(bytes)), "no BOM stripping either");
    }
}
