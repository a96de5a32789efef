// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.FieldReader;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.record.WorkUnit;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
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
 * Binding one document into its model, per operation after warm-up: the record package's own readers
 * beside a Jackson databind binding of the same models ({@link RecordDatabind}). Both start from the
 * tree the strict reader makes (what the schema has validated), so the figures are of the binding
 * alone; the write-back check the record package runs after either is left out. The documents are
 * a verify bundle's: {@code -Dbench.record.dir=DIR} with work-unit.json, result-manifest.json and
 * verification-result.json (bench/record-binding.sh makes them and runs this).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class RecordBinding {
    private static final MethodHandle WORK_UNIT = handReader(WorkUnit.class);
    private static final MethodHandle RESULT_MANIFEST = handReader(ResultManifest.class);
    private static final MethodHandle VERIFICATION_RESULT = handReader(VerificationResult.class);

    JsonNode workUnit;
    JsonNode resultManifest;
    JsonNode verificationResult;

    @Setup(Level.Trial)
    public void load() throws Throwable {
        Path dir = Path.of(System.getProperty("bench.record.dir"));
        StrictJson json = StrictJson.withDefaults();
        workUnit = json.read(dir.resolve("work-unit.json"));
        resultManifest = json.read(dir.resolve("result-manifest.json"));
        verificationResult = json.read(dir.resolve("verification-result.json"));
        // Both bindings must make the same model, or the figures compare different work.
        same(handWorkUnit(), databindWorkUnit());
        same(handResultManifest(), databindResultManifest());
        same(handVerificationResult(), databindVerificationResult());
    }

    @Benchmark
    public WorkUnit handWorkUnit() throws Throwable {
        return (WorkUnit) WORK_UNIT.invokeExact(FieldReader.root(workUnit));
    }

    @Benchmark
    public WorkUnit databindWorkUnit() {
        return RecordDatabind.bind(RecordDatabind.WORK_UNIT, workUnit);
    }

    @Benchmark
    public ResultManifest handResultManifest() throws Throwable {
        return (ResultManifest) RESULT_MANIFEST.invokeExact(FieldReader.root(resultManifest));
    }

    @Benchmark
    public ResultManifest databindResultManifest() {
        return RecordDatabind.bind(RecordDatabind.RESULT_MANIFEST, resultManifest);
    }

    @Benchmark
    public VerificationResult handVerificationResult() throws Throwable {
        return (VerificationResult) VERIFICATION_RESULT.invokeExact(FieldReader.root(verificationResult));
    }

    @Benchmark
    public VerificationResult databindVerificationResult() {
        return RecordDatabind.bind(RecordDatabind.VERIFICATION_RESULT, verificationResult);
    }

    private static void same(Object hand, Object databind) {
        if (!hand.equals(databind)) {
            throw new IllegalStateException("the bindings differ:\n" + hand + "\n" + databind);
        }
    }

    /** The package's own reader of a model ({@code static T read(FieldReader)}), called as the package calls it. */
    private static MethodHandle handReader(Class<?> model) {
        try {
            return MethodHandles.privateLookupIn(model, MethodHandles.lookup())
                    .findStatic(model, "read", MethodType.methodType(model, FieldReader.class))
                    .asType(MethodType.methodType(model, FieldReader.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
