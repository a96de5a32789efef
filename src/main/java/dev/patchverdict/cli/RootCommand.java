// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(
        name = "patchverdict",
        mixinStandardHelpOptions = true,
        versionProvider = RootCommand.VersionProvider.class,
        description = "Decides, from evidence alone, whether an agent-produced patch does what its task asked.",
        exitCodeListHeading = "%nExit codes, the same for every command:%n",
        exitCodeList = {
            " 0:passed, PROVEN, every input accepted",
            " 1:failed, REFUTED, some input rejected",
            " 2:could not decide: bad input, binding or integrity error, UNVERIFIED",
            "64:usage error"
        },
        footerHeading = "%nSee also:%n",
        footer = "man patchverdict, patchverdict COMMAND --help, and the manual in docs/.")
public final class RootCommand implements Runnable {
    /** A subcommand by name; its class is reached through the supplier only when that subcommand is built. */
    record Subcommand(String name, Supplier<Class<?>> type) {
        Subcommand {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /** Commands --help lists together under one heading. */
    record Group(String heading, List<Subcommand> commands) {
        Group {
            Objects.requireNonNull(heading, "heading");
            commands = List.copyOf(commands);
        }
    }

    /**
     * The subcommands in the order a person meets them, as --help lists them: first the four of a first session,
     * then the closer looks, then the record tools.
     */
    static final List<Group> GROUPS = List.of(
            new Group("Start here", List.of(
                    new Subcommand("calibrate", () -> CalibrateCommand.class),
                    new Subcommand("verify", () -> VerifyCommand.class),
                    new Subcommand("review", () -> ReviewCommand.class),
                    new Subcommand("audit", () -> AuditCommand.class))),
            new Group("Look closer", List.of(
                    new Subcommand("diff", () -> DiffCommand.class),
                    new Subcommand("hackability", () -> HackabilityCommand.class),
                    new Subcommand("behave", () -> BehaveCommand.class),
                    new Subcommand("attest", () -> AttestCommand.class),
                    new Subcommand("cohort", () -> CohortCommand.class))),
            new Group("Write and check the records", List.of(
                    new Subcommand("manifest", () -> ManifestCommand.class),
                    new Subcommand("plan", () -> PlanCommand.class),
                    new Subcommand("validate", () -> ValidateCommand.class),
                    new Subcommand("digest", () -> DigestCommand.class))));

    /**
     * The one table of subcommands, in the order of {@link #GROUPS}. {@link Main} builds only the one a command
     * line names: picocli's reflection over every command's annotations costs more than a short command's work,
     * and the suppliers keep even the other commands' classes unloaded.
     */
    static final List<Subcommand> TABLE = GROUPS.stream().flatMap(g -> g.commands().stream()).toList();

    /**
     * The subcommands a command line needs: the one it names when nothing but --debug precedes that name,
     * otherwise all of them (so --help, suggestions and usage errors read as ever).
     */
    static List<Subcommand> subcommandsFor(String... args) {
        for (String a : args) {
            for (Subcommand c : TABLE) {
                if (c.name().equals(a)) {
                    return List.of(c);
                }
            }
            if (!a.equals("--debug")) {
                break;
            }
        }
        return TABLE;
    }

    /**
     * The command line for {@code args}: the root with the subcommands {@link #subcommandsFor} names, and its
     * command list grouped as {@link #GROUPS} says. The man pages and completion script are made from it too.
     */
    static CommandLine commandLine(CliContext ctx, String... args) {
        CommandLine cl = new CommandLine(new RootCommand(ctx));
        for (Subcommand c : subcommandsFor(args)) {
            cl.addSubcommand(c.name(), c.type().get());
        }
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, help -> "");
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, RootCommand::groupedCommands);
        return cl;
    }

    /** Each group under its heading, a command a line with its one-line summary (its header). */
    private static String groupedCommands(CommandLine.Help help) {
        Map<String, CommandLine.Help> present = help.subcommands();
        int width = 0;
        for (String name : present.keySet()) {
            width = Math.max(width, name.length());
        }
        StringBuilder sb = new StringBuilder();
        for (Group g : GROUPS) {
            StringBuilder lines = new StringBuilder();
            for (Subcommand c : g.commands()) {
                CommandLine.Help sub = present.get(c.name());
                if (sub != null) {
                    String[] header = sub.commandSpec().usageMessage().header();
                    lines.append("  ").append(c.name()).append(" ".repeat(width - c.name().length() + 2))
                            .append(header.length == 0 ? "" : header[0]).append('\n');
                }
            }
            if (lines.length() > 0) {
                sb.append('\n').append(g.heading()).append(":\n").append(lines);
            }
        }
        return sb.toString();
    }

    private final CliContext context;

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces for internal errors.")
    boolean debug;

    RootCommand(CliContext context) {
        this.context = context;
    }

    CliContext context() {
        return context;
    }

    boolean debug() {
        return debug;
    }

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** The context of the root command that a subcommand runs under. */
    static CliContext contextOf(CommandSpec spec) {
        return ((RootCommand) spec.root().userObject()).context();
    }

    static final class VersionProvider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Version.describe()};
        }
    }
}
