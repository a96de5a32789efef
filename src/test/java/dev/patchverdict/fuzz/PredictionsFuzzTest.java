// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.review.Entry;
import dev.patchverdict.review.Inputs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutation fuzzing of review's predictions reader, every shape of file: a mutant yields entries and ends, within
 * seconds, never throwing; a malformed entry says what is wrong; and no more entries come out than the file has
 * bytes (so a reader stuck on one spot, yielding the same error again and again, fails). Runs for a quarter of
 * {@code patchverdict.fuzz.seconds}; {@code -Dpatchverdict.fuzz.seed=N} replays one run.
 */
class PredictionsFuzzTest {
    private static final String PATCH = "diff --git a/a b/a\\n--- a/a\\n+++ b/a\\n@@ -1 +1 @@\\n-x\\n+y\\n";
    private static final String PRED = "{\"instance_id\": \"i-%d\", \"model_name_or_path\": \"m\", \"model_patch\": \"" + PATCH + "\"}";
    private static final String[] TOKENS = {
        "{", "}", "[", "]", "\"", ":", ",", "\\", "\n", "\r\n", " ", "null", "1", "\"model_patch\": ", "\"instance_id\": \"x\", ",
        "{\"k\": ", "[".repeat(40), "\uFEFF", "\0", "\u00e9",
    };

    @TempDir
    Path dir;

    private static List<String> seeds() {
        String a = String.format(PRED, 1);
        String b = String.format(PRED, 2);
        return List.of(a + "\n" + b + "\n", "[" + a + ", " + b + "]", "[\n  " + a + ",\n  " + b + "\n]\n",
                "{\"i-1\": " + a + ", \"i-2\": " + b + "}", "{\n  \"i-1\": " + a + ",\n  \"i-2\": " + b + "\n}\n", a,
                a.replace(", ", ",\n  "));
    }

    @Test
    void mutantsOfEveryShapeEndWithEntriesNeverAnException() throws Exception {
        long seconds = Math.max(1, Long.getLong("patchverdict.fuzz.seconds", 20) / 4);
        long seed = Long.getLong("patchverdict.fuzz.seed", System.nanoTime());
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> seeds = seeds();
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "predictions-fuzz");
            t.setDaemon(true);
            return t;
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        try {
            while (System.nanoTime() < deadline) {
                byte[] input = mutate(seeds.get(rnd.nextInt(seeds.size())).getBytes(StandardCharsets.UTF_8), rnd);
                String name = rnd.nextBoolean() ? "p.json" : "p.jsonl";
                Path file = dir.resolve(name);
                Files.write(file, input);
                Future<?> f = exec.submit(() -> readAll(file, name, input.length));
                try {
                    f.get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    fail("the reader did not finish within 10 s (seed " + seed + "): " + HexFormat.of().formatHex(input));
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError("seed " + seed + ", " + name + " " + HexFormat.of().formatHex(input) + ": "
                            + e.getCause(), e.getCause());
                }
                runs++;
            }
        } finally {
            exec.shutdownNow();
        }
        System.out.printf("predictions fuzz: %d mutants in %d s, seed %d%n", runs, seconds, seed);
        assertTrue(runs > 0);
    }

    private void readAll(Path file, String name, int bytes) {
        Inputs in = new Inputs(List.of(name), dir::resolve, Inputs.Fields.SWE_BENCH);
        int n = 0;
        try {
            while (in.hasNext()) {
                Entry e = in.next();
                n++;
                assertTrue(n <= bytes + 1, "more entries than bytes: " + n);
                if (e.kind() == Entry.Kind.MALFORMED || e.kind() == Entry.Kind.UNREADABLE) {
                    assertNotNull(e.error());
                }
            }
        } finally {
            in.close();
        }
    }

    private static byte[] mutate(byte[] b, SplittableRandom rnd) {
        int n = 1 + rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            int at = rnd.nextInt(b.length + 1);
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    if (b.length > 0) {
                        b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                    }
                }
                case 1 -> {
                    byte[] t = TOKENS[rnd.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8);
                    byte[] r = new byte[b.length + t.length];
                    System.arraycopy(b, 0, r, 0, at);
                    System.arraycopy(t, 0, r, at, t.length);
                    System.arraycopy(b, at, r, at + t.length, b.length - at);
                    b = r;
                }
                case 2 -> {
                    if (b.length > 0) {
                        int from = rnd.nextInt(b.length);
                        int len = 1 + rnd.nextInt(Math.min(20, b.length - from));
                        byte[] r = new byte[b.length - len];
                        System.arraycopy(b, 0, r, 0, from);
                        System.arraycopy(b, from + len, r, from, b.length - from - len);
                        b = r;
                    }
                }
                default -> b = java.util.Arrays.copyOf(b, at);
            }
        }
        return b;
    }
}
