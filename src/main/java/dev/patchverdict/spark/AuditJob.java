// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.KeyException;
import dev.patchverdict.attest.VerifyingKey;
import dev.patchverdict.audit.AuditOutcome;
import dev.patchverdict.audit.Auditor;
import dev.patchverdict.audit.BundleLayout;
import dev.patchverdict.audit.SignaturePolicy;
import dev.patchverdict.audit.Verdict;
import dev.patchverdict.cli.CliException;
import dev.patchverdict.cli.Environments;
import dev.patchverdict.json.JsonInputException;
import dev.patchverdict.json.StrictJson;
import dev.patchverdict.report.AuditRenderers;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code audit} on Spark: each bundle is audited by the library's {@link Auditor}, where it lies on this machine's
 * file system, else after it is copied to local scratch space; a row is the line {@code audit --format jsonl}
 * prints for it. Rows go to JSON Lines and Parquet, the counts by verdict to {@code summary.json}, last.
 */
final class AuditJob {
    /** The columns of a row: the fields of {@code audit --format jsonl}, in its order. */
    static final StructType ROW = new StructType().add("bundle", DataTypes.StringType).add("verdict", DataTypes.StringType)
            .add("reasons", DataTypes.createArrayType(DataTypes.StringType))
            .add("advisories", DataTypes.createArrayType(DataTypes.StringType)).add("difference", DataTypes.StringType);

    /** One bundle: where it is, the folder given that holds it, and the name its row shows. */
    record Bundle(long index, String uri, String root, String name) implements Serializable {}

    private AuditJob() {}

    /** Audits every bundle below the folders into {@code output}; returns how many got each verdict. */
    static Map<Verdict, Long> run(SparkSession spark, List<String> folders, String key, boolean requireSignature, String root,
            ReviewJob.Output output) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Storage.Settings settings = Storage.Settings.of(spark);
        List<Bundle> bundles = bundles(folders, conf);
        if (bundles.isEmpty()) {
            throw CliException.undecided("audit", "no bundle (a folder with verification-result.json or bundle.json) under " + folders);
        }
        Path out = Storage.path(output.dir());
        FileSystem outFs = Storage.fileSystem(out, conf);
        Outputs.prepare(outFs, out, output.force(), bundles.stream().map(Bundle::root).distinct().toList());
        String scope = root == null ? null : scope(root, bundles, conf);
        String pem = key == null ? null : Outputs.keyText(key, conf);
        if (pem != null) {
            verifyingKey(pem, key);
        }
        int slices = Math.max(1, Math.min(bundles.size(), 2 * jsc.defaultParallelism()));
        JavaRDD<Row> rows = jsc.parallelize(bundles, slices).mapPartitions(it -> {
            SignaturePolicy policy = new SignaturePolicy(Optional.ofNullable(pem).map(p -> verifyingKey(p, key)), requireSignature);
            // Times a re-verification records are not compared (SPEC decision 6); the clock is read here, at the edge.
            Verifier verifier = new Verifier(Environments.of(Clock.systemUTC()));
            Function<Optional<java.nio.file.Path>, Auditor> auditors = within -> new Auditor(verifier, policy, within);
            Configuration c = settings.configuration();
            List<Row> done = new ArrayList<>();
            it.forEachRemaining(b -> {
                AuditOutcome o = audit(auditors, b, scope, root, c);
                done.add(RowFactory.create(b.index(), o.verdict().name(), PyJson.dumps(AuditRenderers.json(o.bundle(),
                        o.verdict().name(), o.reasons(), o.advisories(), o.difference()), false)));
            });
            return done.iterator();
        });
        Dataset<Row> lines = spark.createDataFrame(rows, new StructType().add("index", DataTypes.LongType)
                .add("verdict", DataTypes.StringType).add("value", DataTypes.StringType)).persist();
        try {
            SaveMode mode = output.force() ? SaveMode.Overwrite : SaveMode.ErrorIfExists;
            if (output.jsonl()) {
                lines.sortWithinPartitions("index").select("value").write().mode(mode)
                        .text(new Path(output.dir(), ReviewJob.JSONL).toString());
            }
            if (output.parquet()) {
                spark.read().schema(ROW).option("mode", "FAILFAST").json(lines.sortWithinPartitions("index").select("value")
                        .as(Encoders.STRING())).write().mode(mode).parquet(new Path(output.dir(), ReviewJob.PARQUET).toString());
            }
            Map<Verdict, Long> counts = new EnumMap<>(Verdict.class);
            for (Verdict v : Verdict.values()) {
                counts.put(v, 0L);
            }
            lines.groupBy("verdict").count().collectAsList().forEach(r -> counts.put(Verdict.valueOf(r.getString(0)), r.getLong(1)));
            Storage.writeAtomically(outFs, new Path(out, ReviewJob.SUMMARY), summary(counts) + "\n");
            return counts;
        } catch (IOException e) {
            throw CliException.undecided(output.dir(), IoMessages.describe(e));
        } finally {
            lines.unpersist();
        }
    }

    /** The counts as one JSON object: each verdict's count, then the total. */
    static String summary(Map<Verdict, Long> counts) {
        Map<String, Long> named = new LinkedHashMap<>();
        counts.forEach((v, n) -> named.put(v.name(), n));
        named.put("total", counts.values().stream().mapToLong(Long::longValue).sum());
        return PyJson.dumps(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(named), false);
    }

    private static VerifyingKey verifyingKey(String pem, String name) {
        try {
            return VerifyingKey.fromPem(pem);
        } catch (KeyException e) {
            throw CliException.undecided(name, e.getMessage());
        }
    }

    /** Every bundle folder below the folders, sorted by path, as {@code audit} finds them; named by the folder given. */
    static List<Bundle> bundles(List<String> folders, Configuration conf) {
        List<Bundle> out = new ArrayList<>();
        for (String folder : folders) {
            Path root = Storage.path(folder);
            FileSystem fs = Storage.fileSystem(root, conf);
            TreeSet<String> found = new TreeSet<>();
            String base;
            try {
                if (!fs.exists(root) || !fs.getFileStatus(root).isDirectory()) {
                    throw CliException.undecided("audit", folder + ": not a folder");
                }
                base = fs.makeQualified(root).toUri().getPath();
                RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
                while (it.hasNext()) {
                    LocatedFileStatus s = it.next();
                    String n = s.getPath().getName();
                    if (n.equals("verification-result.json") || n.equals(BundleLayout.MAP)) {
                        found.add(s.getPath().getParent().toUri().getPath());
                    }
                }
            } catch (IOException e) {
                throw CliException.undecided("audit", folder + ": " + IoMessages.describe(e));
            }
            Path qualifiedRoot = fs.makeQualified(root);
            String b = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
            for (String dir : found) {
                String rel = dir.length() > b.length() ? dir.substring(b.length() + 1) : "";
                Path bundle = rel.isEmpty() ? qualifiedRoot : new Path(qualifiedRoot, rel);
                String name = rel.isEmpty() ? folder : (folder.endsWith("/") ? folder : folder + "/") + rel;
                out.add(new Bundle(out.size(), bundle.toUri().toString(), qualifiedRoot.toUri().toString(), name));
            }
        }
        return out;
    }

    /**
     * {@code --root} qualified on the folders' file system; it must hold every bundle, so that a copy of it in
     * scratch space can stand for it.
     */
    static String scope(String root, List<Bundle> bundles, Configuration conf) {
        Path r = Storage.path(root);
        Path qualified = Storage.fileSystem(r, conf).makeQualified(r);
        String prefix = Storage.trimEnd(Storage.key(qualified.toUri())) + "/";
        for (Bundle b : bundles) {
            if (!(Storage.trimEnd(Storage.key(URI.create(b.uri()))) + "/").startsWith(prefix)) {
                throw CliException.usage("--root " + root + " does not hold " + b.name());
            }
        }
        return qualified.toUri().toString();
    }

    /**
     * One bundle's audit: in place on this machine's file system, else on a copy in local scratch space, whose
     * reasons then name the bundle (or {@code --root}) where it lies, not the copy.
     */
    static AuditOutcome audit(Function<Optional<java.nio.file.Path>, Auditor> auditors, Bundle b, String scope, String root,
            Configuration conf) {
        Path remote = new Path(URI.create(b.uri()));
        FileSystem fs = Storage.fileSystem(remote, conf);
        if (Storage.local(fs)) {
            Optional<java.nio.file.Path> within = Optional.ofNullable(scope)
                    .map(u -> java.nio.file.Path.of(new Path(URI.create(u)).toUri().getPath()));
            return auditors.apply(within).audit(java.nio.file.Path.of(remote.toUri().getPath()), b.name());
        }
        java.nio.file.Path scratch = null;
        try {
            scratch = Files.createTempDirectory("patchverdict-audit");
            java.nio.file.Path local = copy(fs, b, scope == null ? b.root() : scope, scratch);
            java.nio.file.Path base = scratch.resolve("root");
            AuditOutcome o = auditors.apply(scope == null ? Optional.empty() : Optional.of(base)).audit(local, b.name());
            String copy = (scope == null ? local : base).toString();
            String shown = scope == null ? b.name() : root;
            return new AuditOutcome(o.bundle(), o.verdict(), o.reasons().stream().map(r -> r.replace(copy, shown)).toList(),
                    o.advisories().stream().map(r -> r.replace(copy, shown)).toList(), o.difference());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + b.name() + " to local scratch space: " + e.getMessage(), e);
        } finally {
            delete(scratch);
        }
    }

    /**
     * Copies the bundle below {@code scratch} at its place under {@code base} (the folder given, or {@code --root}),
     * and the files its {@code bundle.json} names outside it that are still under {@code base}; one named outside
     * {@code base} is not copied, so the audit finds it missing.
     */
    static java.nio.file.Path copy(FileSystem fs, Bundle b, String base, java.nio.file.Path scratch) throws IOException {
        Path root = new Path(URI.create(base));
        String rootPath = Storage.trimEnd(root.toUri().getPath());
        String rel = Storage.trimStart(new Path(URI.create(b.uri())).toUri().getPath().substring(rootPath.length()));
        java.nio.file.Path localRoot = scratch.resolve("root");
        java.nio.file.Path local = rel.isEmpty() ? localRoot : localRoot.resolve(rel);
        Files.createDirectories(local.getParent());
        fs.copyToLocalFile(false, new Path(URI.create(b.uri())), new Path(local.toUri()), true);
        java.nio.file.Path map = local.resolve(BundleLayout.MAP);
        if (Files.isRegularFile(map)) {
            JsonNode named;
            try {
                named = StrictJson.withDefaults().read(map);
            } catch (JsonInputException e) {
                return local; // the auditor reads it again, and says what is wrong with it
            }
            for (Iterator<JsonNode> it = named.elements(); it.hasNext();) {
                JsonNode v = it.next();
                if (!v.isTextual()) {
                    continue;
                }
                java.nio.file.Path target = local.resolve(v.asText()).normalize();
                if (!target.startsWith(localRoot) || target.startsWith(local) || Files.exists(target)) {
                    continue;
                }
                Path source = new Path(root, localRoot.relativize(target).toString().replace(java.io.File.separatorChar, '/'));
                if (fs.exists(source)) {
                    Files.createDirectories(target.getParent());
                    fs.copyToLocalFile(false, source, new Path(target.toUri()), true);
                }
            }
        }
        return local;
    }

    private static void delete(java.nio.file.Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<java.nio.file.Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // scratch space the machine clears anyway
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // as above
        }
    }
}
