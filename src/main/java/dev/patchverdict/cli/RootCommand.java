// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
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
        footer = {
            "",
            "Exit codes: 0 passed/PROVEN, 1 failed/REFUTED, 2 could not decide (bad input,",
            "binding or integrity error, UNVERIFIED), 64 usage error."
        })
public final class RootCommand implements Runnable {
    /** A subcommand by name; its class is reached through the supplier only when that subcommand is built. */
    record Subcommand(String name, Supplier<Class<?>> type) {
        Subcommand {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /**
     * The one table of subcommands, in the order --help lists them. {@link Main} builds only the one a command
     * line names: picocli's reflection over every command's annotations costs more than a short command's work,
     * and the suppliers keep even the other commands' classes unloaded.
     */
    static final List<Subcommand> TABLE = List.of(
            new Subcommand("review", () -> ReviewCommand.class),
            new Subcommand("attest", () -> AttestCommand.class),
            new Subcommand("calibrate", () -> CalibrateCommand.class),
            new Subcommand("hackability", () -> HackabilityCommand.class),
            new Subcommand("audit", () -> AuditCommand.class),
            new Subcommand("cohort", () -> CohortCommand.class),
            new Subcommand("verify", () -> VerifyCommand.class),
            new Subcommand("digest", () -> DigestCommand.class),
            new Subcommand("validate", () -> ValidateCommand.class),
            new Subcommand("diff", () -> DiffCommand.class),
            new Subcommand("behave", () -> BehaveCommand.class),
            new Subcommand("manifest", () -> ManifestCommand.class),
            new Subcommand("plan", () -> PlanCommand.class));

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
