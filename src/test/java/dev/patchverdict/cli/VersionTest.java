// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class VersionTest {
    private static Properties commit(String c, String dirty) {
        Properties p = new Properties();
        p.setProperty("commit", c);
        p.setProperty("dirty", dirty);
        return p;
    }

    @Test
    void theVersionNamesTheCommitAndWhetherTrackedFilesDifferedFromIt() {
        assertEquals("patchverdict 1.2.3 (commit 0123456789ab)", Version.describe("1.2.3", commit("0123456789ab", "false")));
        assertEquals("patchverdict 1.2.3 (commit 0123456789ab, with uncommitted changes)",
                Version.describe("1.2.3", commit("0123456789ab", "true")));
    }

    @Test
    void aBuildOutsideGitSaysSo() {
        String outside = "patchverdict 1.2.3 (built outside a git checkout: no commit recorded)";
        assertEquals(outside, Version.describe("1.2.3", commit("", "false")));
        assertEquals(outside, Version.describe("1.2.3", commit("${patchverdict.commit}", "false")));
        assertEquals(outside, Version.describe("1.2.3", new Properties()));
    }

    @Test
    void theVersionOptionPrintsIt() {
        CliRun r = CliRun.in(java.nio.file.Path.of(""), "--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("patchverdict " + Version.get() + " ("), r.out());
    }
}
