// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.BehaviouralPlans;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.plan.DocumentModels;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.DocumentVersion;
import dev.patchverdict.record.Fixtures;
import dev.patchverdict.record.InvalidDocumentException;
import java.nio.charset.StandardCharsets;
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
 * Mutation fuzzing of every reader of untrusted JSON: strict JSON, the record documents (schema,
 * then model) and the behavioural plan. A mutant may be accepted or refused, but only with the
 * readers' own typed errors, within seconds. Runs for half of {@code patchverdict.fuzz.seconds};
 * {@code -Dpatchverdict.fuzz.seed=N} replays one run.
 */
class DocumentReadingFuzzTest {
    private static final String[] TOKENS = {
        "{", "}", "[", "]", "\"", ":", ",", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "0", "-0", "1.0", "1e999",
        "-1e-999", "18446744073709551616", "NaN", "null", "true", "\"schema_version\":\"0.9\",", "\"a\":1,\"a\":2",
        "\u202e", "\uFEFF", "\0", "\n", "\t", "sha256:", "//", "/*", "\u00e9", "\uD83D\uDE00",
    };

    @Test
    void mutantsOfValidDocumentsFailOnlyWithTypedErrors() throws Exception {
        long seconds = Math.max(1, Long.getLong("patchverdict.fuzz.seconds", 20) / 2);
        long seed = Long.getLong("patchverdict.fuzz.seed", System.nanoTime());
        List<byte[]> seeds = seeds();
        SplittableRandom rnd = new SplittableRandom(seed);
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "document-fuzz");
            t.setDaemon(true);
            return t;
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        int accepted = 0;
        try {
            while (System.nanoTime() < deadline) {
                byte[] input = mutate(seeds, rnd);
                Future<Boolean> f = exec.submit(() -> readAll(input));
                try {
                    if (f.get(10, TimeUnit.SECONDS)) {
                        accepted++;
                    }
                } catch (TimeoutException e) {
                    fail("readers did not finish within 10 s (seed " + seed + "): " + HexFormat.of().formatHex(input));
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError("untyped failure (seed " + seed + ") on "
                            + HexFormat.of().formatHex(input), e.getCause());
                }
                runs++;
            }
        } finally {
            exec.shutdownNow();
        }
        assertTrue(runs > 100, "too few fuzz runs: " + runs);
        // Some mutants (e.g. a changed description) stay valid: the readers must still accept those.
        assertTrue(accepted > 0, "no mutant was accepted in " + runs + " runs (seed " + seed + ")");
    }

    /** True when the bytes were read all the way to a model; false when refused with a typed error. */
    private static boolean readAll(byte[] input) {
        JsonNode node;
        try {
            node = StrictJson.withDefaults().read(input);
        } catch (JsonInputException e) {
            return false;
        }
        if (BehaviouralPlans.isBehaviouralPlan(node)) {
            try {
                BehaviouralPlans.parse(node, "fuzz.json");
                return true;
            } catch (BehaveException e) {
                return false;
            }
        }
        try {
            DocumentModels.map(DocumentReader.strict().validate(node));
            return true;
        } catch (InvalidDocumentException e) {
            return false;
        }
    }

    private static List<byte[]> seeds() throws Exception {
        List<byte[]> seeds = new ArrayList<>();
        for (DocumentVersion v : DocumentVersion.all()) {
            seeds.add(Fixtures.bytes(v));
        }
        seeds.add(BEHAVIOURAL_PLAN.getBytes(StandardCharsets.UTF_8));
        return seeds;
    }

    private static byte[] mutate(List<byte[]> seeds, SplittableRandom rnd) {
        byte[] b = seeds.get(rnd.nextInt(seeds.size())).clone();
        int edits = 1 + rnd.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int pos = b.length == 0 ? 0 : rnd.nextInt(b.length);
            switch (rnd.nextInt(5)) {
                case 0 -> {
                    if (b.length > 0) {
                        b[pos] = (byte) rnd.nextInt(256);
                    }
                }
                case 1 -> b = splice(b, pos, pos, TOKENS[rnd.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
                case 2 -> b = splice(b, pos, Math.min(b.length, pos + 1 + rnd.nextInt(16)), new byte[0]);
                case 3 -> b = java.util.Arrays.copyOf(b, pos);
                default -> {
                    // repeat a run of the document, which nests or duplicates members
                    int end = Math.min(b.length, pos + 1 + rnd.nextInt(64));
                    b = splice(b, end, end, java.util.Arrays.copyOfRange(b, pos, end));
                }
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        byte[] out = new byte[b.length - (to - from) + insert.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(insert, 0, out, from, insert.length);
        System.arraycopy(b, to, out, from + insert.length, b.length - to);
        return out;
    }

    private static final String BEHAVIOURAL_PLAN = """
            {"schema_version":"0.1","kind":"behavioural_plan","execution_mode":"sandboxed_behavioural",
             "id":"calc-fix.behave","description":"fuzz seed",
             "binding":{"work_unit_id":"wu-calc-fix","work_unit_version":1,
                        "work_unit_digest":"sha256:abababababababababababababababababababababababababababababababab",
                        "source_revision":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                        "static_plan_digest":"sha256:abababababababababababababababababababababababababababababababab"},
             "runner":{"id":"patchverdict-behavioural-runner","adapter":"sandboxed-behavioural-runner",
                       "adapter_version":"0.1.0"},
             "sandbox":{"wall_seconds":30,"cpu_seconds":10,"memory_mb":256,"output_bytes":65536,
                        "file_size_bytes":1048576},
             "checks":[
               {"id":"repro","kind":"reproduction","argv":["python3","-c","import calc"],
                "base_expected_exit_code":1,"timeout_seconds":5,"env":{"PATH":"/usr/bin"},
                "expect_stdout":{"operator":"canonical","options":{"ignore_keys":["t"]},"body":"{}"}},
               {"id":"keep","kind":"preserve","argv":["sh","-c","echo hi"],"cwd":"src",
                "equivalence":{"operator":"tolerant","options":{"abs_tol":0.5}}},
               {"id":"prop","kind":"contract","argv":["true"],"expected_exit_code":3,"witness":{"polarity":"any"}}
             ],
             "mutation_adequacy":{"max_mutants":5,"min_score":0.8}}
            """;
}
