// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.record.FieldReader;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Binding one document into its model, per operation after warm-up: the record package's own reader
 * ({@code hand}) beside a Jackson databind binding of the same model ({@code databind}, {@link RecordDatabind}).
 * Both start from the tree the strict reader makes (what the schema has validated), so the figures are
 * of the binding alone; the write-back check the record package runs after either is left out. The
 * documents are a verify bundle's: {@code -Dbench.record.dir=DIR} holding work-unit.json,
 * result-manifest.json and verification-result.json (bench/record-binding.sh makes them and runs this).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
public class RecordBinding {
    @Param({"WorkUnit", "ResultManifest", "VerificationResult"})
    public String document;

    private JsonNode tree;
    private MethodHandle handReader;
    private ObjectReader databindReader;

    @Setup(Level.Trial)
    public void load() throws Throwable {
        Class<?> model = Class.forName("dev.patchverdict.record." + document);
        String file = document.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT) + ".json";
        tree = StrictJson.withDefaults().read(Path.of(System.getProperty("bench.record.dir"), file));
        // The package's own reader (static T read(FieldReader)), called as the package calls it.
        handReader = MethodHandles.privateLookupIn(model, MethodHandles.lookup())
                .findStatic(model, "read", MethodType.methodType(model, FieldReader.class))
                .asType(MethodType.methodType(Object.class, FieldReader.class));
        databindReader = RecordDatabind.readerFor(model);
        // Both bindings must make the same model, or the figures compare different work.
        Object hand = hand();
        Object databind = databind();
        if (!hand.equals(databind)) {
            throw new IllegalStateException("the bindings differ:\n" + hand + "\n" + databind);
        }
    }

    @Benchmark
    public Object hand() throws Throwable {
        return (Object) handReader.invokeExact(FieldReader.root(tree));
    }

    @Benchmark
    public Object databind() {
        return RecordDatabind.bind(databindReader, tree);
    }
}
