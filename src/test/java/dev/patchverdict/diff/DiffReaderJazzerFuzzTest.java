// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the reader with Jazzer. In a normal build it runs in regression mode, in a
 * JVM of its own (the surefire execution "jazzer"), replaying the inputs Jazzer has kept, if any. To fuzz:
 * {@code JAZZER_FUZZ=1 mvn test -Dtest=DiffReaderJazzerFuzzTest -Dsurefire.failIfNoSpecifiedTests=false}; it
 * stops after maxDuration or at the first failure, whose input it writes as crash-* in the project folder.
 */
class DiffReaderJazzerFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void readerSurvivesAnyInput(byte[] input) {
        FuzzChecks.check(input);
    }
}
