// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A mode is printed as git prints it, the way {@code %06o} formats it. */
class FileHeaderModeTextTest {

    @ParameterizedTest
    @CsvSource({"33188, 100644", "33261, 100755", "40960, 120000", "57344, 160000", "16384, 040000", "420, 000644",
        "0, 000000", "2097151, 7777777", "-1, 37777777777"})
    void gitsModes(int mode, String text) {
        assertEquals(text, FileHeader.modeText(mode));
    }

    @Property(tries = 3000)
    void isWhatTheFormatterWrites(@ForAll int mode) {
        assertEquals(String.format("%06o", mode), FileHeader.modeText(mode));
    }
}
