// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditCommandTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aFolderOfBundlesIsWalkedAndEachResultGetsAVerdict() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("a").toString())).code());
        assertEquals(1, CliRun.in(ROOT, VerifyCommandTest.verify("decoy", "0.5", "--bundle", all.resolve("nested/b").toString())).code());
        CliRun ok = CliRun.in(ROOT, "audit", "--format", "jsonl", all.toString());
        assertEquals(0, ok.code(), ok.out() + ok.err());
        String[] lines = ok.out().split("\n");
        assertEquals(2, lines.length, ok.out());
        for (String l : lines) {
            JsonNode o = JSON.readTree(l);
            assertEquals("REPRODUCED", o.path("verdict").asText(), l);
        }
        Files.writeString(all.resolve("nested/b/candidate/stdout.txt"), "edited\n");
        CliRun bad = CliRun.in(ROOT, "audit", all.toString());
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.out().contains("TAMPERED"), bad.out());
        assertTrue(bad.out().contains("| TAMPERED | 1 |"), bad.out());
        CliRun none = CliRun.in(ROOT, "audit", tmp.resolve("results/a/candidate").toString());
        assertEquals(2, none.code(), "a folder without bundles is undecided");
    }
}
