// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * review reads a predictions file by what it holds, whatever its name: JSON Lines, an array, an object keyed by
 * instance id, or one prediction, compact or indented; a malformed prediction is an invalid row naming where it
 * is, and a file of any size is read in the memory of one prediction.
 */
class PredictionShapesTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @TempDir
    Path dir;

    private static ObjectNode pred(String id, String patch) {
        ObjectNode o = M.createObjectNode();
        o.put("model_name_or_path", "m");
        o.put("instance_id", id);
        if (patch == null) {
            o.putNull("model_patch");
        } else {
            o.put("model_patch", patch);
        }
        return o;
    }

    private static List<ObjectNode> preds() {
        return List.of(pred("a-1", ReviewCommandTest.GOOD), pred("b-2", null), pred("c-3", "not a diff\n"));
    }

    /** name, status and pointer of every row but the summary. */
    private List<String> rows(String file) throws IOException {
        CliRun r = CliRun.in(dir, "review", "--format", "jsonl", "--jobs", "1", file);
        List<String> out = new ArrayList<>();
        for (JsonNode n : ReviewCommandTest.jsonl(r.out())) {
            if (!n.path("type").asText().equals("summary")) {
                out.add(n.path("name").asText() + " " + n.path("status").asText() + " " + n.path("pointer").asText()
                        + (n.path("status").asText().equals("invalid") ? " line " + n.path("source_line").asLong() + ": "
                                + n.path("error").asText() : ""));
            }
        }
        return out;
    }

    @Test
    void everyShapeCompactOrIndentedGivesTheSameRows() throws Exception {
        ArrayNode array = M.createArrayNode();
        ObjectNode keyed = M.createObjectNode();
        StringBuilder lines = new StringBuilder();
        for (ObjectNode p : preds()) {
            array.add(p);
            keyed.set(p.path("instance_id").asText(), p);
            lines.append(M.writeValueAsString(p)).append('\n');
        }
        Files.writeString(dir.resolve("lines.jsonl"), lines);
        Files.writeString(dir.resolve("lines.json"), lines);
        for (String name : List.of("array", "keyed")) {
            JsonNode doc = name.equals("array") ? array : keyed;
            Files.writeString(dir.resolve(name + "-compact.json"), M.writeValueAsString(doc));
            Files.writeString(dir.resolve(name + "-indented.json"), PRETTY.writeValueAsString(doc) + "\n");
            // A compact document is one line, however it is named.
            Files.writeString(dir.resolve(name + "-compact.jsonl"), M.writeValueAsString(doc) + "\n");
        }
        List<String> line = List.of("a-1 accepted /model_patch", "b-2 empty /model_patch", "c-3 rejected /model_patch");
        assertEquals(line, rows("lines.jsonl"));
        assertEquals(line, rows("lines.json"));
        List<String> arrayRows = List.of("a-1 accepted /0/model_patch", "b-2 empty /1/model_patch", "c-3 rejected /2/model_patch");
        List<String> keyedRows = List.of("a-1 accepted /a-1/model_patch", "b-2 empty /b-2/model_patch", "c-3 rejected /c-3/model_patch");
        for (String suffix : List.of("-compact.json", "-indented.json", "-compact.jsonl")) {
            assertEquals(arrayRows, rows("array" + suffix), suffix);
            assertEquals(keyedRows, rows("keyed" + suffix), suffix);
        }
        Files.writeString(dir.resolve("one-compact.json"), M.writeValueAsString(preds().get(0)));
        Files.writeString(dir.resolve("one-indented.json"), PRETTY.writeValueAsString(preds().get(0)));
        assertEquals(List.of("a-1 accepted /model_patch"), rows("one-compact.json"));
        assertEquals(List.of("a-1 accepted /model_patch"), rows("one-indented.json"));
    }

    @Test
    void jsonLinesAreJsonLinesWhateverTheirFirstFieldOrFirstLine() throws Exception {
        ObjectNode extra = M.createObjectNode().put("repo", "x/y");
        extra.setAll(pred("a-1", ReviewCommandTest.GOOD));
        Files.writeString(dir.resolve("p.json"), M.writeValueAsString(extra) + "\n" + M.writeValueAsString(pred("b-2", null)) + "\n");
        assertEquals(List.of("a-1 accepted /model_patch", "b-2 empty /model_patch"), rows("p.json"));
        Files.writeString(dir.resolve("q.json"), "{\"instance_id\": \"a-1\", oops\n" + M.writeValueAsString(pred("b-2", null)) + "\n");
        List<String> q = rows("q.json");
        assertEquals(2, q.size(), q.toString());
        assertTrue(q.get(0).startsWith("q.json:1 invalid  line 1: not a JSON object"), q.toString());
        assertEquals("b-2 empty /model_patch", q.get(1));
        // Too deep to read: that line is invalid, and the next is read.
        Files.writeString(dir.resolve("s.jsonl"), "{\"instance_id\": \"a-1\", \"x\": " + "[".repeat(5000) + "\n"
                + M.writeValueAsString(pred("b-2", null)) + "\n");
        List<String> deep = rows("s.jsonl");
        assertTrue(deep.get(0).startsWith("s.jsonl:1 invalid  line 1: not a JSON object: Document nesting depth"), deep.toString());
        assertEquals("b-2 empty /model_patch", deep.get(1), deep.toString());
        Files.writeString(dir.resolve("t.jsonl"), M.writeValueAsString(pred("a-1", null)) + " {}\n"
                + M.writeValueAsString(pred("b-2", null)) + "\n");
        // Two values on a line: the line is invalid, as any other line of JSON Lines would be.
        List<String> two = rows("t.jsonl");
        assertEquals(2, two.size(), two.toString());
        assertTrue(two.get(0).startsWith("t.jsonl:1 invalid  line 1: more than one JSON value on the line (column "), two.toString());
        assertEquals("b-2 empty /model_patch", two.get(1));
        // A .jsonl file whose first line is cut short: that line is invalid, and the next is read.
        Files.writeString(dir.resolve("u.jsonl"), "{\"instance_id\": \"a-1\",\n" + M.writeValueAsString(pred("b-2", null)) + "\n");
        List<String> cut = rows("u.jsonl");
        assertEquals(2, cut.size(), cut.toString());
        assertTrue(cut.get(0).startsWith("u.jsonl:1 invalid  line 1: not a JSON object: "), cut.toString());
        assertEquals("b-2 empty /model_patch", cut.get(1));
        // The same bytes named .json are a document broken on its second line.
        Files.copy(dir.resolve("u.jsonl"), dir.resolve("u.json"));
        List<String> doc = rows("u.json");
        assertEquals(1, doc.size(), doc.toString());
        assertTrue(doc.get(0).startsWith("u.json:2 invalid null line 2: not valid JSON, reading stops here: "), doc.toString());
        // An array is a document, whatever its file is named.
        Files.writeString(dir.resolve("r.jsonl"), "[1, 2]\n" + M.writeValueAsString(pred("b-2", null)) + "\n");
        assertEquals(List.of("r.jsonl:1 invalid /0 line 1: a prediction must be a JSON object, not a number",
                "r.jsonl:1 invalid /1 line 1: a prediction must be a JSON object, not a number",
                "r.jsonl:2 invalid null line 2: data after the end of the JSON document"), rows("r.jsonl"));
    }

    @Test
    void aFieldGivenTwiceOrTooManyFieldsMakeAPredictionInvalidAndAnIdGivenTwiceIsTwoRows() throws Exception {
        StringBuilder many = new StringBuilder("{\"instance_id\": \"c-3\", \"model_patch\": null");
        for (int i = 0; i < 1000; i++) {
            many.append(", \"f").append(i).append("\": 0");
        }
        many.append('}');
        String doc = "{\"a-1\": {\"instance_id\": \"a-1\", \"note\": 1, \"model_patch\": null, \"note\": 2},\n"
                + " \"b-2\": " + M.writeValueAsString(pred("b-2", null)) + ",\n \"b-2\": " + M.writeValueAsString(pred("b-2", null)) + "}";
        Files.writeString(dir.resolve("dup.json"), doc);
        List<String> rows = rows("dup.json");
        assertEquals(3, rows.size(), rows.toString());
        String dupRow = rows.get(0);
        assertTrue(dupRow.startsWith("dup.json:1 invalid /a-1 line 1: Duplicate field 'note' (line 1, column "), dupRow);
        int column = Integer.parseInt(dupRow.replaceAll(".*column (\\d+)\\)$", "$1"));
        int second = doc.lastIndexOf("\"note\"");
        assertEquals(second + 1, column, dupRow);
        assertEquals(List.of("b-2 empty /b-2/model_patch", "b-2 empty /b-2/model_patch"), rows.subList(1, 3));
        Files.writeString(dir.resolve("twice.json"), doc.substring(doc.indexOf('\n') + 2).replaceFirst("^", "{"));
        assertEquals(List.of("b-2 empty /b-2/model_patch", "b-2 empty /b-2/model_patch"), rows("twice.json"));
        Files.writeString(dir.resolve("many.jsonl"), many + "\n" + M.writeValueAsString(pred("d-4", null)) + "\n");
        List<String> m = rows("many.jsonl");
        assertTrue(m.get(0).startsWith("many.jsonl:1 invalid  line 1: not a JSON object: a prediction of more than 1000 fields"), m.toString());
        assertEquals("d-4 empty /model_patch", m.get(1));
    }

    /** A named pipe can be read once only: the file is read in one pass, whatever it turns out to be. */
    @Test
    void aPipeIsReadInOnePass() throws Exception {
        for (String content : List.of(M.writeValueAsString(pred("a-1", null)) + "\n" + M.writeValueAsString(pred("b-2", null)) + "\n",
                "{\"a-1\": " + M.writeValueAsString(pred("a-1", null)) + ", \"b-2\": " + M.writeValueAsString(pred("b-2", null)) + "}")) {
            Path fifo = dir.resolve("preds.json");
            Files.deleteIfExists(fifo);
            Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assertTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
            Thread writer = new Thread(() -> {
                try (OutputStream out = Files.newOutputStream(fifo)) {
                    out.write(content.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            writer.setDaemon(true);
            writer.start();
            List<String> rows = rows("preds.json");
            assertEquals(2, rows.size(), rows.toString());
            assertTrue(rows.get(0).startsWith("a-1 empty") && rows.get(1).startsWith("b-2 empty"), rows.toString());
            writer.join(10_000);
        }
    }

    @Test
    void malformedEntriesOfACompactObjectNameTheirKeyAndWhereReadingStopped() throws Exception {
        String doc = "{\"a-1\": " + M.writeValueAsString(pred("a-1", ReviewCommandTest.GOOD)) + ", \"b-2\": 42, \"c-3\": {\"instance_id\": \"c-3\"},"
                + " \"d-4\": {\"model_patch\": oops}}";
        Files.writeString(dir.resolve("p.json"), doc);
        List<String> rows = rows("p.json");
        assertEquals(4, rows.size(), rows.toString());
        assertEquals("a-1 accepted /a-1/model_patch", rows.get(0));
        assertEquals("p.json:1 invalid /b-2 line 1: a prediction must be a JSON object, not a number", rows.get(1));
        assertEquals("c-3 invalid /c-3 line 1: the prediction has no \"model_patch\" field", rows.get(2));
        assertTrue(rows.get(3).startsWith("p.json:1 invalid /d-4 line 1: not valid JSON, reading stops here (in /d-4): "), rows.get(3));
        java.util.regex.Matcher column = java.util.regex.Pattern.compile("\\(line 1, column (\\d+)\\)$").matcher(rows.get(3));
        assertTrue(column.find(), rows.get(3));
        int c = Integer.parseInt(column.group(1));
        assertTrue(c > doc.indexOf("oops") && c <= doc.indexOf("oops") + "oops".length() + 1, rows.get(3));
    }

    /**
     * A compact object of predictions much larger than the heap, as {@code json.dump} writes one, reviewed by a
     * JVM of {@code -Xmx32m}: it could not hold the file (or its one line), so it ends normally only by reading one
     * prediction at a time.
     */
    @Test
    void aCompactObjectLargerThanTheHeapIsReviewedInBoundedMemory() throws Exception {
        Path big = dir.resolve("preds.json");
        String filler = "x".repeat(2000);
        int n = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(big), 1 << 16)) {
            out.write('{');
            while (Files.size(big) < 48_000_000L || n == 0) {
                ObjectNode p = pred("task-" + n, ReviewCommandTest.GOOD).put("problem_statement", filler);
                out.write(((n == 0 ? "" : ",") + M.writeValueAsString("task-" + n) + ":" + M.writeValueAsString(p))
                        .getBytes(StandardCharsets.UTF_8));
                n++;
                if (n % 1000 == 0) {
                    out.flush();
                }
            }
            out.write('}');
        }
        assertTrue(Files.size(big) > 48_000_000L);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xmx32m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "review", "--format", "jsonl", "--jobs", "1",
                big.toString()).redirectOutput(dir.resolve("out.jsonl").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the review did not end");
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(0, p.exitValue(), err);
        JsonNode summary;
        try (var lines = Files.lines(dir.resolve("out.jsonl"))) {
            summary = M.readTree(lines.reduce((a, b) -> b).orElseThrow());
        }
        assertEquals("summary", summary.path("type").asText());
        assertEquals(n, summary.path("patches").asInt());
        assertEquals(n, summary.path("passed").asInt());
    }
}
