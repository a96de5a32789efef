// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import dev.patchverdict.cli.CliContext;
import dev.patchverdict.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both jobs in local mode, each against the command it stands for on the same input: the rows must be the
 * command's rows (the same JSON once in input order; {@code ms}, a measurement, aside) and the summaries equal.
 * One small session serves every test.
 */
@Tag("spark")
class SparkJobsTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final Path FIXTURES = ROOT.resolve("verification/fixtures");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        // local[2,4]: two cores, and a task may fail three times before the job does (Spark retries it).
        spark = SparkSession.builder().master("local[2,4]").appName("patchverdict-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.default.parallelism", "2").config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
                .config("spark.hadoop.fs." + OtherFileSystem.SCHEME + ".impl", OtherFileSystem.class.getName())
                .config("spark.hadoop.fs." + OtherFileSystem.SCHEME + ".impl.disable.cache", "true")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    record Run(int code, String out, String err) {}

    static Run cli(Path dir, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new CliContext(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(), Map.of(), dir, false), args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run job(Jobs.Job job, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Jobs.run("job", job, args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), spark);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    // --- predictions made from the project's own fixture patches ---

    static String pred(String id, String model, String patch) {
        ObjectNode o = JSON.createObjectNode();
        if (id != null) {
            o.put("instance_id", id);
        }
        o.put("model_name_or_path", model);
        o.put("model_patch", patch);
        return o.toString();
    }

    /** Every UTF-8 fixture patch (diff reader, trick detectors, plan candidates) as a prediction, in a sorted order. */
    static List<String> fixturePredictions() throws IOException {
        List<String> out = new ArrayList<>();
        String[][] groups = {{"diff", "diff-fixtures"}, {"tricks", "org/tricks v1"}, {"patch-transition", null}};
        for (String[] g : groups) {
            try (Stream<Path> walk = Files.walk(FIXTURES.resolve(g[0]))) {
                for (Path p : walk.filter(f -> f.toString().endsWith(".patch") || f.toString().endsWith(".diff")).sorted().toList()) {
                    String text;
                    try {
                        text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(p))).toString();
                    } catch (CharacterCodingException e) {
                        continue; // a JSON string holds text only
                    }
                    out.add(pred(g[0] + "/" + FIXTURES.resolve(g[0]).relativize(p), g[1], text));
                }
            }
        }
        return out;
    }

    /** What review must judge without failing: lines that are not predictions, as review's own tests list them. */
    static final List<String> MALFORMED = List.of("{not json", "", "{\"instance_id\": \"c-3\"}",
            "{\"instance_id\": \"d-4\", \"model_patch\": null}", "{\"instance_id\": \"e-5\", \"model_patch\": \"\"}",
            "{\"instance_id\": \"f-6\", \"model_patch\": 42}",
            "{\"instance_id\": \"g-7\", \"model_patch\": \"x\", \"model_patch\": \"y\"}", "[1, 2]",
            "{\"instance_id\": \"h-8\", \"model_patch\": \"\\ud800\"}", "{} {}");

    /** Predictions in every form review reads, and an input that is not there. */
    List<String> inputs() throws IOException {
        List<String> preds = fixturePredictions();
        Path lines = tmp.resolve("in/preds.jsonl");
        Files.createDirectories(lines.getParent());
        List<String> all = new ArrayList<>(preds.subList(0, preds.size() / 2));
        all.addAll(MALFORMED);
        Files.writeString(lines, String.join("\n", all) + "\n");
        List<String> rest = preds.subList(preds.size() / 2, preds.size());
        Path array = tmp.resolve("in/array.json");
        Files.writeString(array, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(
                JSON.readTree("[" + String.join(",", rest.subList(0, rest.size() / 2)) + "]")));
        ObjectNode keyed = JSON.createObjectNode();
        for (String p : rest.subList(rest.size() / 2, rest.size() - 1)) {
            JsonNode n = JSON.readTree(p);
            keyed.set(n.path("instance_id").asText(), n);
        }
        Path byId = tmp.resolve("in/keyed.json");
        Files.writeString(byId, keyed.toString());
        Path single = tmp.resolve("in/single.json");
        Files.writeString(single, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(rest.get(rest.size() - 1))));
        Path broken = tmp.resolve("in/broken.json");
        Files.writeString(broken, "[\n" + preds.get(0) + ",\n{\"instance_id\": \"x\", \"model_patch\": \n");
        return List.of(lines.toString(), array.toString(), byId.toString(), single.toString(), broken.toString(),
                tmp.resolve("in/absent.jsonl").toString());
    }

    /** A row with its measurement set aside. */
    static JsonNode row(String line) {
        try {
            ObjectNode o = (ObjectNode) JSON.readTree(line);
            if (o.has("ms")) {
                o.set("ms", IntNode.valueOf(0));
            }
            return o;
        } catch (IOException e) {
            throw new AssertionError(line, e);
        }
    }

    static List<JsonNode> byIndex(List<JsonNode> rows) {
        return rows.stream().sorted(Comparator.comparingLong(r -> r.path("index").asLong())).toList();
    }

    /** review --format jsonl's rows (in input order) and its summary line. */
    record Review(List<JsonNode> rows, ObjectNode summary) {}

    static Review cliReview(Path dir, List<String> args) {
        List<String> all = new ArrayList<>(List.of("review", "--format", "jsonl", "--jobs", "2"));
        all.addAll(args);
        Run r = cli(dir, all.toArray(String[]::new));
        assertTrue(r.code() <= 2, r.err());
        List<JsonNode> rows = new ArrayList<>();
        ObjectNode summary = null;
        for (String l : r.out().lines().toList()) {
            JsonNode n = row(l);
            if (n.path("type").asText().equals("summary")) {
                summary = (ObjectNode) n;
            } else {
                rows.add(n);
            }
        }
        return new Review(rows, summary);
    }

    /** Every line of the part files below a folder, with the folder (the partition) each came from. */
    static List<String[]> partLines(Path dir) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
                for (String l : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    out.add(new String[] {dir.relativize(p.getParent()).toString(), l});
                }
            }
        }
        return out;
    }

    Review jobReview(Path out, List<String> args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--output", out.toString()));
        all.addAll(args);
        Run r = job(new dev.patchverdict.spark.Review(), all.toArray(String[]::new));
        assertTrue(r.code() <= 2, r.err());
        List<JsonNode> rows = new ArrayList<>();
        for (String[] l : partLines(out.resolve("jsonl"))) {
            JsonNode n = row(l[1]);
            // Partitioned by model: each row sits in its model's folder.
            String model = n.path("model").isNull() ? "__HIVE_DEFAULT_PARTITION__" : n.path("model").asText();
            assertEquals("model=" + escaped(model), l[0], l[1]);
            rows.add(n);
        }
        return new Review(byIndex(rows), (ObjectNode) JSON.readTree(Files.readString(out.resolve("summary.json"))));
    }

    /** A partition value as Spark writes it in a folder name. */
    static String escaped(String v) {
        StringBuilder sb = new StringBuilder();
        for (char c : v.toCharArray()) {
            sb.append("\"#%'*/:=?\\\u007f{[]^".indexOf(c) >= 0 || c < ' ' ? String.format("%%%02X", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }

    /** The summaries are equal; which entries were slowest is a measurement, so it is only checked to name real rows. */
    static void sameSummary(Review cli, Review job) {
        ObjectNode a = cli.summary().deepCopy();
        ObjectNode b = job.summary().deepCopy();
        JsonNode slowest = b.remove("slowest");
        a.remove("slowest");
        assertEquals(a, b);
        List<String> names = job.rows().stream().map(r -> r.path("name").asText()).toList();
        slowest.forEach(s -> assertTrue(names.contains(s.path("name").asText()), s.toString()));
        assertEquals(Math.min(5, job.rows().size()), slowest.size());
    }

    @Test
    void theReviewJobsRowsAndSummaryAreReviewsOnEveryFormOfPredictions() throws IOException {
        List<String> inputs = inputs();
        Review expected = cliReview(tmp, inputs);
        Review actual = jobReview(tmp.resolve("out"), inputs);
        assertTrue(expected.rows().size() > 100, "the fixtures make over a hundred predictions");
        assertTrue(expected.rows().stream().anyMatch(r -> r.path("status").asText().equals("invalid")));
        assertTrue(expected.rows().stream().anyMatch(r -> r.path("status").asText().equals("unreadable")));
        assertTrue(expected.rows().stream().anyMatch(r -> r.path("repair").isObject()));
        assertEquals(expected.rows(), actual.rows());
        sameSummary(expected, actual);

        // The Parquet rows are the same rows, column for column.
        List<JsonNode> parquet = new ArrayList<>();
        for (String l : spark.read().parquet(tmp.resolve("out/parquet").toString()).toJSON().collectAsList()) {
            parquet.add(row(l));
        }
        assertEquals(expected.rows().stream().map(SparkJobsTest::withoutNulls).toList(),
                byIndex(parquet).stream().map(SparkJobsTest::withoutNulls).toList());
    }

    /** Spark's JSON leaves out null fields; so does this, for comparing. */
    static JsonNode withoutNulls(JsonNode n) {
        if (n.isObject()) {
            ObjectNode o = JSON.createObjectNode();
            n.fields().forEachRemaining(e -> {
                if (!e.getValue().isNull()) {
                    o.set(e.getKey(), withoutNulls(e.getValue()));
                }
            });
            return o;
        }
        return n;
    }

    @Test
    void reviewsOptionsMeanTheSameInTheJob() throws IOException {
        List<String> inputs = inputs();
        List<String> args = new ArrayList<>(List.of("--detect", "--plan", FIXTURES.resolve("patch-transition/plan-v0.5.json").toString(),
                "--profile", "git", "--allow", "crlf", "--max-sections", "50"));
        args.addAll(inputs);
        Review expected = sameAsTheCommand(args);
        assertTrue(expected.rows().stream().anyMatch(r -> r.has("tricks")), "--detect finds tricks in the fixtures");
        assertTrue(expected.rows().stream().anyMatch(r -> r.path("plan").path("met").asBoolean()));
    }

    /** The job's rows and summary on these arguments are review's; returns review's. */
    Review sameAsTheCommand(List<String> args) throws IOException {
        Review expected = cliReview(tmp, args);
        Review actual = jobReview(tmp.resolve("out"), args);
        assertEquals(expected.rows(), actual.rows());
        sameSummary(expected, actual);
        return expected;
    }

    @Test
    void aParquetTableIsReadAsTheSameJsonLinesWouldBe() throws IOException {
        List<String> preds = fixturePredictions().subList(0, 40);
        List<Row> rows = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < preds.size(); i++) {
            JsonNode p = JSON.readTree(preds.get(i));
            String patch = i == 3 ? null : p.path("model_patch").asText();
            String model = i % 7 == 0 ? null : p.path("model_name_or_path").asText(null);
            rows.add(RowFactory.create(p.path("instance_id").asText(), model, patch));
            ObjectNode o = JSON.createObjectNode().put("instance_id", p.path("instance_id").asText()).put("model_name_or_path", model)
                    .put("model_patch", patch);
            lines.add(o.toString());
        }
        StructType schema = new StructType().add("instance_id", DataTypes.StringType).add("model_name_or_path", DataTypes.StringType)
                .add("model_patch", DataTypes.StringType);
        Path table = tmp.resolve("table");
        spark.createDataFrame(rows, schema).coalesce(1).write().parquet(table.toString());
        Path jsonl = tmp.resolve("same.jsonl");
        Files.writeString(jsonl, String.join("\n", lines) + "\n");

        Review expected = cliReview(tmp, List.of(jsonl.toString()));
        Review actual = jobReview(tmp.resolve("out"), List.of(table.toString()));
        assertEquals(expected.rows().size(), actual.rows().size());
        for (int i = 0; i < expected.rows().size(); i++) {
            ObjectNode a = (ObjectNode) expected.rows().get(i).deepCopy();
            ObjectNode b = (ObjectNode) actual.rows().get(i).deepCopy();
            assertTrue(b.path("source").asText().startsWith(table + "/part-"), b.toString());
            a.remove("source");
            b.remove("source");
            assertEquals(a, b);
        }
        sameSummary(expected, actual);

        // A patch column that is not text makes each row INVALID, never a failed job.
        Path binary = tmp.resolve("binary");
        spark.createDataFrame(List.of(RowFactory.create("b-1", new byte[] {1, 2})), new StructType()
                .add("instance_id", DataTypes.StringType).add("model_patch", DataTypes.BinaryType)).write().parquet(binary.toString());
        Review invalid = jobReview(tmp.resolve("out2"), List.of(binary.toString()));
        assertEquals("invalid", invalid.rows().get(0).path("status").asText());
        assertEquals("\"model_patch\" is binary, not text", invalid.rows().get(0).path("error").asText());
    }

    @Test
    void aTaskWhoseReadsFailIsRetriedAndGivesTheSameRows() throws IOException {
        List<String> inputs = inputs().subList(0, 3);
        Review expected = cliReview(tmp, inputs);
        List<String> remote = new ArrayList<>(inputs.stream().map(i -> OtherFileSystem.SCHEME + "://" + i).toList());
        remote.add(0, "--partitions");
        remote.add(1, "3");
        java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
        org.apache.spark.scheduler.SparkListener count = new org.apache.spark.scheduler.SparkListener() {
            @Override
            public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
                if (end.reason() instanceof org.apache.spark.ExceptionFailure f && f.description().contains("first attempt")) {
                    failed.incrementAndGet();
                }
            }
        };
        spark.sparkContext().addSparkListener(count);
        spark.sparkContext().hadoopConfiguration().setBoolean(OtherFileSystem.FAIL_FIRST, true);
        Review actual;
        try {
            actual = jobReview(tmp.resolve("out"), remote);
        } finally {
            spark.sparkContext().hadoopConfiguration().unset(OtherFileSystem.FAIL_FIRST);
            spark.sparkContext().removeSparkListener(count);
        }
        // Listeners hear of tasks a moment after the job ends.
        for (int i = 0; i < 200 && failed.get() == 0; i++) {
            sleep(50);
        }
        assertTrue(failed.get() > 0, "a first attempt failed and was retried");
        assertEquals(expected.rows().stream().map(SparkJobsTest::withoutSource).toList(),
                actual.rows().stream().map(SparkJobsTest::withoutSource).toList());
        sameSummary(new Review(expected.rows(), expected.summary()), actual);
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static JsonNode withoutSource(JsonNode n) {
        ObjectNode o = n.deepCopy();
        o.remove(List.of("source", "name"));
        return o;
    }

    @Test
    void theSharedCorpusAgentPatchesGetTheCommandsRows() throws IOException {
        TestGroups.require(TestGroups.SHARED_CORPUS);
        List<String> lines = new ArrayList<>();
        for (String group : List.of("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25")) {
            try (Stream<Path> walk = Files.list(SharedData.corpus().resolve(group))) {
                for (Path p : walk.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) {
                    try {
                        lines.add(pred(p.getFileName().toString(), group,
                                StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(p))).toString()));
                    } catch (CharacterCodingException e) {
                        // not text
                    }
                }
            }
        }
        Path preds = tmp.resolve("agents.jsonl");
        Files.writeString(preds, String.join("\n", lines) + "\n");
        List<String> args = List.of("--detect", preds.toString());
        assertTrue(sameAsTheCommand(args).rows().size() > 500, "both agents' patches");
    }

    @Test
    void badArgumentsAndOutputsAreRefusedBeforeAnyWork() throws IOException {
        List<String> inputs = inputs().subList(0, 1);
        Run usage = job(new dev.patchverdict.spark.Review(), "--output", tmp.resolve("o").toString(), "--profile", "loose", inputs.get(0));
        assertEquals(64, usage.code(), usage.err());
        Files.createDirectories(tmp.resolve("exists"));
        Run exists = job(new dev.patchverdict.spark.Review(), "--output", tmp.resolve("exists").toString(), inputs.get(0));
        assertEquals(2, exists.code());
        assertTrue(exists.err().contains("already exists"), exists.err());
        Run inside = job(new dev.patchverdict.spark.Review(), "--force", "--output", tmp.resolve("in").toString(), inputs.get(0));
        assertEquals(2, inside.code());
        assertTrue(inside.err().contains("holds an input"), inside.err());
        assertTrue(Files.exists(Path.of(inputs.get(0))), "the input is left alone");
        Run patch = job(new dev.patchverdict.spark.Review(), "--output", tmp.resolve("o").toString(),
                FIXTURES.resolve("diff/absolute-path.patch").toString());
        assertEquals(2, patch.code());
        assertTrue(patch.err().contains("not a predictions file"), patch.err());
        Run plan = job(new dev.patchverdict.spark.Review(), "--output", tmp.resolve("o").toString(), "--plan",
                FIXTURES.resolve("patch-transition/plan-v0.2.json").toString(), inputs.get(0));
        assertEquals(2, plan.code(), plan.err());
        assertFalse(Files.exists(tmp.resolve("o")), "nothing was written");
    }

    // --- audit ---

    static String[] verify(String candidate, String version, Path bundle) {
        Path dir = FIXTURES.resolve("patch-transition");
        return new String[] {"verify", "--work-unit", dir.resolve("work-unit.json").toString(), "--result-manifest",
            dir.resolve("candidates/" + candidate + ".result-manifest.json").toString(), "--candidate-root",
            dir.resolve("candidates/" + candidate).toString(), "--evaluator-plan", dir.resolve("plan-v" + version + ".json").toString(),
            "--bundle", bundle.toString()};
    }

    /** Bundles verify --bundle writes, then one left alone, one tampered with, one diverged and one missing a file. */
    Path bundles() throws IOException {
        Path all = tmp.resolve("results");
        assertEquals(0, cli(ROOT, verify("correct", "0.4", all.resolve("a"))).code());
        assertEquals(1, cli(ROOT, verify("decoy", "0.5", all.resolve("nested/b"))).code());
        assertEquals(0, cli(ROOT, verify("correct", "0.5", all.resolve("c"))).code());
        assertEquals(0, cli(ROOT, verify("correct", "0.3", all.resolve("d"))).code());
        assertEquals(0, cli(ROOT, verify("correct", "0.4", all.resolve("e"))).code());
        Files.writeString(all.resolve("nested/b/candidate/stdout.txt"), "edited\n");
        Path result = all.resolve("c/verification-result.json");
        ObjectNode r = (ObjectNode) JSON.readTree(result.toFile());
        ((ObjectNode) r.get("metrics")).put("invented", 1);
        Files.writeString(result, JSON.writeValueAsString(r));
        Files.delete(all.resolve("d/work-unit.json"));
        // A bundle.json that names a file outside its folder.
        Files.move(all.resolve("e/work-unit.json"), all.resolve("wu.json"));
        Files.writeString(all.resolve("e/bundle.json"), "{\"work_unit\": \"../wu.json\"}");
        return all;
    }

    List<JsonNode> cliAudit(Path all, String... options) {
        // Run from elsewhere, the command names each bundle by its whole path, as the job names it by the folder given.
        List<String> args = new ArrayList<>(List.of("audit", "--format", "jsonl", "--jobs", "2"));
        args.addAll(List.of(options));
        args.add(all.toString());
        Run r = cli(ROOT, args.toArray(String[]::new));
        assertEquals(1, r.code(), r.err());
        return r.out().lines().map(SparkJobsTest::row).sorted(Comparator.comparing(n -> n.path("bundle").asText())).toList();
    }

    List<JsonNode> jobAudit(Path out, String root, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("--output", out.toString()));
        args.addAll(List.of(options));
        args.add(root);
        Run r = job(new dev.patchverdict.spark.Audit(), args.toArray(String[]::new));
        assertEquals(1, r.code(), r.err());
        List<JsonNode> rows = new ArrayList<>();
        for (String[] l : partLines(out.resolve("jsonl"))) {
            rows.add(row(l[1]));
        }
        JsonNode summary = JSON.readTree(Files.readString(out.resolve("summary.json")));
        assertEquals(rows.size(), summary.path("total").asInt());
        for (String v : List.of("REPRODUCED", "DIVERGED", "TAMPERED", "UNVERIFIABLE")) {
            assertEquals(rows.stream().filter(n -> n.path("verdict").asText().equals(v)).count(), summary.path(v).asLong(), v);
        }
        assertTrue(r.out().contains("| total | " + rows.size() + " |"), r.out());
        Comparator<JsonNode> byBundle = Comparator.comparing(n -> n.path("bundle").asText());
        rows.sort(byBundle);
        if (Files.isDirectory(out.resolve("parquet"))) {
            List<JsonNode> parquet = new ArrayList<>();
            spark.read().parquet(out.resolve("parquet").toString()).toJSON().collectAsList().forEach(l -> parquet.add(row(l)));
            parquet.sort(byBundle);
            assertEquals(rows.stream().map(SparkJobsTest::withoutNulls).toList(), parquet.stream().map(SparkJobsTest::withoutNulls).toList());
        }
        return rows;
    }

    @Test
    void theAuditJobsRowsAreAuditsOnBundlesVerifyWrote() throws IOException {
        Path all = bundles();
        List<JsonNode> expected = cliAudit(all);
        // a, c, d, e, nested/b; e names a file outside its folder, which is read only with --root
        assertEquals(List.of("REPRODUCED", "DIVERGED", "UNVERIFIABLE", "UNVERIFIABLE", "TAMPERED"),
                expected.stream().map(n -> n.path("verdict").asText()).toList());
        assertEquals("/metrics/invented", expected.get(1).path("difference").asText(), expected.get(1).toString());
        assertTrue(expected.get(3).path("reasons").toString().contains("leads outside the bundle's folder"), expected.get(3).toString());
        assertEquals(expected, jobAudit(tmp.resolve("out"), all.toString()));
        List<JsonNode> rooted = cliAudit(all, "--root", all.toString());
        assertEquals("REPRODUCED", rooted.get(3).path("verdict").asText(), rooted.get(3).toString());
        // (JSON Lines only from here: the Parquet rows are the same rows, as above)
        assertEquals(rooted, jobAudit(tmp.resolve("out-rooted"), all.toString(), "--format", "jsonl", "--root", all.toString()));

        // On a file system that is not this machine's, each bundle is audited on a copy in scratch space; its rows
        // name the bundle where it lies.
        String other = OtherFileSystem.SCHEME + "://";
        assertEquals(expected, local(jobAudit(tmp.resolve("out2"), other + all, "--format", "jsonl")));
        assertEquals(rooted, local(jobAudit(tmp.resolve("out2-rooted"), other + all, "--format", "jsonl", "--root", other + all)));

        Run outside = job(new dev.patchverdict.spark.Audit(), "--output", tmp.resolve("o").toString(), "--root",
                all.resolve("nested").toString(), all.toString());
        assertEquals(64, outside.code(), outside.err());
        assertTrue(outside.err().contains("does not hold"), outside.err());
    }

    /** Rows read from the other file system, with its scheme taken off wherever they name a path. */
    static List<JsonNode> local(List<JsonNode> rows) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : rows) {
            out.add(JSON.readTree(n.toString().replace(OtherFileSystem.SCHEME + "://", "")));
        }
        return out;
    }

    @Test
    void theSummariesMergeAsOneWhateverThePartitioning() throws IOException {
        List<String> inputs = inputs().subList(0, 2);
        Review one = jobReview(tmp.resolve("one"), concat(List.of("--partitions", "1"), inputs));
        Review seven = jobReview(tmp.resolve("seven"), concat(List.of("--partitions", "7"), inputs));
        assertEquals(one.rows(), seven.rows());
        ObjectNode a = one.summary().deepCopy();
        ObjectNode b = seven.summary().deepCopy();
        a.remove("slowest");
        b.remove("slowest");
        assertEquals(a, b);
        assertNotNull(one.summary().get("largest"));
        assertEquals(one.summary().get("largest"), seven.summary().get("largest"));
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

}
