package dev.patchverdict.cli;

import java.util.List;
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
    /**
     * The subcommands by name, in the order --help lists them. {@link Main} builds only the one a command line
     * names: picocli's reflection over every command's annotations costs more than a short command's work.
     */
    static final List<String> SUBCOMMANDS = List.of("review", "attest", "calibrate", "hackability", "audit", "cohort",
            "verify", "digest", "validate", "diff", "behave", "manifest", "plan");

    static Class<?> subcommand(String name) {
        return switch (name) {
            case "review" -> ReviewCommand.class;
            case "attest" -> AttestCommand.class;
            case "calibrate" -> CalibrateCommand.class;
            case "hackability" -> HackabilityCommand.class;
            case "audit" -> AuditCommand.class;
            case "cohort" -> CohortCommand.class;
            case "verify" -> VerifyCommand.class;
            case "digest" -> DigestCommand.class;
            case "validate" -> ValidateCommand.class;
            case "diff" -> DiffCommand.class;
            case "behave" -> BehaveCommand.class;
            case "manifest" -> ManifestCommand.class;
            case "plan" -> PlanCommand.class;
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    /**
     * The subcommands a command line needs: the one it names when nothing but --debug precedes that name,
     * otherwise all of them (so --help, suggestions and usage errors read as ever).
     */
    static List<String> subcommandsFor(String... args) {
        for (String a : args) {
            if (SUBCOMMANDS.contains(a)) {
                return List.of(a);
            }
            if (!a.equals("--debug")) {
                break;
            }
        }
        return SUBCOMMANDS;
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
            return new String[] {"patchverdict " + Version.get()};
        }
    }
}
