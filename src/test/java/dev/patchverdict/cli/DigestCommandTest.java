package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DigestCommandTest {
    @TempDir
    Path dir;

    record Run(int rc, String out, String err) {}

    Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), Map.of(), dir, false);
        int rc = Main.run(ctx, args);
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void canonicalAndRaw() throws Exception {
        Files.writeString(dir.resolve("a.json"), "{ \"b\": 1,\n \"a\": [1.0] }\n");
        Run canonical = run("digest", "a.json");
        assertEquals(0, canonical.rc());
        // canonical form is {"a":[1.0],"b":1}
        assertEquals(dev.patchverdict.digest.Digests.bytes("{\"a\":[1.0],\"b\":1}".getBytes(StandardCharsets.UTF_8))
                + "  a.json\n", canonical.out());
        Run raw = run("digest", "--raw", "a.json");
        assertEquals(dev.patchverdict.digest.Digests.file(dir.resolve("a.json")) + "  a.json\n", raw.out());
    }

    @Test
    void badInputIsUndecidedAndNamed() throws Exception {
        Files.writeString(dir.resolve("x.patch"), "diff --git a/x b/x\n");
        Files.writeString(dir.resolve("ok.json"), "{}");
        Run r = run("digest", "x.patch", "missing.json", "ok.json");
        assertEquals(ExitCode.UNDECIDED, r.rc());
        assertTrue(r.err().contains("patchverdict: x.patch: not a JSON document"), r.err());
        assertTrue(r.err().contains("patchverdict: missing.json: no such file"), r.err());
        assertTrue(r.out().endsWith("  ok.json\n"), r.out());
    }

    @Test
    void usageErrorsAre64() {
        assertEquals(ExitCode.USAGE, run("digest").rc());
        assertEquals(ExitCode.USAGE, run("nosuchcommand").rc());
        assertEquals(ExitCode.USAGE, run().rc());
    }

    @Test
    void versionAndHelp() {
        Run v = run("--version");
        assertEquals(0, v.rc());
        assertTrue(v.out().startsWith("patchverdict "), v.out());
        Run h = run("--help");
        assertEquals(0, h.rc());
        assertTrue(h.out().contains("Exit codes: 0 passed/PROVEN"), h.out());
    }
}
