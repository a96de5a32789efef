// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.attest.SigningKey;
import dev.patchverdict.cohort.Admission;
import dev.patchverdict.cohort.CohortException;
import dev.patchverdict.cohort.Cohorts;
import dev.patchverdict.cohort.History;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.verify.Verifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "cohort", header = "Freeze, check, solve, burn and admit cohorts of tasks.", mixinStandardHelpOptions = true,
        description = "Frozen evaluation cohorts under plans/: freeze, check, solve, burn, admit, migrate.",
        subcommands = {CohortCommand.Freeze.class, CohortCommand.Check.class, CohortCommand.Solve.class, CohortCommand.Burn.class,
            CohortCommand.Admit.class, CohortCommand.Migrate.class})
final class CohortCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "a subcommand is required: freeze, check, solve, burn, admit or migrate");
    }

    /** What every command that records a transition shares: the cohort folder and the key that signs the entry. */
    abstract static class Transition implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR")
        String dir;

        @Option(names = "--key", paramLabel = "FILE",
                description = "Sign the history entry with this private key, PEM PKCS#8 (see attest keygen).")
        String key;

        abstract String run(CliContext ctx, Path cohort, Optional<SigningKey> signer) throws CohortException, IOException;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            Optional<SigningKey> signer = key == null ? Optional.empty() : Optional.of(AttestSupport.signingKey(ctx, key));
            try {
                ctx.out().println(run(ctx, ctx.resolve(dir), signer));
                return ExitCode.PASSED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
            } catch (IOException e) {
                throw CliException.undecided(dir, IoMessages.describe(e));
            }
        }
    }

    @Command(name = "freeze", header = "Record every digest of a cohort, and the time.", mixinStandardHelpOptions = true,
            description = "Record every WorkUnit and plan digest and the freeze time, and start the history; refused if a record is"
                    + " invalid or an outcome exists.")
    static final class Freeze extends Transition {
        @Override
        String run(CliContext ctx, Path cohort, Optional<SigningKey> signer) throws CohortException, IOException {
            JsonNode c = Cohorts.freeze(cohort, ctx.clock().instant(), signer);
            return "froze " + c.path("id").asText() + " at " + c.path("frozen_at").asText() + " (" + c.path("definition_digest").asText() + ")";
        }
    }

    @Command(name = "solve", header = "Mark a task of a frozen cohort solved, for good.", mixinStandardHelpOptions = true,
            description = "Mark a task of a frozen cohort solved, in cohort.json and its history: it never again counts as held-out"
                    + " evidence.")
    static final class Solve extends Transition {
        @Parameters(index = "1", paramLabel = "TASK")
        String task;

        @Override
        String run(CliContext ctx, Path cohort, Optional<SigningKey> signer) throws CohortException, IOException {
            JsonNode c = Cohorts.solve(cohort, task, ctx.clock().instant(), signer);
            return "solved " + task + " of " + c.path("id").asText();
        }
    }

    @Command(name = "burn", header = "Mark a frozen cohort as used up, for good.", mixinStandardHelpOptions = true, description = "Mark a frozen, unchanged cohort as used up; final.")
    static final class Burn extends Transition {
        @Override
        String run(CliContext ctx, Path cohort, Optional<SigningKey> signer) throws CohortException, IOException {
            return "burned " + Cohorts.burn(cohort, ctx.clock().instant(), signer).path("id").asText();
        }
    }

    @Command(name = "migrate", header = "Record the history of a cohort frozen without one.", mixinStandardHelpOptions = true,
            description = {"Write the history of a cohort frozen before cohorts kept one, from its cohort.json as it is now",
                "(refused when it changed since its freeze): the lifecycle is protected from here on, not before."})
    static final class Migrate extends Transition {
        @Override
        String run(CliContext ctx, Path cohort, Optional<SigningKey> signer) throws CohortException, IOException {
            List<com.fasterxml.jackson.databind.node.ObjectNode> entries = Cohorts.migrate(cohort, ctx.clock().instant(), signer);
            StringBuilder events = new StringBuilder();
            entries.forEach(e -> events.append(events.length() == 0 ? "" : ", ").append(e.path("event").asText()));
            return "recorded the history of " + entries.get(0).path("cohort").asText() + ": " + events;
        }
    }

    @Command(name = "check", header = "Name every change to a cohort since its freeze.", mixinStandardHelpOptions = true,
            description = "Prove nothing changed since the freeze, the lifecycle included; name each change. Exit 0 unchanged,"
                    + " 1 changed.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR")
        String dir;

        @Option(names = "--key", paramLabel = "FILE",
                description = "Also require every history entry to be signed by this public key, PEM (see attest keygen).")
        String key;

        @Option(names = "--head", paramLabel = "DIGEST",
                description = "Also require the history to hold this entry (a head recorded earlier): cutting entries off its end"
                        + " is then seen.")
        String head;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            Optional<dev.patchverdict.attest.VerifyingKey> verifier =
                    key == null ? Optional.empty() : Optional.of(AttestSupport.verifyingKey(ctx, key));
            try {
                Path cohort = ctx.resolve(dir);
                List<String> changes = Cohorts.check(cohort, verifier, Optional.ofNullable(head));
                if (changes.isEmpty()) {
                    List<String> solved = new java.util.ArrayList<>();
                    Cohorts.read(cohort).path("tasks").forEach(t -> {
                        if (t.path("solved").asBoolean()) {
                            solved.add(t.path("task_id").asText());
                        }
                    });
                    ctx.out().println("OK " + dir + ": nothing changed since the freeze"
                            + Cohorts.historyHead(cohort).map(h -> " (" + History.FILE + " head " + h + ")").orElse("")
                            + (solved.isEmpty() ? "" : "; solved, never again held-out evidence: " + String.join(", ", solved)));
                    return ExitCode.PASSED;
                }
                changes.forEach(c -> ctx.out().println(dir + ": " + c));
                return ExitCode.FAILED;
            } catch (CohortException e) {
                throw new CliException(ExitCode.UNDECIDED, e.getMessage());
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

        @picocli.CommandLine.Mixin
        ProgressOption progress = new ProgressOption();

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            Path scratch = null;
            try {
                scratch = Files.createTempDirectory("patchverdict-admit-");
                JsonNode r;
                try (ProgressOption.Line line = progress.open(ctx, "cohort admit", "checks", false)) {
                    r = Admission.admit(ctx.resolve(dir), version, new Verifier(Environments.of(ctx)), scratch, Version.get(),
                            ctx.clock().instant(), line);
                }
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
