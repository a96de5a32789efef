// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DigestCommandTest {
    @TempDir
    Path dir;


    CliRun run(String... args) {
        return CliRun.in(dir, args);
    }

    @Test
    void canonicalAndRaw() throws Exception {
        Files.writeString(dir.resolve("a.json"), "{ \"b\": 1,\n \"a\": [1.0] }\n");
        CliRun canonical = run("digest", "a.json");
        assertEquals(0, canonical.code());
        // canonical form is {"a":[1.0],"b":1}
        assertEquals(dev.patchverdict.digest.Digests.bytes("{\"a\":[1.0],\"b\":1}".getBytes(StandardCharsets.UTF_8))
                + "  a.json\n", canonical.out());
        CliRun raw = run("digest", "--raw", "a.json");
        assertEquals(dev.patchverdict.digest.Digests.file(dir.resolve("a.json")) + "  a.json\n", raw.out());
    }

    @Test
    void badInputIsUndecidedAndNamed() throws Exception {
        Files.writeString(dir.resolve("x.patch"), "diff --git a/x b/x\n");
        Files.writeString(dir.resolve("ok.json"), "{}");
        CliRun r = run("digest", "x.patch", "missing.json", "ok.json");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("patchverdict: x.patch: not a JSON document"), r.err());
        assertTrue(r.err().contains("patchverdict: missing.json: no such file"), r.err());
        assertTrue(r.out().endsWith("  ok.json\n"), r.out());
    }

    @Test
    void standardInputIsReadToItsEnd() {
        byte[] doc = ("{\"b\": \"" + "y".repeat(200_000) + "\", \"a\": 1}").getBytes(StandardCharsets.UTF_8);
        CliRun canonical = CliRun.in(dir, java.time.Clock.systemUTC(), doc, "digest", "-");
        assertEquals(0, canonical.code(), canonical.err());
        assertEquals(dev.patchverdict.digest.Digests.bytes(("{\"a\":1,\"b\":\"" + "y".repeat(200_000) + "\"}")
                .getBytes(StandardCharsets.UTF_8)) + "  -\n", canonical.out());
        CliRun raw = CliRun.in(dir, java.time.Clock.systemUTC(), doc, "digest", "--raw", "-");
        assertEquals(dev.patchverdict.digest.Digests.bytes(doc) + "  -\n", raw.out());
    }

    @Test
    void aUtf16DocumentIsRefusedByItsEncoding() throws Exception {
        Files.write(dir.resolve("u16.json"), "{\"a\": 1}".getBytes(StandardCharsets.UTF_16LE));
        CliRun r = run("digest", "u16.json");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("looks like UTF-16LE; JSON records must be UTF-8"), r.err());
    }

    @Test
    void usageErrorsAre64() {
        assertEquals(ExitCode.USAGE, run("digest").code());
        assertEquals(ExitCode.USAGE, run("nosuchcommand").code());
        assertEquals(ExitCode.USAGE, run().code());
    }

    @Test
    void versionAndHelp() {
        CliRun v = run("--version");
        assertEquals(0, v.code());
        assertTrue(v.out().startsWith("patchverdict "), v.out());
        CliRun h = run("--help");
        assertEquals(0, h.code());
        assertTrue(h.out().contains("Exit codes, the same for every command:\n   0   passed, PROVEN"), h.out());
    }
}
