package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.cohort.Admission;
import dev.patchverdict.cohort.CohortException;
import dev.patchverdict.cohort.Cohorts;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.verify.Verifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "cohort", header = "Freeze, check, burn and admit cohorts of tasks.", mixinStandardHelpOptions = true,
        description = "Frozen evaluation cohorts under plans/: freeze, check, burn, admit.",
        subcommands = {CohortCommand.Freeze.class, CohortCommand.Check.class, CohortCommand.Burn.class, CohortCommand.Admit.class})
final class CohortCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: freeze, check, burn or admit");
    }

    @Command(name = "freeze", header = "Record every digest of a cohort, and the time.", mixinStandardHelpOptions = true,
            description = "Record every WorkUnit and plan digest and the freeze time; refused if a record is invalid or an outcome exists.")
    static final class Freeze implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR")
        String dir;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            try {
                JsonNode c = Cohorts.freeze(ctx.resolve(dir), ctx.clock().instant());
                ctx.out().println("froze " + c.path("id").asText() + " at " + c.path("frozen_at").asText() + " ("
                        + c.path("definition_digest").asText() + ")");
                return ExitCode.PASSED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            } catch (IOException e) {
                throw CliException.undecided(dir, IoMessages.describe(e));
            }
        }
    }

    @Command(name = "check", header = "Name every change to a cohort since its freeze.", mixinStandardHelpOptions = true,
            description = "Prove nothing changed since the freeze; name each change. Exit 0 unchanged, 1 changed.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR")
        String dir;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            try {
                List<String> changes = Cohorts.check(ctx.resolve(dir));
                if (changes.isEmpty()) {
                    ctx.out().println("OK " + dir + ": nothing changed since the freeze");
                    return ExitCode.PASSED;
                }
                changes.forEach(c -> ctx.out().println(dir + ": " + c));
                return ExitCode.FAILED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            }
        }
    }

    @Command(name = "burn", header = "Mark a frozen cohort as used up, for good.", mixinStandardHelpOptions = true, description = "Mark a frozen, unchanged cohort as used up; final.")
    static final class Burn implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR")
        String dir;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            try {
                JsonNode c = Cohorts.burn(ctx.resolve(dir));
                ctx.out().println("burned " + c.path("id").asText());
                return ExitCode.PASSED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            } catch (IOException e) {
                throw CliException.undecided(dir, IoMessages.describe(e));
            }
        }
    }

    @Command(name = "admit", header = "Apply the admission rule for a plan version.", mixinStandardHelpOptions = true,
            description = "Apply the admission rule for a plan version and write admission-v<V>.json with the evidence. Exit 0 admitted, 1 not.")
    static final class Admit implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR")
        String dir;

        @Option(names = "--plan-version", required = true, paramLabel = "V")
        String version;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            Path scratch = null;
            try {
                scratch = Files.createTempDirectory("patchverdict-admit-");
                JsonNode r = Admission.admit(ctx.resolve(dir), version, new Verifier(Environments.of(ctx)), scratch, Version.get(),
                        ctx.clock().instant());
                for (JsonNode c : r.path("conditions")) {
                    ctx.out().println("(" + c.path("condition").asInt() + ") " + (c.path("passed").asBoolean() ? "green" : "RED") + "  "
                            + c.path("name").asText());
                    c.path("evidence").forEach(e -> ctx.out().println("      " + e.asText()));
                }
                ctx.out().println((r.path("admitted").asBoolean() ? "admitted: " : "not admitted: ") + r.path("cohort").asText()
                        + " for EvaluatorPlan v" + version + " (admission-v" + version + ".json)");
                return r.path("admitted").asBoolean() ? ExitCode.PASSED : ExitCode.FAILED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            } catch (IOException e) {
                throw CliException.undecided(dir, IoMessages.describe(e));
            } finally {
                OutputFiles.deleteScratch(scratch);
            }
        }
    }
}
