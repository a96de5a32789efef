// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Mutation fuzzing of the reader from real seeds (the fixtures and small corpus diffs), for
 * {@code patchverdict.fuzz.seconds} (20 by default; {@code mvn verify -Dpatchverdict.fuzz.seconds=600} for a
 * long run, {@code -Dpatchverdict.fuzz.seed=N} to replay one). Every mutant must pass {@link FuzzChecks}
 * within a few seconds; a failing mutant is printed in hex so it can be turned into a fixture.
 */
class DiffReaderFuzzTest {
    private static final String[] TOKENS = {
        "\n", "\r", "\r\n", "\0", "\t", " ", "+", "-", "\\ ", "\\ No newline at end of file\n", "@@ -", "@@ -1,2 +1,3 @@\n",
        " @@", ",", "0", "1", "4294967296", "18446744073709551616", "diff --git ", "diff --git a/x b/x\n", "--- ",
        "+++ ", "--- a/x\n+++ b/x\n", "/dev/null", "new file mode 100644\n", "deleted file mode 100644\n",
        "old mode 100644\n", "new mode 120000\n", "rename from ", "rename to ", "copy from ", "similarity index 100%\n",
        "index 0000000..1111111 100644\n", "GIT binary patch\n", "literal 5\n", "delta 3\n", "zcmV?d00001\n",
        "Binary files a/x and b/x differ\n", "\"", "\\000", "\\303\\251", "\u202e", "\u200b", "a/", "b/", "../", ".git/",
        "diff --cc x\n", "@@@ -1 -1 +1 @@@\n", "-- \n"
    };

    @Test
    void mutantsOfRealDiffsNeverBreakTheReader() throws Exception {
        long seconds = Long.getLong("patchverdict.fuzz.seconds", 20);
        long seed = Long.getLong("patchverdict.fuzz.seed", System.nanoTime());
        List<byte[]> seeds = seeds();
        assertTrue(seeds.size() > 45, "seeds: " + seeds.size());
        SplittableRandom rnd = new SplittableRandom(seed);
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "diff-fuzz");
            t.setDaemon(true);
            return t;
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        try {
            while (System.nanoTime() < deadline) {
                byte[] input = mutate(seeds, rnd);
                Future<?> f = exec.submit(() -> FuzzChecks.check(input));
                try {
                    f.get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    fail("reader did not finish within 10 s (seed " + seed + "): " + HexFormat.of().formatHex(input));
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError("seed " + seed + ", input "
                            + HexFormat.of().formatHex(input, 0, Math.min(input.length, 4096)) + ": " + e.getCause(), e.getCause());
                }
                runs++;
            }
        } finally {
            exec.shutdownNow();
        }
        System.out.printf("diff reader fuzz: %d mutants in %d s, seed %d%n", runs, seconds, seed);
        assertTrue(runs > 0);
    }

    static List<byte[]> seeds() throws IOException {
        List<byte[]> out = new ArrayList<>();
        for (Path p : FixtureGoldenTest.fixtures()) {
            out.add(Files.readAllBytes(p));
        }
        for (Path p : GitParityFixturesTest.fixtures()) {
            out.add(Files.readAllBytes(p));
        }
        Path corpus = Path.of(System.getProperty("user.dir")).resolve("../shared/corpus").normalize();
        // The corpus only adds seeds; without it the fixtures still seed the run (unless CI forbids the shortcut).
        if (Files.isDirectory(corpus) || dev.patchverdict.SharedData.required()) {
            for (Path p : Corpus.allDiffs()) {
                if (Files.size(p) < 8192 && out.size() < 400) {
                    out.add(Files.readAllBytes(p));
                }
            }
        }
        return out;
    }

    static byte[] mutate(List<byte[]> seeds, SplittableRandom rnd) {
        byte[] b = seeds.get(rnd.nextInt(seeds.size())).clone();
        int n = 1 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            b = mutateOnce(b, seeds, rnd);
        }
        return b;
    }

    private static byte[] mutateOnce(byte[] b, List<byte[]> seeds, SplittableRandom rnd) {
        int at = b.length == 0 ? 0 : rnd.nextInt(b.length + 1);
        switch (rnd.nextInt(8)) {
            case 0 -> { // flip a bit
                if (b.length > 0) {
                    int i = rnd.nextInt(b.length);
                    b[i] ^= (byte) (1 << rnd.nextInt(8));
                }
                return b;
            }
            case 1 -> { // set a byte
                if (b.length > 0) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
                return b;
            }
            case 2, 3 -> { // insert a token that matters to the grammar
                return insert(b, at, TOKENS[rnd.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
            }
            case 4 -> { // delete a range
                if (b.length == 0) {
                    return b;
                }
                int from = rnd.nextInt(b.length);
                int len = 1 + rnd.nextInt(Math.min(64, b.length - from));
                byte[] r = new byte[b.length - len];
                System.arraycopy(b, 0, r, 0, from);
                System.arraycopy(b, from + len, r, from, b.length - from - len);
                return r;
            }
            case 5 -> { // duplicate a range
                if (b.length == 0) {
                    return b;
                }
                int from = rnd.nextInt(b.length);
                int len = 1 + rnd.nextInt(Math.min(200, b.length - from));
                byte[] piece = java.util.Arrays.copyOfRange(b, from, from + len);
                return insert(b, rnd.nextInt(b.length + 1), piece);
            }
            case 6 -> { // splice in part of another seed
                byte[] other = seeds.get(rnd.nextInt(seeds.size()));
                if (other.length == 0) {
                    return b;
                }
                int from = rnd.nextInt(other.length);
                int len = 1 + rnd.nextInt(Math.min(400, other.length - from));
                return insert(b, at, java.util.Arrays.copyOfRange(other, from, from + len));
            }
            default -> { // truncate
                return java.util.Arrays.copyOf(b, at);
            }
        }
    }

    private static byte[] insert(byte[] b, int at, byte[] piece) {
        byte[] r = new byte[b.length + piece.length];
        System.arraycopy(b, 0, r, 0, at);
        System.arraycopy(piece, 0, r, at, piece.length);
        System.arraycopy(b, at, r, at + piece.length, b.length - at);
        return r;
    }
}
