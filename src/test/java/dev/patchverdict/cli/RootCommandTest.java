package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/** Only the named subcommand is built; everything else (help, errors) still sees all of them. */
class RootCommandTest {

    @Test
    void eachSubcommandNameIsTheNameItsCommandDeclares() {
        for (String name : RootCommand.SUBCOMMANDS) {
            assertEquals(name, RootCommand.subcommand(name).getAnnotation(Command.class).name());
        }
    }

    @Test
    void aCommandLineBuildsOnlyTheSubcommandItNames() {
        assertEquals(List.of("diff"), RootCommand.subcommandsFor("diff", "check", "x.patch"));
        assertEquals(List.of("verify"), RootCommand.subcommandsFor("--debug", "verify", "--help"));
        assertEquals(RootCommand.SUBCOMMANDS, RootCommand.subcommandsFor("--help", "diff"));
        assertEquals(RootCommand.SUBCOMMANDS, RootCommand.subcommandsFor("-V"));
        assertEquals(RootCommand.SUBCOMMANDS, RootCommand.subcommandsFor("difff", "check"));
        assertEquals(RootCommand.SUBCOMMANDS, RootCommand.subcommandsFor());
    }

    @Test
    void helpStillListsEverySubcommandInOrder(@TempDir Path dir) {
        CliRun r = CliRun.in(dir, "--help");
        assertEquals(0, r.code(), r.err());
        int at = r.out().indexOf("Commands:");
        assertTrue(at > 0, r.out());
        for (String name : RootCommand.SUBCOMMANDS) {
            int next = r.out().indexOf("\n  " + name + " ", at);
            assertTrue(next > at, name + " is listed after the previous one:\n" + r.out());
            at = next;
        }
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
