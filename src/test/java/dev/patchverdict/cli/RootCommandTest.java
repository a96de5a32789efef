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
}
