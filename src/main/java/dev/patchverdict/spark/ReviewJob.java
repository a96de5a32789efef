// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.cli.CliException;
import dev.patchverdict.cli.ReviewOptions;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.ReviewRenderers;
import dev.patchverdict.report.ReviewSummary;
import dev.patchverdict.review.Entry;
import dev.patchverdict.review.Inputs;
import dev.patchverdict.review.PlanCheck;
import dev.patchverdict.review.Reviewer;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * {@code review} on Spark: the same reader ({@link Inputs}) makes the entries, file by file, and the same
 * {@link Reviewer} decides each one, so a row here is the row {@code review --format jsonl} prints for that
 * prediction; the summary is the one it closes with, merged from the partitions' summaries. Rows are written as
 * JSON Lines (the command's lines, byte for byte) and as Parquet, partitioned by model, then
 * {@code summary.json}, last, so its presence says the output is whole.
 */
final class ReviewJob {
    static final String SUMMARY = "summary.json";
    static final String JSONL = "jsonl";
    static final String PARQUET = "parquet";

    /** What the job writes, and where. */
    record Output(String dir, boolean jsonl, boolean parquet, boolean force) {}

    /** The columns of a row: the fields of {@code review --format jsonl}, in its order. */
    static final StructType ROW;

    static {
        StructType diagnostic = new StructType().add("code", DataTypes.StringType).add("severity", DataTypes.StringType)
                .add("line", DataTypes.LongType).add("message", DataTypes.StringType);
        StructType trick = new StructType().add("rule", DataTypes.StringType).add("severity", DataTypes.StringType)
                .add("path", DataTypes.StringType).add("line", DataTypes.LongType).add("message", DataTypes.StringType);
        ArrayType strings = DataTypes.createArrayType(DataTypes.StringType);
        ROW = new StructType().add("type", DataTypes.StringType).add("index", DataTypes.LongType)
                .add("name", DataTypes.StringType).add("model", DataTypes.StringType).add("source", DataTypes.StringType)
                .add("pointer", DataTypes.StringType).add("source_line", DataTypes.LongType)
                .add("status", DataTypes.StringType).add("passed", DataTypes.BooleanType)
                .add("sha256", DataTypes.StringType).add("bytes", DataTypes.LongType).add("files", strings)
                .add("added", DataTypes.LongType).add("removed", DataTypes.LongType)
                .add("diagnostics", DataTypes.createArrayType(diagnostic)).add("tricks", DataTypes.createArrayType(trick))
                .add("plan", new StructType().add("id", DataTypes.StringType).add("version", DataTypes.StringType)
                        .add("met", DataTypes.BooleanType).add("reasons", strings))
                .add("repair", new StructType().add("repairs", strings).add("outcome", DataTypes.StringType)
                        .add("remaining", strings).add("notes", strings))
                .add("ms", DataTypes.DoubleType).add("error", DataTypes.StringType);
    }

    private ReviewJob() {}

    /** One prediction between reading and review: its file's place in the input order, and the entry. */
    record Prediction(int file, long local, Entry.Kind kind, String name, String model, String source, String pointer,
            long line, String text, String error) implements Serializable {
        static Prediction of(int file, long local, Entry e) {
            return new Prediction(file, local, e.kind(), e.name(), e.model(), e.source(), e.pointer(), e.sourceLine(),
                    e.text(), e.error());
        }

        Entry entry() {
            return new Entry(local, kind, name, model, source, pointer, line, null, text, error);
        }
    }

    /** Spreads predictions evenly over the review's partitions, the same way on every attempt. */
    static final class Spread extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int n;

        Spread(int n) {
            this.n = n;
        }

        @Override
        public int numPartitions() {
            return n;
        }

        @Override
        public int getPartition(Object key) {
            return (int) Math.floorMod((Long) key, (long) n);
        }
    }

    /**
     * Reviews the inputs into {@code output} and returns the summary. {@code partitions}: how many tasks review
     * (0: twice the cluster's default parallelism, and the input files' own partitions when there are more of them).
     */
    static ReviewSummary run(SparkSession spark, ReviewOptions options, List<String> inputs, Output output, int partitions) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Storage.Settings settings = Storage.Settings.of(spark);
        List<InputFiles.File> files = InputFiles.expand(inputs, conf);
        Path out = Storage.path(output.dir());
        FileSystem outFs = Storage.fileSystem(out, conf);
        Outputs.prepare(outFs, out, output.force(), files.stream().map(InputFiles.File::uri).toList());
        byte[] plan = options.plan() == null ? null : Outputs.planBytes(options.plan(), conf);
        Inputs.Fields fields = options.fields();

        JavaRDD<Prediction> predictions = read(spark, jsc, files, settings, fields);
        int parallelism = jsc.defaultParallelism();
        int target = partitions > 0 ? partitions : 2 * parallelism;
        if (partitions > 0 || predictions.getNumPartitions() < parallelism) {
            predictions = predictions.mapToPair(p -> new Tuple2<>(p.local() + p.file(), p)).partitionBy(new Spread(target)).values();
        }
        JavaPairRDD<Integer, ReviewEntry> reviewed = predictions.mapPartitionsToPair(it -> {
            PlanCheck check = plan == null ? null : ReviewOptions.planOf(plan);
            // Durations only, as review measures them: the one field that differs between runs.
            Reviewer reviewer = options.reviewer(check, System::nanoTime);
            List<Tuple2<Integer, ReviewEntry>> done = new ArrayList<>();
            it.forEachRemaining(p -> done.add(new Tuple2<>(p.file(), reviewer.review(p.entry()))));
            return done.iterator();
        }).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            Map<Integer, Long> counts = reviewed.keys().countByValue();
            long[] offsets = new long[files.size()];
            long sum = 0;
            for (InputFiles.File f : files) {
                offsets[f.ordinal()] = sum;
                sum += counts.getOrDefault(f.ordinal(), 0L);
            }
            Broadcast<long[]> start = jsc.broadcast(offsets);
            JavaRDD<ReviewEntry> rows = reviewed.map(t -> t._2().withIndex(start.value()[t._1()] + t._2().index()));
            write(spark, rows, output);
            ReviewSummary summary = new ReviewSummary();
            rows.mapPartitions(it -> {
                ReviewSummary part = new ReviewSummary();
                it.forEachRemaining(part::add);
                return List.of(part).iterator();
            }).collect().forEach(summary::merge);
            Storage.writeAtomically(outFs, new Path(out, SUMMARY), ReviewRenderers.summaryLine(summary) + "\n");
            return summary;
        } catch (IOException e) {
            throw CliException.undecided(output.dir(), IoMessages.describe(e));
        } finally {
            reviewed.unpersist(false);
        }
    }

    /** The rows as the command's JSON lines and as Parquet read from those very lines, each model in a folder of its own. */
    private static void write(SparkSession spark, JavaRDD<ReviewEntry> rows, Output output) {
        StructType lineSchema = new StructType().add("model", DataTypes.StringType).add("index", DataTypes.LongType)
                .add("value", DataTypes.StringType);
        // Rendered again for each format: cheaper than Spark's cache of the lines. In each partition, in input order.
        Dataset<Row> lines = spark.createDataFrame(rows.map(e -> RowFactory.create(e.model(), e.index(), ReviewRenderers.line(e))),
                lineSchema).sortWithinPartitions("model", "index");
        SaveMode mode = output.force() ? SaveMode.Overwrite : SaveMode.ErrorIfExists;
        if (output.jsonl()) {
            lines.select("model", "value").write().mode(mode).partitionBy("model").text(new Path(output.dir(), JSONL).toString());
        }
        if (output.parquet()) {
            spark.read().schema(ROW).option("mode", "FAILFAST").json(lines.select("value").as(Encoders.STRING()))
                    .sortWithinPartitions("model", "index").write().mode(mode).partitionBy("model")
                    .parquet(new Path(output.dir(), PARQUET).toString());
        }
    }

    /** Every input's predictions, each file read by one task in input order (Parquet by Spark's own reader). */
    private static JavaRDD<Prediction> read(SparkSession spark, JavaSparkContext jsc, List<InputFiles.File> files,
            Storage.Settings settings, Inputs.Fields fields) {
        List<InputFiles.File> text = files.stream().filter(f -> f.kind() != InputFiles.Kind.PARQUET).toList();
        List<InputFiles.File> tables = files.stream().filter(f -> f.kind() == InputFiles.Kind.PARQUET).toList();
        List<List<InputFiles.File>> bins = bins(text, jsc.defaultParallelism());
        JavaRDD<Prediction> all = jsc.parallelize(bins, Math.max(1, bins.size()))
                .flatMap(bin -> new Chain(bin, settings, fields));
        if (!tables.isEmpty()) {
            all = all.union(parquet(spark, tables, fields));
        }
        return all;
    }

    /** Text files in input order, in bins of about equal bytes, at least two per core; a large file is a bin of its own. */
    static List<List<InputFiles.File>> bins(List<InputFiles.File> files, int parallelism) {
        long total = files.stream().mapToLong(InputFiles.File::bytes).sum();
        long target = Math.max(1, total / Math.max(1, 2L * parallelism));
        List<List<InputFiles.File>> bins = new ArrayList<>();
        List<InputFiles.File> bin = new ArrayList<>();
        long size = 0;
        for (InputFiles.File f : files) {
            bin.add(f);
            size += f.bytes();
            if (size >= target) {
                bins.add(bin);
                bin = new ArrayList<>();
                size = 0;
            }
        }
        if (!bin.isEmpty()) {
            bins.add(bin);
        }
        return bins;
    }

    /** The predictions of a bin's files, one file open at a time, each read by review's own reader. */
    static final class Chain implements Iterator<Prediction> {
        private final Iterator<InputFiles.File> files;
        private final Configuration conf;
        private final CompressionCodecFactory codecs;
        private final Inputs.Fields fields;
        private InputFiles.File file;
        private Iterator<Entry> current = Collections.emptyIterator();
        private Inputs open;
        private Storage.Watched stream;

        Chain(List<InputFiles.File> bin, Storage.Settings settings, Inputs.Fields fields) {
            this.files = bin.iterator();
            this.conf = settings.configuration();
            this.codecs = new CompressionCodecFactory(conf);
            this.fields = fields;
            TaskContext task = TaskContext.get();
            if (task != null) {
                task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) t -> close());
            }
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext()) {
                check();
                close();
                if (!files.hasNext()) {
                    return false;
                }
                open(files.next());
            }
            return true;
        }

        @Override
        public Prediction next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Entry e = current.next();
            check();
            return Prediction.of(file.ordinal(), e.index(), e);
        }

        private void check() {
            if (stream != null) {
                stream.check(file.name());
            }
        }

        private void open(InputFiles.File f) {
            file = f;
            stream = null;
            if (f.kind() == InputFiles.Kind.MISSING) {
                // As review names an input that is not there.
                current = List.of(new Entry(0, Entry.Kind.UNREADABLE, f.name(), null, f.name(), null, 0, null, null,
                        "no such file")).iterator();
                return;
            }
            Path p = new Path(URI.create(f.uri()));
            try {
                InputStream in = Storage.fileSystem(p, conf).open(p);
                CompressionCodec codec = codecs.getCodec(p);
                stream = new Storage.Watched(codec == null ? in : codec.createInputStream(in));
                open = Inputs.file(f.name(), stream, f.kind() == InputFiles.Kind.JSON_LINES, fields);
                current = open;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + f.name() + ": " + e.getMessage(), e);
            }
        }

        private void close() {
            if (open != null) {
                open.close();
                open = null;
            }
        }
    }

    /** The rows of Parquet tables as predictions: each row read as review reads a JSON Lines line of the same fields. */
    private static JavaRDD<Prediction> parquet(SparkSession spark, List<InputFiles.File> tables, Inputs.Fields fields) {
        Dataset<Row> df = spark.read().option("mergeSchema", "true")
                .parquet(tables.stream().map(InputFiles.File::uri).toArray(String[]::new));
        List<Column> cols = new ArrayList<>(List.of(functions.col("_metadata.file_path"), functions.col("_metadata.row_index")));
        for (String name : new java.util.LinkedHashSet<>(List.of(fields.patch(), fields.id(), fields.model()))) {
            for (StructField f : df.schema().fields()) {
                if (f.name().equals(name)) {
                    cols.add(functions.col("`" + name.replace("`", "``") + "`"));
                }
            }
        }
        Map<String, InputFiles.File> byUri = new HashMap<>();
        tables.forEach(t -> byUri.put(Storage.key(URI.create(t.uri())), t));
        return df.select(cols.toArray(Column[]::new)).javaRDD().map(row -> {
            InputFiles.File f = byUri.get(Storage.key(uri(row.getString(0))));
            if (f == null) {
                throw new IllegalStateException("a row of " + row.getString(0) + ", which is not an input");
            }
            long at = row.getLong(1);
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            StructType schema = row.schema();
            for (int i = 2; i < row.length(); i++) {
                node.set(schema.fields()[i].name(), node(row.get(i), schema.fields()[i].dataType()));
            }
            return Prediction.of(f.ordinal(), at, Inputs.prediction(f.name(), node, at + 1, fields));
        });
    }

    private static URI uri(String s) {
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            return new Path(s).toUri();
        }
    }

    /** A table's value as the JSON value a predictions line would hold: text, number, boolean, null, or a container. */
    static JsonNode node(Object v, DataType t) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (v == null) {
            return f.nullNode();
        }
        if (t instanceof StringType) {
            return f.textNode((String) v);
        }
        if (t instanceof BooleanType) {
            return f.booleanNode((Boolean) v);
        }
        if (t instanceof FloatType || t instanceof DoubleType) {
            return f.numberNode(((Number) v).doubleValue());
        }
        if (t instanceof DecimalType) {
            return f.numberNode((BigDecimal) v);
        }
        if (v instanceof Number n) {
            return f.numberNode(n.longValue());
        }
        if (t instanceof BinaryType) {
            return f.binaryNode((byte[]) v);
        }
        if (t instanceof ArrayType) {
            return f.arrayNode();
        }
        if (t instanceof StructType || t instanceof MapType) {
            return f.objectNode();
        }
        return f.textNode(String.valueOf(v)); // dates and times: JSON has them as text
    }
}
