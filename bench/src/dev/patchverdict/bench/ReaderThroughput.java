// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.github.difflib.unifieddiff.UnifiedDiffReader;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.Profile;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.patch.Patch;
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
 * One whole read of the same diff per operation, by each reader. bench/run.sh turns ops/s into MB/s.
 * Each reader gets the bytes as a stream, as it would from a file.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 6, time = 2) // the reader needs about 30 reads before the JIT settles
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class ReaderThroughput {
    byte[] diff;

    @Setup(Level.Trial)
    public void load() throws Exception {
        diff = Files.readAllBytes(Path.of(System.getProperty("bench.diff")));
    }

    /** The verifier's path: strict profile, SHA-256 of the bytes in the same pass. */
    @Benchmark
    public DiffOutcome patchverdictStrictSha256() {
        DiffOutcome o = DiffReader.read(new ByteArrayInputStream(diff), Profile.STRICT, DiffVisitor.NONE);
        if (o.sha256().isEmpty()) {
            throw new IllegalStateException("no hash");
        }
        return o;
    }

    /** The strict reader alone: with patchverdictStrictSha256 and sha256Alone, shows what the hash costs. */
    @Benchmark
    public DiffOutcome patchverdictStrictNoHash() {
        return DiffReader.read(new ByteArrayInputStream(diff), Profile.STRICT, DiffVisitor.NONE,
                new DiffReader.Options(false, 16 << 20));
    }

    /** The JDK's SHA-256 over the same bytes, streamed in 64 KiB reads: the floor for the hashing reader. */
    @Benchmark
    public byte[] sha256Alone() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        ByteArrayInputStream in = new ByteArrayInputStream(diff);
        byte[] buf = new byte[1 << 16];
        for (int r; (r = in.read(buf, 0, buf.length)) > 0; ) {
            md.update(buf, 0, r);
        }
        return md.digest();
    }

    @Benchmark
    public DiffOutcome patchverdictGitProfileNoHash() {
        return DiffReader.read(new ByteArrayInputStream(diff), Profile.GIT, DiffVisitor.NONE,
                new DiffReader.Options(false, 16 << 20));
    }

    @Benchmark
    public Patch jgitPatchParse() throws Exception {
        Patch p = new Patch();
        p.parse(new ByteArrayInputStream(diff));
        return p;
    }

    @Benchmark
    public Object javaDiffUtilsUnifiedDiffReader() throws Exception {
        return UnifiedDiffReader.parseUnifiedDiff(new ByteArrayInputStream(diff));
    }
}
