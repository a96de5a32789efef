// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command reads and writes the files it is given the same way, and words a failure the same way. */
class CommandFilesTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CliContext context(String stdin) {
        return new CliContext(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC(), Map.of(), dir, false);
    }

    @Test
    void aDashIsStandardInputAndAnyOtherNameAFileUnderTheWorkingDirectory() throws IOException {
        CliContext ctx = context("from stdin");
        assertNull(CommandFiles.input(ctx, "-"));
        assertEquals(dir.resolve("sub/a.patch"), CommandFiles.input(ctx, "sub/./a.patch"));
        assertArrayEquals("from stdin".getBytes(StandardCharsets.UTF_8), CommandFiles.readAllBytes(ctx, "-"));
        Files.writeString(dir.resolve("a.patch"), "from a file");
        assertArrayEquals("from a file".getBytes(StandardCharsets.UTF_8), CommandFiles.readAllBytes(ctx, "a.patch"));
    }

    @Test
    void aFolderIsRefusedByNameWhetherReadWholeOrOpened() throws IOException {
        Files.createDirectory(dir.resolve("folder"));
        CliException whole = assertThrows(CliException.class, () -> CommandFiles.readAllBytes(context(""), "folder"));
        assertEquals(ExitCode.UNDECIDED, whole.exitCode());
        assertEquals("folder: is a directory", whole.getMessage());
        IOException opened = assertThrows(IOException.class, () -> CommandFiles.open(dir.resolve("folder")));
        assertEquals("is a directory", opened.getMessage());
        assertThrows(NoSuchFileException.class, () -> CommandFiles.open(dir.resolve("missing")));
    }

    @Test
    void anUnreadableOptionFileIsExitTwoNamingItAsGiven() {
        CliException e = assertThrows(CliException.class, () -> CommandFiles.read(context(""), "no/such.pem"));
        assertEquals(ExitCode.UNDECIDED, e.exitCode());
        assertEquals("no/such.pem: no such file", e.getMessage());
    }

    @Test
    void aSkippedInputIsOneLineOnStandardError() {
        CommandFiles.printUnreadable(context(""), "x.patch", new NoSuchFileException("x.patch"));
        assertEquals("patchverdict: x.patch: no such file\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anOutputThatIsAnInputOrExistsIsRefusedNamingItAndAWriteFailureIsExitTwo() throws IOException {
        Path in = Files.writeString(dir.resolve("in.patch"), "in");
        CliException same = assertThrows(CliException.class,
                () -> CommandFiles.checkOutput("./in.patch", in, Map.of("IN", in), true));
        assertEquals(ExitCode.UNDECIDED, same.exitCode());
        assertEquals("./in.patch: is also the command's input (IN); write elsewhere", same.getMessage());
        CliException exists = assertThrows(CliException.class,
                () -> CommandFiles.checkOutput("in.patch", in, Map.of(), false));
        assertEquals("in.patch: exists; use --force to replace it", exists.getMessage());

        CommandFiles.write("out.patch", dir.resolve("out.patch"), "out".getBytes(StandardCharsets.UTF_8));
        assertEquals("out", Files.readString(dir.resolve("out.patch")));
        CliException missing = assertThrows(CliException.class,
                () -> CommandFiles.write("no/out.patch", dir.resolve("no/out.patch"), new byte[0]));
        assertEquals(ExitCode.UNDECIDED, missing.exitCode());
        assertFalse(Files.exists(dir.resolve("no")));
    }

    @org.junit.jupiter.api.Test
    void everyCommandThatReadsAnInputRefusesAFolderInTheSameWords() throws IOException {
        Files.createDirectories(dir.resolve("folder"));
        for (String[] args : new String[][] {{"digest", "folder"}, {"digest", "--raw", "folder"}, {"validate", "folder"},
                {"diff", "check", "folder"}, {"diff", "numstat", "folder"}, {"diff", "filter", "folder"}}) {
            CliRun r = CliRun.in(dir, args);
            assertEquals(ExitCode.UNDECIDED, r.code(), String.join(" ", args));
            assertEquals("patchverdict: folder: is a directory\n", r.err(), String.join(" ", args));
        }
        // Readers in the library that open a file by path meet the folder themselves; the words are the same.
        CliRun verify = CliRun.in(dir, "verify", "--work-unit", "folder", "--result-manifest", "folder",
                "--candidate-root", "folder", "--evaluator-plan", "folder");
        assertEquals(ExitCode.UNDECIDED, verify.code(), verify.err());
        assertTrue(verify.err().endsWith("folder: is a directory\n"), verify.err());
    }

    @org.junit.jupiter.api.Test
    void aFileAnOptionNamesIsNamedWhenItCannotBeRead() throws IOException {
        Files.createDirectories(dir.resolve("folder"));
        CliRun missing = CliRun.in(dir, "hackability", "--evaluator-plan", "plan.json", "--work-unit", "wu.json",
                "--candidate", "missing.patch");
        assertEquals(ExitCode.UNDECIDED, missing.code(), missing.err());
        assertEquals("patchverdict: missing.patch: no such file\n", missing.err());
        CliRun folder = CliRun.in(dir, "hackability", "--evaluator-plan", "plan.json", "--work-unit", "wu.json",
                "--candidate", "folder");
        assertEquals("patchverdict: folder: is a directory\n", folder.err());
    }

    @org.junit.jupiter.api.Test
    void planNewAndManifestNameAWorkUnitTheyCannotRead() throws IOException {
        Files.createDirectories(dir.resolve("folder"));
        for (String wu : new String[] {"folder", "missing.json"}) {
            CliRun r = CliRun.in(dir, "plan", "new", "--work-unit", wu, "--version", "0.4", "--added", "x", "--output", "o.json");
            assertEquals(ExitCode.UNDECIDED, r.code(), r.err());
            assertEquals("patchverdict: " + wu + ": " + (wu.equals("folder") ? "is a directory" : "no such file") + "\n", r.err());
        }
        assertFalse(Files.exists(dir.resolve("o.json")));
        CliRun manifest = CliRun.in(dir, "manifest", "--work-unit", "folder", "--candidate-root", ".", "--patch", "x.patch",
                "--worker-id", "w", "--worker-type", "human", "--worker-adapter", "a", "--status", "completed", "--output",
                "../m.json");
        assertEquals("patchverdict: folder: is a directory\n", manifest.err());
    }

    @org.junit.jupiter.api.Test
    void attestAndReviewRefuseAFolderForAnOptionFileInTheSameWords() throws IOException {
        Files.createDirectories(dir.resolve("folder"));
        Files.writeString(dir.resolve("result.json"), "{}");
        for (String[] args : new String[][] {{"attest", "--result", "folder", "--key", "k.pem"},
                {"attest", "--result", "result.json", "--key", "folder"},
                {"attest", "verify", "--envelope", "e.jsonl", "--key", "folder"}, {"review", "--plan", "folder", "x.patch"}}) {
            CliRun r = CliRun.in(dir, args);
            assertEquals(ExitCode.UNDECIDED, r.code(), String.join(" ", args));
            assertEquals("patchverdict: folder: is a directory\n", r.err(), String.join(" ", args));
        }
    }
}
