// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

class DiffCommandTest {
    private static final Path FIXTURES = Path.of(System.getProperty("user.dir"), "verification", "fixtures", "diff");


    static CliRun run(byte[] stdin, String... args) {
        return CliRun.in(java.nio.file.Path.of(""), java.time.Clock.systemUTC(), stdin, args);
    }

    static CliRun run(String... args) {
        return run(new byte[0], args);
    }

    static String fixture(String name) {
        return FIXTURES.resolve(name + ".patch").toString();
    }

    @Test
    void textFormatPrintsOneFileLineCodeMessagePerDiagnostic() {
        CliRun r = run("diff", "check", fixture("plus-line-past-count"), fixture("ok-modify"));
        assertEquals(ExitCode.FAILED, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(1, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith(fixture("plus-line-past-count") + ":10: HUNK_OVERRUN "), lines.get(0));
        assertTrue(lines.get(0).contains("\"+evil()\""), "the offending line is quoted: " + lines.get(0));
    }

    @Test
    void acceptedInputsExitZeroAndPrintNothing() {
        CliRun r = run("diff", "check", fixture("ok-modify"), fixture("ok-rename-with-changes"));
        assertEquals(ExitCode.PASSED, r.code(), r.out() + r.err());
        assertEquals("", r.out());
    }

    @Test
    void gitProfileAcceptsWhatGitAccepts() {
        assertEquals(ExitCode.FAILED, run("diff", "check", fixture("trailing-explanation")).code());
        assertEquals(ExitCode.PASSED, run("diff", "check", "--profile", "git", fixture("trailing-explanation")).code());
    }

    @Test
    void allowTurnsNamedPolicyFindingsIntoWarnings() {
        CliRun strict = run("diff", "check", fixture("executable-bit-change"));
        assertEquals(ExitCode.FAILED, strict.code());
        CliRun allowed = run("diff", "check", "--allow", "symlink,mode", fixture("executable-bit-change"));
        assertEquals(ExitCode.PASSED, allowed.code(), allowed.out());
        assertTrue(allowed.out().contains("EXECUTABLE_BIT warning: "), allowed.out());
        CliRun other = run("diff", "check", "--allow", "binary", fixture("executable-bit-change"));
        assertEquals(ExitCode.FAILED, other.code());
    }

    @Test
    void allowRefusesUnknownNamesAndNonPolicyRules() {
        assertEquals(ExitCode.USAGE, run("diff", "check", "--allow", "garbage", fixture("ok-modify")).code());
        assertEquals(ExitCode.USAGE, run("diff", "check", "--allow", "LEADING_GARBAGE", fixture("ok-modify")).code());
        assertEquals(ExitCode.USAGE, run("diff", "check", "--profile", "lenient", fixture("ok-modify")).code());
    }

    @Test
    void unreadableFileExitsTwoAfterCheckingTheOthers(@TempDir Path dir) {
        CliRun r = run("diff", "check", "--format", "jsonl", dir.resolve("missing.patch").toString(), fixture("trailing-explanation"));
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("missing.patch: no such file"), r.err());
        assertEquals(1, r.out().lines().count(), "the readable file is still reported");
        assertEquals(ExitCode.UNDECIDED, run("diff", "check", dir.toString()).code(), "a directory is not readable as a diff");
    }

    @Test
    void stdinIsReadForDash() throws IOException {
        byte[] patch = Files.readAllBytes(Path.of(fixture("ok-modify")));
        CliRun r = run(patch, "diff", "check", "--format", "jsonl", "-");
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals("-", o.get("file").asText());
        assertEquals("1\t1\tsrc/app.py\n", o.get("numstat").asText());
    }

    @Test
    void jsonlObjectCarriesSectionsAndDiagnostics() throws IOException {
        CliRun r = run("diff", "check", "--format", "jsonl", fixture("symlink-then-path-below"));
        assertEquals(ExitCode.FAILED, r.code());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(false, o.get("accepted").asBoolean());
        assertEquals("1\t0\td\n1\t0\td/x\n", o.get("numstat").asText());
        assertEquals(" create mode 120000 d\n create mode 100644 d/x\n", o.get("summary").asText());
        assertEquals(2, o.get("files").size());
        assertEquals(dev.patchverdict.digest.Digests.file(java.nio.file.Path.of(fixture("symlink-then-path-below"))).toString(),
                o.get("sha256").asText());
        assertEquals("120000", o.get("files").get(0).get("new_mode").asText());
        assertEquals("add", o.get("files").get(1).get("kind").asText());
        List<String> codes = new ArrayList<>();
        o.get("diagnostics").forEach(d -> codes.add(d.get("code").asText() + "@" + d.get("line").asLong()));
        assertEquals(List.of("SYMLINK@1", "PATH_BELOW_SYMLINK@9"), codes);
        for (String key : List.of("code", "severity", "line", "offset", "message")) {
            assertTrue(o.get("diagnostics").get(0).has(key), key);
        }
    }

    @Test
    void jsonFormatIsOneArray() throws IOException {
        CliRun r = run("diff", "check", "--format", "json", fixture("ok-modify"), fixture("ok-new-file"));
        JsonNode a = new ObjectMapper().readTree(r.out());
        assertTrue(a.isArray());
        assertEquals(2, a.size());
    }

    @Test
    void numstatPrintsOnlyGitsNumstat() {
        CliRun r = run("diff", "numstat", "--profile", "git", fixture("rename-only-then-modify"));
        assertEquals(ExitCode.PASSED, r.code(), r.err());
        assertEquals("0\t0\tnew/path.txt\n1\t1\tsrc/other.py\n", r.out());
        CliRun rejected = run("diff", "numstat", "--profile", "git", fixture("hunk-short-of-count"));
        assertEquals(ExitCode.FAILED, rejected.code());
        assertEquals("", rejected.out());
        assertTrue(rejected.err().contains("HUNK_TRUNCATED"), rejected.err());
    }

    /** The whole corpus in one process, as a caller checking many files would run it. */
    @Test
    @Tag(TestGroups.SHARED_CORPUS)
    void wholeCorpusInOneRunMatchesGit() throws IOException {
        Path corpus = dev.patchverdict.SharedData.corpus();
        List<Path> diffs;
        try (Stream<Path> s = Files.walk(corpus)) {
            diffs = s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        List<String> args = new ArrayList<>(List.of("diff", "check", "--profile", "git", "--format", "jsonl"));
        diffs.forEach(p -> args.add(p.toString()));
        CliRun r = run(args.toArray(String[]::new));
        List<String> lines = r.out().lines().toList();
        assertEquals(diffs.size(), lines.size());
        ObjectMapper m = new ObjectMapper();
        List<String> wrong = new ArrayList<>();
        boolean anyRejected = false;
        for (int i = 0; i < diffs.size(); i++) {
            Path p = diffs.get(i);
            JsonNode o = m.readTree(lines.get(i));
            int rc = Integer.parseInt(Files.readString(p.resolveSibling(p.getFileName() + ".rc")).trim());
            anyRejected |= rc != 0;
            String numstat = new String(Files.readAllBytes(p.resolveSibling(p.getFileName() + ".numstat")), StandardCharsets.UTF_8);
            String summary = new String(Files.readAllBytes(p.resolveSibling(p.getFileName() + ".summary")), StandardCharsets.UTF_8);
            if (o.get("accepted").asBoolean() != (rc == 0) || !o.get("numstat").asText().equals(numstat)
                    || !o.get("summary").asText().equals(summary) || !o.get("file").asText().equals(p.toString())) {
                wrong.add(p.toString());
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(anyRejected ? ExitCode.FAILED : ExitCode.PASSED, r.code());
    }
}
