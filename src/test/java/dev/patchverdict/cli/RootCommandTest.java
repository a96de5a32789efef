// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/** Only the named subcommand is built; everything else (help, errors) still sees all of them. */
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
    void helpStillListsEverySubcommandInOrder(@TempDir Path dir) {
        CliRun r = CliRun.in(dir, "--help");
        assertEquals(0, r.code(), r.err());
        int at = r.out().indexOf("Commands:");
        assertTrue(at > 0, r.out());
        for (String name : names(RootCommand.TABLE)) {
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
