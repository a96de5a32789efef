// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.SharedData;
import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bar: {@code review} over the corpus's agent groups (their folders, and a predictions file
 * built from them) in one process gives, for every patch, what {@code diff check} gives for that file alone,
 * and totals that add up to those per-file results.
 */
@Tag(TestGroups.SHARED_CORPUS)
class ReviewCorpusTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final List<String> GROUPS = List.of("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25");

    @Test
    void reviewOfTheAgentGroupsMatchesDiffCheckFileByFile(@TempDir Path tmp) throws IOException {
        Path corpus = SharedData.corpus();
        Map<String, JsonNode> expected = new TreeMap<>(); // group/stem -> diff check's jsonl object
        StringBuilder predictions = new StringBuilder();
        int notUtf8 = 0;
        for (String g : GROUPS) {
            List<Path> files;
            try (Stream<Path> s = Files.list(corpus.resolve(g))) {
                files = s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
            }
            assertTrue(files.size() > 100, g + " holds its patches");
            for (Path f : files) {
                CliRun check = CliRun.in(tmp, "diff", "check", "--format", "jsonl", f.toString());
                JsonNode j = M.readTree(check.out());
                String stem = f.getFileName().toString().replaceFirst("\\.patch$", "");
                expected.put(g + "/" + stem, j);
                String text;
                try {
                    text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(Files.readAllBytes(f))).toString();
                } catch (CharacterCodingException e) {
                    notUtf8++; // a JSON string cannot carry these bytes; the folder run still covers the file
                    continue;
                }
                ObjectNode p = M.createObjectNode();
                p.put("instance_id", stem);
                p.put("model_name_or_path", g);
                p.put("model_patch", text);
                predictions.append(M.writeValueAsString(p)).append('\n');
            }
        }
        Path preds = tmp.resolve("preds.jsonl");
        Files.writeString(preds, predictions);

        List<String> args = new ArrayList<>(List.of("review", "--format", "jsonl", "--jobs", "2"));
        GROUPS.forEach(g -> args.add(corpus.resolve(g).toString()));
        args.add(preds.toString());
        CliRun r = CliRun.in(tmp, args.toArray(String[]::new));
        assertEquals("", r.err());
        List<JsonNode> lines = new ArrayList<>();
        for (String l : r.out().lines().toList()) {
            lines.add(M.readTree(l));
        }
        JsonNode summary = lines.remove(lines.size() - 1);
        assertEquals("summary", summary.path("type").asText());
        int fromFolders = expected.size();
        int fromPredictions = fromFolders - notUtf8;
        assertEquals(fromFolders + fromPredictions, lines.size());
        assertTrue(notUtf8 < 10, "nearly every agent patch is UTF-8 and so goes into the predictions file: " + notUtf8);

        Map<String, Integer> rejectedByCode = new HashMap<>();
        int accepted = 0;
        long index = 0;
        for (JsonNode e : lines) {
            assertEquals(index++, e.path("index").asLong(), "entries come in input order");
            String key;
            if (e.path("pointer").isNull()) {
                Path file = Path.of(e.path("source").asText());
                key = file.getParent().getFileName() + "/" + file.getFileName().toString().replaceFirst("\\.patch$", "");
            } else {
                assertEquals(preds.toString(), e.path("source").asText());
                key = e.path("model").asText() + "/" + e.path("name").asText();
            }
            JsonNode d = expected.get(key);
            assertTrue(d != null, key);
            assertEquals(d.path("accepted").asBoolean(), e.path("status").asText().equals("accepted"), key);
            assertEquals(d.path("sha256").asText(), e.path("sha256").asText(), key);
            assertEquals(d.path("bytes").asLong(), e.path("bytes").asLong(), key);
            assertEquals(codes(d.path("diagnostics")), codes(e.path("diagnostics")), key);
            List<String> files = new ArrayList<>();
            long added = 0;
            long removed = 0;
            for (JsonNode f : d.path("files")) {
                files.add(f.path("path").asText());
                added += f.path("added").asLong();
                removed += f.path("removed").asLong();
            }
            assertEquals(files, M.convertValue(e.path("files"), List.class), key);
            assertEquals(added, e.path("added").asLong(), key);
            assertEquals(removed, e.path("removed").asLong(), key);
            if (d.path("accepted").asBoolean()) {
                accepted++;
            } else {
                List<String> seen = new ArrayList<>();
                for (JsonNode x : d.path("diagnostics")) {
                    if (x.path("severity").asText().equals("error") && !seen.contains(x.path("code").asText())) {
                        seen.add(x.path("code").asText());
                        rejectedByCode.merge(x.path("code").asText(), 1, Integer::sum);
                    }
                }
            }
        }
        assertEquals(lines.size(), summary.path("patches").asInt());
        assertEquals(accepted, summary.path("accepted").asInt());
        assertEquals(lines.size() - accepted, summary.path("rejected").asInt());
        assertEquals(new TreeMap<>(rejectedByCode), M.convertValue(summary.path("rejections_by_code"), TreeMap.class));
        // Every deepagents patch lost its final newline; the corpus says so and each is repairable.
        JsonNode deep = summary.path("by_model").path("agent_deepagents_minimax_m25");
        assertEquals(deep.path("patches").asInt(), deep.path("repairable").asInt(), deep.toString());
        assertTrue(deep.path("repairs").path("final-newline").asInt() > 400, deep.toString());
        assertEquals(ExitCode.FAILED, r.code());
    }

    private static List<String> codes(JsonNode diagnostics) {
        List<String> out = new ArrayList<>();
        diagnostics.forEach(d -> out.add(d.path("line").asLong() + ":" + d.path("code").asText() + ":" + d.path("severity").asText()
                + ":" + d.path("message").asText()));
        return out;
    }
}
