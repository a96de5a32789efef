// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CandidatePathsTest {
    private static final String GRIN = "\uD83D\uDE00";

    @Test
    void aLongSectionHeaderIsCutBetweenCharactersNotInsideOne() {
        // "diff --git a/" is 13 chars: the 94th grin after it lies across the cut at 200.
        String header = "diff --git a/" + GRIN.repeat(94) + " b/x";
        byte[] patch = (header + "\n--- a/x\n").getBytes(StandardCharsets.UTF_8);
        assertEquals("diff --git a/" + GRIN.repeat(93) + "...", CandidatePaths.sectionHeader(patch, 2));
    }

    @Test
    void aShortSectionHeaderIsShownWhole() {
        byte[] patch = "diff --git a/x b/x\n--- a/x\n".getBytes(StandardCharsets.UTF_8);
        assertEquals("diff --git a/x b/x", CandidatePaths.sectionHeader(patch, 2));
    }
}
