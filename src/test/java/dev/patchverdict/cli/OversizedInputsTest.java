// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.TestFiles;
import dev.patchverdict.TestProcess;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files a worker or a bundle controls that are far larger than the heap, run by a JVM of {@code -Xmx48m}: what is
 * only hashed is streamed, so a log of any size is a log over its limit (a failed result, exit 1) and an oversized
 * file in one bundle is that bundle's verdict, never the end of the command with an internal error.
 */
class OversizedInputsTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final Path DIR = ROOT.resolve("verification/fixtures/patch-transition");
    static final long BIG = 96L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    static void sparse(Path file, long length) throws Exception {
        Files.deleteIfExists(file);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    private TestProcess small(String... args) throws Exception {
        return heap("-Xmx48m", args);
    }

    private TestProcess heap(String xmx, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), xmx,
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        argv.addAll(List.of(args));
        return TestProcess.run(tmp, ROOT, Map.of(), 300, argv.toArray(String[]::new));
    }

    @Test
    void aLogLargerThanTheHeapIsALogOverItsLimit() throws Exception {
        Path root = tmp.resolve("correct");
        TestFiles.copyTree(DIR.resolve("candidates/correct"), root);
        sparse(root.resolve("stdout.txt"), BIG);
        TestProcess r = small("verify", "--work-unit", DIR.resolve("work-unit.json").toString(), "--result-manifest",
                DIR.resolve("candidates/correct.result-manifest.json").toString(), "--candidate-root", root.toString(),
                "--evaluator-plan", DIR.resolve("plan-v0.4.json").toString());
        assertEquals(1, r.code(), r.err());
        JsonNode result = JSON.readTree(r.out());
        JsonNode log = PyJson.loads(result.path("checks").get(1).path("diagnostics").asText()).path("logs").path("logs").get(0);
        assertEquals(BIG, log.path("bytes").asLong(), log.toString());
        assertFalse(log.path("within_limit").asBoolean(), log.toString());
    }

    @Test
    void aPatchLargerThanTheHeapInOneBundleIsThatBundlesVerdict() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        for (String name : List.of("big", "good")) {
            assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve(name).toString())).code());
        }
        sparse(all.resolve("big/candidate/changes.patch"), BIG);
        TestProcess r = small("audit", "--format", "jsonl", "--jobs", "1", all.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertEquals("", r.err());
        List<JsonNode> outcomes = new ArrayList<>();
        for (String l : r.out().split("\n")) {
            outcomes.add(JSON.readTree(l));
        }
        assertEquals(2, outcomes.size(), r.out());
        assertEquals("TAMPERED", outcomes.get(0).path("verdict").asText(), r.out());
        assertTrue(outcomes.get(0).path("reasons").get(0).asText().startsWith("candidate changes.patch (manifest): recorded "), r.out());
        assertEquals("REPRODUCED", outcomes.get(1).path("verdict").asText(), r.out());
    }

    /**
     * A patch given as a pipe ({@code review <(git diff ...)}) is read as a stream once past what review holds in memory,
     * as a large regular file is: it was read whole whatever its size, and one larger than the heap (160 MB through
     * {@code -Xmx128m}) ended the review.
     */
    @Test
    void aPatchPipedInLargerThanTheHeapIsReviewed() throws Exception {
        Path fifo = tmp.resolve("pipe.patch");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Thread writer = new Thread(() -> {
            try (var out = new java.io.BufferedOutputStream(Files.newOutputStream(fifo), 1 << 16)) {
                byte[] line = ("+" + "x".repeat(1000) + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                out.write("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -0,0 +1,160000 @@\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                for (int i = 0; i < 160_000; i++) {
                    out.write(line);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        TestProcess r = heap("-Xmx128m", "review", "--format", "jsonl", "--jobs", "1", fifo.toString());
        writer.join();
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"status\":\"accepted\""), r.out());
    }
}
