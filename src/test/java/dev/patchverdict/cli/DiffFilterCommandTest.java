// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.patchverdict.digest.Digests;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DiffFilterCommandTest {
    private static final String SRC = "diff --git a/src/a.py b/src/a.py\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-1\n+2\n";
    private static final String TEST = "diff --git a/tests/test_a.py b/tests/test_a.py\n--- a/tests/test_a.py\n"
            + "+++ b/tests/test_a.py\n@@ -1 +1 @@\n-assert f() == 1\n+assert True\n";
    private static final String RENAME = "diff --git a/tests/t.py b/src/t.py\nsimilarity index 90%\n"
            + "rename from tests/t.py\nrename to src/t.py\n--- a/tests/t.py\n+++ b/src/t.py\n@@ -1 +1 @@\n-a\n+b\n";
    private static final String PATCH = TEST + SRC + RENAME;

    @TempDir
    Path dir;

    private CliRun run(String stdin, String... args) {
        return CliRun.in(dir, Clock.systemUTC(), stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    private Path write(String name, String content) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void withoutOutputThePatchGoesToStandardOutputAndTheRemovedSectionsToStandardError() throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", "--preset", "swebench-tests", "in.patch");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertEquals(SRC, r.out());
        assertEquals(List.of(
                "removed tests/test_a.py (line 1): matches preset swebench-tests 'tests/'",
                "removed tests/t.py => src/t.py (rename) (line 13): old name tests/t.py matches preset swebench-tests 'tests/'",
                "kept 1 of 3 sections, " + SRC.length() + " of " + PATCH.length() + " bytes"), r.err().lines().toList());
    }

    @Test
    void aDashReadsStandardInput() {
        CliRun r = run(PATCH, "diff", "filter", "--exclude", "src/", "-");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertEquals(TEST, r.out());
        assertTrue(r.err().contains("new name src/t.py matches --exclude 'src/'"), r.err());
    }

    @Test
    void jsonListsKeptAndRemovedSectionsWithPathsReasonsAndDigests() throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", "--exclude", "tests/", "--include", "src/", "--format", "json",
                "in.patch", "-o", "out.patch");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertEquals("", r.err());
        byte[] written = Files.readAllBytes(dir.resolve("out.patch"));
        assertEquals(SRC, new String(written, StandardCharsets.UTF_8));
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("in.patch", j.get("input").asText());
        assertEquals(Digests.bytes(PATCH.getBytes(StandardCharsets.UTF_8)).toString(), j.get("input_sha256").asText());
        assertEquals("out.patch", j.get("output").asText());
        assertEquals(Digests.bytes(written).toString(), j.get("output_sha256").asText());
        assertEquals(written.length, j.get("output_bytes").asLong());
        assertEquals(1, j.get("kept").size());
        JsonNode kept = j.get("kept").get(0);
        assertEquals("src/a.py", kept.get("path").asText());
        assertEquals("1\t1\tsrc/a.py", kept.get("numstat").asText());
        assertEquals(TEST.length(), kept.get("start").asLong());
        assertEquals(TEST.length() + SRC.length(), kept.get("end").asLong());
        assertFalse(kept.has("reasons"));
        JsonNode rename = j.get("removed").get(1);
        assertEquals("rename", rename.get("kind").asText());
        assertEquals("tests/t.py", rename.get("old_path").asText());
        assertEquals("src/t.py", rename.get("new_path").asText());
        JsonNode reason = rename.get("reasons").get(0);
        assertEquals("excluded", reason.get("cause").asText());
        assertEquals("old", reason.get("side").asText());
        assertEquals("tests/", reason.get("glob").asText());
        assertEquals("--exclude", reason.get("origin").asText());
        assertEquals(1, rename.get("reasons").size(), "the new side is included and not excluded");
        assertEquals(1, j.get("removed").get(0).get("reasons").size(), "an excluded path is not also reported as not included");
    }

    @Test
    void jsonNeedsAnOutputFile() throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", "--format", "json", "in.patch");
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().contains("needs -o"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--exclude=", "--exclude=!tests/", "--include=#x", "--exclude=[abc", "--preset=swebench",
        "--format=yaml"})
    void badGlobsPresetsAndFormatsAreUsageErrorsNamingTheOption(String option) throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", option, "in.patch", "-o", "out.patch");
        assertEquals(ExitCode.USAGE, r.code(), r.err());
        assertTrue(r.err().contains(option.substring(0, option.indexOf('='))), r.err());
        assertFalse(Files.exists(dir.resolve("out.patch")));
    }

    @Test
    void anUnreadableInputIsExitTwoNamingIt() throws Exception {
        CliRun missing = run("", "diff", "filter", "nope.patch", "-o", "out.patch");
        assertEquals(ExitCode.UNDECIDED, missing.code());
        assertEquals("patchverdict: nope.patch: no such file\n", missing.err());
        Files.createDirectory(dir.resolve("folder"));
        CliRun folder = run("", "diff", "filter", "folder");
        assertEquals(ExitCode.UNDECIDED, folder.code());
        assertTrue(folder.err().contains("folder: is a directory"), folder.err());
        assertFalse(Files.exists(dir.resolve("out.patch")));
    }

    @Test
    void aPatchGitWouldRefuseIsExitTwoNamingTheLineAndNothingIsWritten() throws Exception {
        write("bad.patch", SRC + "diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1,3 +1 @@\n-x\n");
        CliRun r = run("", "diff", "filter", "--exclude", "b.py", "bad.patch", "-o", "out.patch");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().startsWith("patchverdict: bad.patch:12: HUNK_TRUNCATED "), r.err());
        assertTrue(r.err().contains("git apply would not read this patch; nothing written"), r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(dir.resolve("out.patch")));
        CliRun prose = run("hello\n", "diff", "filter", "-");
        assertEquals(ExitCode.UNDECIDED, prose.code());
        assertTrue(prose.err().contains("NO_VALID_PATCHES"), prose.err());
        assertEquals("", prose.out());
    }

    @Test
    void theOutputIsNeverTheInputAndReplacingAFileNeedsForce() throws Exception {
        Path in = write("in.patch", PATCH);
        CliRun same = run("", "diff", "filter", "--preset", "swebench-tests", "in.patch", "-o", "in.patch");
        assertEquals(ExitCode.UNDECIDED, same.code());
        assertTrue(same.err().contains("in.patch: is also the command's input"), same.err());
        CliRun sameForced = run("", "diff", "filter", "--force", "--preset", "swebench-tests", "in.patch", "-o", "./in.patch");
        assertEquals(ExitCode.UNDECIDED, sameForced.code());
        assertEquals(PATCH, Files.readString(in));

        Path out = write("out.patch", "old\n");
        CliRun exists = run("", "diff", "filter", "--preset", "swebench-tests", "in.patch", "-o", "out.patch");
        assertEquals(ExitCode.UNDECIDED, exists.code());
        assertTrue(exists.err().contains("out.patch: exists; use --force to replace it"), exists.err());
        assertEquals("old\n", Files.readString(out));
        CliRun forced = run("", "diff", "filter", "--force", "--preset", "swebench-tests", "in.patch", "-o", "out.patch");
        assertEquals(ExitCode.PASSED, forced.code(), forced.err());
        assertEquals(SRC, Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("in.patch", "out.patch"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file is left beside the output");
        }
    }

    @Test
    void anOutputFolderThatDoesNotExistIsExitTwo() throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", "in.patch", "-o", "no/such/out.patch");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("does not exist"), r.err());
    }

    @Test
    void hostileNamesAreEscapedInTheReport() throws Exception {
        String evil = "diff --git \"a/tests/\\033[2Jx.py\" \"b/tests/\\033[2Jx.py\"\n--- \"a/tests/\\033[2Jx.py\"\n"
                + "+++ \"b/tests/\\033[2Jx.py\"\n@@ -1 +1 @@\n-a\n+b\n";
        write("in.patch", evil + SRC);
        CliRun r = run("", "diff", "filter", "--preset", "swebench-tests", "in.patch");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertFalse(r.err().contains("\033"), "no escape byte reaches the terminal");
        assertTrue(r.err().contains("removed tests/\\x1b[2Jx.py (line 1)"), r.err());
    }

    @Test
    void theReadersLimitsApplyAndAPatchPastThemIsExitTwo() throws Exception {
        write("in.patch", PATCH);
        CliRun r = run("", "diff", "filter", "--max-sections", "2", "--preset", "swebench-tests", "in.patch", "-o", "out.patch");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("TOO_MANY_SECTIONS"), r.err());
        assertFalse(Files.exists(dir.resolve("out.patch")));
        CliRun bad = run("", "diff", "filter", "--max-line-bytes", "1", "in.patch");
        assertEquals(ExitCode.USAGE, bad.code(), bad.err());
    }
}
