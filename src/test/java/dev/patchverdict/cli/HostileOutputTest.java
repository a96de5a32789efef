// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.digest.Digests;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes a worker controls (a quoted path in the patch, a locator, an instance id, a model name, a command-line
 * operand) reach no human-facing output raw: text reports, error messages, workflow commands and step summaries
 * show them escaped, and a NUL is a clear exit-2 message, never an internal error.
 */
class HostileOutputTest {
    private static final String TERMINAL = "\u001b[2J\u001b]0;PWNED\u0007";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURES = Path.of("verification/fixtures/patch-transition").toAbsolutePath();

    @TempDir
    Path tmp;

    /** No C0 control but the line feed, no DEL, no bidi override: nothing a terminal or a log viewer acts on. */
    private static void assertInert(String shown) {
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            boolean control = c < 0x20 && c != '\n' || c == 0x7f || c >= 0x80 && c < 0xa0 || c >= 0x202a && c <= 0x202e
                    || c >= 0x2066 && c <= 0x2069;
            assertFalse(control, "raw U+" + Integer.toHexString(c) + " at " + i + " in: " + shown);
        }
    }

    private static CliRun run(Path cwd, Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(), env, cwd, false);
        int code = Main.run(ctx, args);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A candidate like the fixtures' correct one, with this patch and, when given, this artifact locator. */
    private Path candidate(String patch, String locator) throws IOException {
        Path root = tmp.resolve("candidate");
        Files.createDirectories(root);
        Files.copy(FIXTURES.resolve("candidates/correct/stdout.txt"), root.resolve("stdout.txt"));
        Files.copy(FIXTURES.resolve("candidates/correct/stderr.txt"), root.resolve("stderr.txt"));
        byte[] bytes = patch.getBytes(StandardCharsets.UTF_8);
        Files.write(root.resolve("changes.patch"), bytes);
        ObjectNode m = (ObjectNode) JSON.readTree(FIXTURES.resolve("candidates/correct.result-manifest.json").toFile());
        ObjectNode a = (ObjectNode) m.path("produced_artifacts").get(0);
        a.put("digest", Digests.bytes(bytes).toString());
        if (locator != null) {
            a.put("locator", locator);
        }
        Path manifest = tmp.resolve("manifest.json");
        JSON.writeValue(manifest.toFile(), m);
        return manifest;
    }

    private String[] verify(Path manifest, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("verify", "--work-unit",
                FIXTURES.resolve("work-unit.json").toString(), "--result-manifest", manifest.toString(), "--candidate-root",
                tmp.resolve("candidate").toString(), "--evaluator-plan", FIXTURES.resolve("plan-v0.4.json").toString()));
        args.addAll(java.util.List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void aQuotedPathThatClearsTheScreenIsShownEscapedInTheTextReport() throws IOException {
        String name = "\"b/README\\033[2J\\033]0;PWNED\\007.md\"";
        String patch = "diff --git " + name.replace("b/", "a/") + " " + name + "\nnew file mode 100644\n--- /dev/null\n+++ " + name
                + "\n@@ -0,0 +1 @@\n+safe_call(args.value)\n";
        CliRun r = run(tmp, Map.of(), verify(candidate(patch, null), "--format", "text"));
        assertTrue(r.out().contains("\\x1b[2J\\x1b]0;PWNED\\x07"), r.out());
        assertInert(r.out());
        assertInert(r.err());
    }

    @Test
    void aLocatorWithANulIsAnUnsafeLocatorNotAnInternalError() throws IOException {
        CliRun r = run(tmp, Map.of(), verify(candidate("x", "changes\u0000" + TERMINAL + ".patch")));
        assertEquals(2, r.code(), r.err() + r.out());
        assertEquals("patchverdict: unsafe candidate locator: 'changes\\x00\\x1b[2J\\x1b]0;PWNED\\x07.patch'\n", r.err());
        assertEquals("", r.out());
        assertFalse(r.err().contains("internal error"), r.err());
        assertInert(r.err());
    }

    @Test
    void anOperandWithControlsOrANulIsNamedEscaped() {
        CliRun missing = run(tmp, Map.of(), "digest", "missing" + TERMINAL + ".json");
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("missing\\x1b[2J"), missing.err());
        assertInert(missing.err());
        CliRun nul = run(tmp, Map.of(), "digest", "a\u0000b" + TERMINAL);
        assertEquals(2, nul.code(), nul.err());
        assertFalse(nul.err().contains("internal error"), nul.err());
        assertTrue(nul.err().contains("a\\x00b"), nul.err());
        assertInert(nul.err());
    }

    @Test
    void workflowCommandsAndTheStepSummaryShowNoRawControlOrMarkdown() throws IOException {
        String patch = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n";
        ObjectNode p = JSON.createObjectNode();
        p.put("instance_id", "id\u001b[2J\u0000\u202eevil");
        p.put("model_name_or_path", "[click](https://example.invalid)<img src=x>|`x`");
        p.putNull("model_patch");
        ObjectNode good = JSON.createObjectNode();
        good.put("instance_id", "ok");
        good.put("model_name_or_path", "m");
        good.put("model_patch", patch);
        Files.writeString(tmp.resolve("preds.jsonl"), JSON.writeValueAsString(p) + "\n" + JSON.writeValueAsString(good) + "\n");
        Path summary = tmp.resolve("summary.md");
        CliRun r = run(tmp, Map.of("GITHUB_STEP_SUMMARY", summary.toString()), "review", "--format", "github", "preds.jsonl");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("id\\x1b[2J\\x00\\u{202E}evil"), r.out());
        assertInert(r.out());
        String md = Files.readString(summary);
        assertInert(md);
        assertFalse(java.util.regex.Pattern.compile("(?<!\\\\)[<\\[`]").matcher(md).find(), md);
        assertTrue(md.contains("\\[click\\]\\(https\\://example.invalid\\)\\<img src=x\\>\\|\\`x\\`"), md);
    }
}
