// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.verify.Verification;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.VerifyRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole verification of a typical agent patch per operation (records read and validated,
 * binding checked, patch and logs hashed, the plan's contract evaluated, the result validated),
 * beside the strict reader alone on the same patch. bench/verify.sh prepares the inputs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class VerifyLatency {
    Path dir;
    Verifier verifier;
    byte[] patch;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Path.of(System.getProperty("bench.verify.dir"));
        verifier = new Verifier(new Verifier.Environment(Clock.systemUTC(), "bench", "bench", "bench"));
        patch = Files.readAllBytes(dir.resolve("candidate/changes.patch"));
    }

    private Verification verify(String plan) throws Exception {
        return verifier.verify(VerifyRequest.of(dir.resolve("work-unit.json"), dir.resolve("result-manifest.json"),
                dir.resolve("candidate"), dir.resolve(plan)));
    }

    @Benchmark
    public Verification verifyV04() throws Exception {
        return verify("plan-v0.4.json");
    }

    @Benchmark
    public Verification verifyV05() throws Exception {
        return verify("plan-v0.5.json");
    }

    @Benchmark
    public DiffResult strictReadSamePatch() {
        return DiffReader.read(patch, Profile.STRICT);
    }
}
