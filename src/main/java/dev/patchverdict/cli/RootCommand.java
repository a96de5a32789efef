package dev.patchverdict.cli;

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
        },
        subcommands = {ReviewCommand.class, AttestCommand.class, CalibrateCommand.class, HackabilityCommand.class, AuditCommand.class, CohortCommand.class, VerifyCommand.class, DigestCommand.class, ValidateCommand.class, DiffCommand.class, BehaveCommand.class, ManifestCommand.class, PlanCommand.class})
public final class RootCommand implements Runnable {
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
            return new String[] {"patchverdict " + Version.get()};
        }
    }
}
