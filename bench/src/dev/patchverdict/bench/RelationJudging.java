// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.behave.judge.RelationJudge;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.RelationOperator;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One relation judged per operation, from two recorded 1 MiB outputs that stand in the relation
 * (so every item is counted): the checks' own {@code set} beside {@code permutation_of} and
 * {@code subset_of} on the same lines, on JSON arrays of numbers, and {@code numeric} on a 1 MiB
 * "number" a candidate would print. bench/relations.sh prints each as MB/s and as a ratio to set.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RelationJudging {
    static final int SIZE = 1 << 20;

    @Param({"set-lines", "permutation-lines", "subset-lines", "permutation-arrays", "subset-arrays",
        "numeric-megabyte-number"})
    public String kind;

    Relation relation;
    RunRecord source;
    RunRecord followup;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        List<String> items = new ArrayList<>();
        for (int i = 0; items.size() * 8 < SIZE; i++) {
            items.add(Integer.toString(1_000_000 + i));
        }
        List<String> shuffled = new ArrayList<>(items);
        Collections.shuffle(shuffled, new Random(7));
        String lines = String.join("\n", items) + "\n";
        String otherLines = String.join("\n", shuffled) + "\n";
        String array = "[" + String.join(", ", items) + "]";
        String otherArray = "[" + String.join(", ", shuffled) + "]";
        String[] pair = switch (kind) {
            case "set-lines" -> new String[] {"set", null, lines, otherLines};
            case "permutation-lines" -> new String[] {"permutation_of", null, lines, otherLines};
            case "subset-lines" -> new String[] {"subset_of", null, lines, otherLines};
            case "permutation-arrays" -> new String[] {"permutation_of", null, array, otherArray};
            case "subset-arrays" -> new String[] {"subset_of", null, array, otherArray};
            case "numeric-megabyte-number" -> new String[] {"numeric", "{\"comparison\": \"<=\"}", "1".repeat(SIZE),
                "1".repeat(SIZE)};
            default -> throw new IllegalArgumentException(kind);
        };
        Command c = new Command(List.of("source"), ".", Map.of(), OptionalDouble.empty());
        Command f = new Command(List.of("followup"), ".", Map.of(), OptionalDouble.empty());
        relation = new Relation("r", Optional.empty(), c, f, RelationOperator.parse(pair[0],
                pair[1] == null ? null : new ObjectMapper().readTree(pair[1])), 0, Optional.empty());
        source = run(pair[2]);
        followup = run(pair[3]);
        if (RelationJudge.judge(relation, source, followup).state() != RelationRun.State.HELD) {
            throw new IllegalStateException(kind + " does not hold: every item would not be counted");
        }
    }

    private static RunRecord run(String stdout) {
        byte[] b = stdout.getBytes(StandardCharsets.UTF_8);
        return new RunRecord(List.of("x"), new RunOutcome.Exited(0), CapturedOutput.of(b, b.length),
                CapturedOutput.empty(), Duration.ZERO);
    }

    @Benchmark
    public RelationRun judge() {
        return RelationJudge.judge(relation, source, followup);
    }
}
