// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.behave.judge.Comparison;
import dev.patchverdict.behave.judge.Equivalences;
import dev.patchverdict.behave.plan.Equivalence;
import java.nio.charset.StandardCharsets;
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
 * One {@code tolerant} comparison of two 1 MiB outputs per operation, every token compared
 * (rel_tol 1, so no pair differs and the scan goes to the end): ordinary numbers beside the inputs
 * a candidate would print to make judging slow. bench/judge.sh prints each as MB/s and as a ratio
 * to the ordinary one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TolerantJudging {
    static final int SIZE = 1 << 20;

    /** What each side prints, line by line. */
    @Param({"ordinary", "far-exponents", "thousand-digits", "forty-thousand-digits-then-a-letter"})
    public String kind;

    byte[] expected;
    byte[] observed;
    Equivalence tolerant;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String[] pair = switch (kind) {
            case "ordinary" -> new String[] {"3.14159 2.71828 1.41421", "3.14160 2.71827 1.41422"};
            case "far-exponents" -> new String[] {"1e9999", "1e-9999"};
            case "thousand-digits" -> new String[] {"9".repeat(1000) + "e9000", "1e-9999"};
            case "forty-thousand-digits-then-a-letter" -> new String[] {"1".repeat(40_000) + "x", "1".repeat(40_000) + "x"};
            default -> throw new IllegalArgumentException(kind);
        };
        expected = fill(pair[0]);
        observed = fill(pair[1]);
        tolerant = Equivalence.parse("tolerant", new ObjectMapper().readTree("{\"rel_tol\": 1}"));
    }

    private static byte[] fill(String line) {
        StringBuilder b = new StringBuilder();
        while (b.length() < SIZE) {
            b.append(line).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public Comparison compare() {
        return Equivalences.compare(tolerant, expected, observed);
    }
}
