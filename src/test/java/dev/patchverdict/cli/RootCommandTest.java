// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/** Only the named subcommand is built; everything else (help, errors) still sees all of them; and the help page. */
class RootCommandTest {

    @Test
    void eachSubcommandNameIsTheNameItsCommandDeclares() {
        Set<String> names = new HashSet<>();
        for (RootCommand.Subcommand c : RootCommand.TABLE) {
            assertEquals(c.name(), c.type().get().getAnnotation(Command.class).name());
            assertTrue(names.add(c.name()), c.name() + " is in the table once");
        }
    }

    private static List<String> names(List<RootCommand.Subcommand> commands) {
        return commands.stream().map(RootCommand.Subcommand::name).toList();
    }

    @Test
    void aCommandLineBuildsOnlyTheSubcommandItNames() {
        assertEquals(List.of("diff"), names(RootCommand.subcommandsFor("diff", "check", "x.patch")));
        assertEquals(List.of("verify"), names(RootCommand.subcommandsFor("--debug", "verify", "--help")));
        assertEquals(List.of("plan"), names(RootCommand.subcommandsFor("plan", "new", "--help")));
        assertEquals(RootCommand.TABLE, RootCommand.subcommandsFor("--help", "diff"));
        assertEquals(RootCommand.TABLE, RootCommand.subcommandsFor("-V"));
        assertEquals(RootCommand.TABLE, RootCommand.subcommandsFor("difff", "check"));
        assertEquals(RootCommand.TABLE, RootCommand.subcommandsFor());
    }

    @Test
    void helpListsEverySubcommandOnceInTheOrderOfItsGroups(@TempDir Path dir) {
        CliRun r = CliRun.in(dir, "--help");
        assertEquals(0, r.code(), r.err());
        int at = r.out().indexOf("\nStart here:\n");
        assertTrue(at > 0, r.out());
        for (String name : names(RootCommand.TABLE)) {
            int next = r.out().indexOf("\n  " + name + " ", at);
            assertTrue(next > at, name + " is listed after the previous one:\n" + r.out());
            assertEquals(-1, r.out().indexOf("\n  " + name + " ", next + 1), name + " is listed once:\n" + r.out());
            at = next;
        }
    }

    /**
     * The first page a person reads, byte for byte: verification/fixtures/help/patchverdict.help.expected. After a
     * deliberate change, read the new page, then rewrite it with -Dpatchverdict.fixtures.update=true.
     */
    @Test
    void rootHelpIsTheRecordedPage(@TempDir Path dir) throws IOException {
        Path golden = Path.of("verification/fixtures/help/patchverdict.help.expected").toAbsolutePath();
        CliRun r = CliRun.in(dir, "--help");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        if (SharedData.fixturesUpdate(Boolean.getBoolean("patchverdict.fixtures.update"), System.getenv())) {
            Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), r.out());
    }

    /**
     * Every command's summary (its header) is one sentence that ends where it ends: one line, a full stop, and short
     * enough that no command list wraps it (the root's list is the widest: two spaces, the longest name, two spaces).
     */
    @Test
    void everyCommandHasAOneLineSummaryThatFitsItsList() {
        int width = names(RootCommand.TABLE).stream().mapToInt(String::length).max().orElseThrow();
        List<CommandSpec> all = ManualGenerator.commands(ManualGenerator.model().getCommandSpec());
        for (CommandSpec spec : all.subList(1, all.size())) { // the root's own line is its description
            String[] header = spec.usageMessage().header();
            String name = spec.qualifiedName(" ");
            assertEquals(1, header.length, name + " has a one-line summary");
            assertTrue(header[0].endsWith(".") && !header[0].contains("\n"), name + ": " + header[0]);
            assertTrue(2 + width + 2 + header[0].length() <= 80, name + "'s summary fits 80 columns: " + header[0]);
        }
    }

    @Test
    void helpEndsPointingToTheManPagesAndTheManual(@TempDir Path dir) {
        String out = CliRun.in(dir, "--help").out();
        String last = out.lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.contains("man patchverdict") && last.contains("docs/"), last);
    }

    @Test
    void anUnknownSubcommandIsAUsageError(@TempDir Path dir) {
        CliRun r = CliRun.in(dir, "difff", "check");
        assertEquals(ExitCode.USAGE, r.code());
        assertTrue(r.err().startsWith("patchverdict: usage: Unmatched arguments from index 0: 'difff', 'check'"), r.err());
    }

    @Test
    void debugBeforeTheSubcommandStillApplies(@TempDir Path dir) {
        CliRun r = CliRun.in(dir, "--debug", "digest", "missing.json");
        assertEquals(ExitCode.UNDECIDED, r.code());
        assertTrue(r.err().contains("missing.json"), r.err());
    }

    /** A command line per command that takes file operands, each operand a file named like an option. */
    static final List<List<String>> DOUBLE_DASH = List.of(
            List.of("digest", "--", "--help", "-o"),
            List.of("validate", "--", "--help"),
            List.of("diff", "check", "--", "--help", "-o"),
            List.of("diff", "numstat", "--", "--help"),
            List.of("diff", "filter", "--", "--help"),
            List.of("review", "--", "--help", "-o"),
            List.of("audit", "--", "--help"),
            List.of("cohort", "freeze", "--", "--help"),
            List.of("cohort", "check", "--", "--help"),
            List.of("cohort", "burn", "--", "--help"),
            List.of("cohort", "solve", "--", "--help", "task-1"),
            List.of("cohort", "migrate", "--", "--help"),
            List.of("cohort", "admit", "--plan-version", "0.4", "--", "--help"));

    @Test
    void everyCommandTakingFilesReadsANameSpelledLikeAnOptionAfterDoubleDash(@TempDir Path dir) throws Exception {
        // a rejected patch: every command names the file it read
        byte[] patch = java.nio.file.Files.readAllBytes(Path.of("verification/fixtures/diff/absolute-path.patch"));
        java.nio.file.Files.write(dir.resolve("--help"), patch);
        java.nio.file.Files.write(dir.resolve("-o"), patch);
        Set<String> covered = new HashSet<>();
        for (List<String> args : DOUBLE_DASH) {
            CliRun r = CliRun.in(dir, args.toArray(String[]::new));
            String all = r.out() + r.err();
            String line = String.join(" ", args);
            assertTrue(r.code() != ExitCode.USAGE && !all.contains("Usage:") && !all.contains("Try 'patchverdict"), line + ": " + all);
            assertTrue(all.contains("--help") || all.contains("/etc/cron.d/job"), line + " names or reads the file: " + all);
            covered.add(String.join(" ", args.subList(0, args.get(0).equals("diff") || args.get(0).equals("cohort") ? 2 : 1)));
        }
        Set<String> withOperands = new HashSet<>();
        for (RootCommand.Subcommand c : RootCommand.TABLE) {
            operands(new picocli.CommandLine(c.type().get()), c.name(), withOperands);
        }
        assertEquals(withOperands, covered, "every command with operands is in the list above");
    }

    private static void operands(picocli.CommandLine cl, String path, Set<String> out) {
        if (!cl.getCommandSpec().positionalParameters().isEmpty()) {
            out.add(path);
        }
        cl.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().helpCommand()) {
                operands(sub, path + " " + name, out);
            }
        });
    }

    @Test
    void everyCommandPrintsItsHelpWhateverItRequires(@TempDir Path dir) {
        List<String> paths = new java.util.ArrayList<>();
        for (RootCommand.Subcommand c : RootCommand.TABLE) {
            commands(new picocli.CommandLine(c.type().get()), c.name(), paths);
        }
        for (String path : paths) {
            List<String> args = new java.util.ArrayList<>(List.of(path.split(" ")));
            args.add("--help");
            CliRun r = CliRun.in(dir, args.toArray(String[]::new));
            assertEquals(0, r.code(), path + " --help: " + r.err());
            assertTrue(r.out().contains("Usage: patchverdict " + path + " "), path + " --help: " + r.out());
        }
        assertTrue(paths.contains("plan new"), paths.toString());
    }

    private static void commands(picocli.CommandLine cl, String path, List<String> out) {
        out.add(path);
        cl.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().helpCommand()) {
                commands(sub, path + " " + name, out);
            }
        });
    }
}
