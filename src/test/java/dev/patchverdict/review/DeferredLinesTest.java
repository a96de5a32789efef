// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.patchverdict.TestGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines lines handed on undecoded ({@link Inputs#deferLines()}) resolve, on any thread, to exactly the entries the
 * reader yields when it decodes them itself: every kind of line a predictions file can hold.
 */
class DeferredLinesTest {
    @TempDir
    Path dir;

    /** One line of each kind the reader tells apart, with blank lines between. */
    static final String LINES = String.join("\n",
            "{\"instance_id\": \"a\", \"model_name_or_path\": \"m\", \"model_patch\": \"diff --git a/x b/x\\n\"}",
            "",
            "{\"instance_id\": 7, \"model_patch\": null}",
            "   ",
            "{\"instance_id\": \"b\"}",
            "{\"instance_id\": \"c\", \"model_patch\": 3}",
            "{\"instance_id\": \"d\", \"model_patch\": \"\\ud800 lone\"}",
            "{\"instance_id\": \"e\", \"model_patch\": \"x\", \"model_patch\": \"y\"}",
            "{\"instance_id\": \"f\", \"model_patch\": \"x\"} {}",
            "{\"instance_id\": \"g\", \"model_patch\": \"x\"",
            "[1, 2]",
            "not json at all",
            "{\"instance_id\": \"h\", \"extra\": {\"deep\": [1, {\"x\": 2}]}, \"model_patch\": \"caf\u00e9 \\u00e9\\t\"}",
            "");

    private List<Entry> read(Path file, boolean defer) {
        Inputs in = new Inputs(List.of(file.getFileName().toString()), dir::resolve, Inputs.Fields.SWE_BENCH);
        if (defer) {
            in.deferLines();
        }
        List<Entry> out = new ArrayList<>();
        in.forEachRemaining(out::add);
        in.close();
        return out;
    }

    private void sameEntries(Path file) {
        List<Entry> plain = read(file, false);
        List<Entry> deferred = read(file, true);
        assertEquals(plain.size(), deferred.size(), file.toString());
        List<Entry> resolved = deferred.parallelStream().map(Entry::resolved).toList();
        assertEquals(plain, resolved);
    }

    @Test
    void everyKindOfLineResolvesToTheEntryTheReaderMakes() throws IOException {
        Path f = Files.writeString(dir.resolve("preds.jsonl"), LINES, StandardCharsets.UTF_8);
        List<Entry> deferred = read(f, true);
        // The first line decides what the file is; once it is JSON Lines, every line is read again and handed on.
        assertEquals(List.of(Entry.Kind.LINE), deferred.stream().map(Entry::kind).distinct().toList());
        List<Entry.Kind> kinds = deferred.stream().map(Entry::resolved).map(Entry::kind).distinct().toList();
        assertEquals(List.of(Entry.Kind.TEXT, Entry.Kind.NULL_PATCH, Entry.Kind.MALFORMED), kinds);
        sameEntries(f);
    }

    @Test
    void aFileWhoseFirstLineIsBrokenIsReadFromTheStartAsLinesAlike() throws IOException {
        sameEntries(Files.writeString(dir.resolve("broken.jsonl"), "{\"model_patch\": \n" + LINES, StandardCharsets.UTF_8));
    }

    @Test
    void aLineEntryResolvesWithItsOwnIndex() throws IOException {
        Path f = Files.writeString(dir.resolve("preds.jsonl"), LINES, StandardCharsets.UTF_8);
        List<Entry> deferred = read(f, true);
        for (Entry e : deferred) {
            assertEquals(e.index(), e.resolved().index());
            assertNotEquals(Entry.Kind.LINE, e.resolved().kind());
        }
    }

    @Test
    void aLineEntryCarriesItsLineAndNoOtherEntryDoes() {
        assertThrows(IllegalArgumentException.class, () -> new Entry(0, Entry.Kind.LINE, "n", null, "s", "", 1, null, null, null));
        assertThrows(IllegalArgumentException.class, () -> new Entry(0, Entry.Kind.TEXT, "n", null, "s", "", 1, null, "x", null,
                new Entry.Line(new byte[0], Inputs.Fields.SWE_BENCH)));
    }

    @Test
    @Tag(TestGroups.SHARED_CORPUS)
    void theCorpusAgentPatchesAsPredictionsResolveAlike() throws IOException {
        Path corpus = TestGroups.sharedRoot().resolve("corpus");
        StringBuilder sb = new StringBuilder();
        for (String group : List.of("agent_sweagent_gpt4_t0", "agent_deepagents_minimax_m25")) {
            try (Stream<Path> files = Files.list(corpus.resolve(group))) {
                for (Path p : files.filter(p -> p.toString().endsWith(".patch")).sorted().toList()) {
                    byte[] b = Files.readAllBytes(p);
                    String text = new String(b, StandardCharsets.UTF_8);
                    sb.append("{\"instance_id\": ").append(json(p.getFileName().toString())).append(", \"model_name_or_path\": ")
                            .append(json(group)).append(", \"model_patch\": ").append(json(text)).append("}\n");
                }
            }
        }
        sameEntries(Files.writeString(dir.resolve("corpus.jsonl"), sb, StandardCharsets.UTF_8));
    }

    private static String json(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
