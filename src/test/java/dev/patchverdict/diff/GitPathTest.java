// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class GitPathTest {
    @Test
    void anAbsentPathHasNoText() {
        assertNull(GitPath.textOrNull(null));
    }

    @Test
    void aPresentPathHasItsUtf8TextWithReplacementCharactersForOtherBytes() {
        assertEquals("src/caf\u00e9.py", GitPath.textOrNull(GitPath.of("src/caf\u00e9.py")));
        assertEquals("a\uFFFDb", GitPath.textOrNull(new GitPath(new byte[] {'a', (byte) 0xff, 'b'})));
    }
}
