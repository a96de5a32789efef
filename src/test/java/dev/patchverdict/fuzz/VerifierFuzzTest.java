// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.digest.Digests;
import dev.patchverdict.verify.VerificationException;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import dev.patchverdict.verify.upstream.Parser011;
import dev.patchverdict.verify.upstream.PyJson;
import dev.patchverdict.verify.upstream.PyUtf8;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
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
 * Mutation fuzzing of the verifier's untrusted inputs: the candidate patch (read by the 0.1.1
 * parser, the v0.3/v0.4 layers and the strict reader in one verification), the v0.1 JSON candidate
 * (Python's JSON reading) and the worker's manifest. Whatever the bytes, a verification ends in a
 * result or in a {@link VerificationException} (exit 2), within seconds; never another exception.
 * The worker's honest digests are recomputed for each mutant, so the semantic paths are reached.
 */
class VerifierFuzzTest {
    private static final Path DIR = Path.of("verification/fixtures/patch-transition");
    private static final String[] TOKENS = {
        "\n", "\r\n", "\r", "\f", "\u2028", "\u0085", "diff --git a/x b/x\n", "--- a/README.md\n", "+++ b/README.md\n",
        "@@ -1,2 +1,2 @@\n", "@@ -1 +1 @@\n", "@@ -\u0661 +1 @@\n", "-unsafe_call(\n", "+safe_call(\n", " ctx\n",
        "\\ No newline at end of file\n", "rename from a\n", "copy from /etc/passwd\n", "\"a/q\\\"x\" ", "'", "\\", "\0",
        "\u00e9", "\uD83D\uDE00", "\u202e", "/dev/null", "../", "99999999999999999999", "\t2020-01-01", "GIT binary patch\n",
    };

    @TempDir
    Path tmp;

    @Test
    void mutatedCandidatesEndInAResultOrATypedRefusal() throws Exception {
        long seconds = Math.max(1, Long.getLong("patchverdict.fuzz.seconds", 20) / 4);
        long seed = Long.getLong("patchverdict.fuzz.seed", System.nanoTime());
        SplittableRandom rnd = new SplittableRandom(seed);
        List<byte[]> seeds = List.of(Files.readAllBytes(DIR.resolve("correct.patch")), Files.readAllBytes(DIR.resolve("decoy.patch")),
                Files.readAllBytes(DIR.resolve("candidates/split-across-hunks/changes.patch")));
        Path root = Files.createDirectories(tmp.resolve("candidate"));
        Files.writeString(root.resolve("stdout.txt"), "log\n");
        Files.writeString(root.resolve("stderr.txt"), "");
        String manifestTemplate = Files.readString(DIR.resolve("candidates/correct.result-manifest.json"));
        String correctDigest = Digests.bytes(seeds.get(0)).toString();
        String stdoutDigest = Digests.bytes(Files.readAllBytes(DIR.resolve("candidates/correct/stdout.txt"))).toString();
        Verifier verifier = new Verifier(new Verifier.Environment(Clock.systemUTC(), "fuzz", "fuzz", "fuzz"));
        List<String> plans = List.of("plan-v0.2.json", "plan-v0.3.json", "plan-v0.4.json", "plan-v0.5.json");
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "verify-fuzz");
            t.setDaemon(true);
            return t;
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        int results = 0;
        try {
            while (System.nanoTime() < deadline) {
                byte[] patch = mutate(seeds.get(rnd.nextInt(seeds.size())), rnd);
                Files.write(root.resolve("changes.patch"), patch);
                String manifest = manifestTemplate.replace(correctDigest, Digests.bytes(patch).toString())
                        .replace(stdoutDigest, Digests.bytes("log\n".getBytes(StandardCharsets.UTF_8)).toString());
                if (rnd.nextInt(8) == 0) {
                    manifest = new String(mutate(manifest.getBytes(StandardCharsets.UTF_8), rnd), StandardCharsets.UTF_8);
                }
                Path manifestFile = tmp.resolve("manifest.json");
                Files.writeString(manifestFile, manifest);
                VerifyRequest request = VerifyRequest.of(DIR.resolve("work-unit.json"), manifestFile, root,
                        DIR.resolve(plans.get(rnd.nextInt(plans.size()))));
                Future<Boolean> f = exec.submit(() -> {
                    try {
                        verifier.verify(request);
                        return true;
                    } catch (VerificationException e) {
                        return false;
                    }
                });
                try {
                    if (f.get(10, TimeUnit.SECONDS)) {
                        results++;
                    }
                } catch (TimeoutException e) {
                    fail("verify did not finish within 10 s (seed " + seed + "): " + HexFormat.of().formatHex(patch));
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError("untyped failure (seed " + seed + ") on patch " + HexFormat.of().formatHex(patch)
                            + " and manifest " + manifest, e.getCause());
                }
                runs++;
            }
        } finally {
            exec.shutdownNow();
        }
        assertTrue(runs > 50, "too few fuzz runs: " + runs);
        assertTrue(results > runs / 2, "most mutants should still reach a verdict: " + results + " of " + runs + " (seed " + seed + ")");
    }

    @Test
    void pythonJsonAndTheOldParserRefuseOnlyWithTheirOwnErrors() {
        long seconds = Math.max(1, Long.getLong("patchverdict.fuzz.seconds", 20) / 4);
        long seed = Long.getLong("patchverdict.fuzz.seed", System.nanoTime());
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] json = "{\"schema_version\":\"0.1\",\"answer\":42,\"status\":\"ready\",\"n\":[1.5e-7,NaN,{\"a\":\"\\u00e9\"}]}"
                .getBytes(StandardCharsets.UTF_8);
        byte[] diff = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n".getBytes(StandardCharsets.UTF_8);
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        while (System.nanoTime() < deadline) {
            byte[] input = mutate(rnd.nextBoolean() ? json : diff, rnd);
            try {
                String text = PyUtf8.decode(input);
                try {
                    PyJson.pyEquals(PyJson.loads(text), PyJson.loads(text));
                } catch (PyJson.DecodeError e) {
                    // typed refusal
                }
                try {
                    Parser011.parse(text);
                } catch (Parser011.Rejected e) {
                    // typed refusal
                }
            } catch (PyUtf8.DecodeError e) {
                // typed refusal
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("untyped failure (seed " + seed + ") on " + HexFormat.of().formatHex(input), e);
            }
            runs++;
        }
        assertTrue(runs > 100, "too few fuzz runs: " + runs);
    }

    private static byte[] mutate(byte[] seed, SplittableRandom rnd) {
        StringBuilder sb = new StringBuilder(new String(seed, StandardCharsets.ISO_8859_1));
        int edits = 1 + rnd.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int at = sb.length() == 0 ? 0 : rnd.nextInt(sb.length() + 1);
            switch (rnd.nextInt(5)) {
                case 0 -> {
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                }
                case 1 -> sb.insert(at, (char) rnd.nextInt(256));
                case 2 -> sb.insert(at, new String(TOKENS[rnd.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8),
                        StandardCharsets.ISO_8859_1));
                case 3 -> {
                    if (at < sb.length()) {
                        sb.setCharAt(at, (char) (sb.charAt(at) ^ (1 << rnd.nextInt(8))));
                    }
                }
                default -> {
                    int from = rnd.nextInt(Math.max(1, sb.length()));
                    int to = Math.min(sb.length(), from + rnd.nextInt(40));
                    sb.insert(at, sb.substring(from, to));
                }
            }
        }
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
