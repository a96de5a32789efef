// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class SharedDataTest {
    @Test
    void aMissingFolderSkipsUnlessSkippingIsForbidden() {
        SharedData.require(true, "x", true);
        assertThrows(TestAbortedException.class, () -> SharedData.require(false, "the corpus is absent", false));
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> SharedData.require(false, "the corpus is absent", true));
        assertTrue(e.getMessage().contains("-Dpatchverdict.require.shared=true forbids skipping"), e.getMessage());
    }

    @Test
    void rewritingFixturesIsRefusedUnderCi() {
        assertTrue(SharedData.fixturesUpdate(true, Map.of()));
        assertFalse(SharedData.fixturesUpdate(false, Map.of("CI", "true")));
        assertThrows(AssertionFailedError.class, () -> SharedData.fixturesUpdate(true, Map.of("CI", "true")));
    }
}
