package dev.patchverdict.cli;

import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.PlanRequest;
import dev.patchverdict.plan.Visibility;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.LogType;
import dev.patchverdict.record.ManifestRequest;
import dev.patchverdict.record.WorkUnit;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "plan", mixinStandardHelpOptions = true, description = "Make EvaluatorPlans.",
        subcommands = {PlanCommand.New.class})
final class PlanCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (plan new)");
    }

    @Command(
            name = "new",
            mixinStandardHelpOptions = true,
            description = {
                "Write a metadata-only EvaluatorPlan of version 0.2 (exact added lines), 0.3 (added substrings)",
                "or 0.4 (added and removed substrings), bound to the work unit's id, version, canonical digest",
                "and source revision. The verifier, adapter version and policy are the ones the version pins."
            })
    static final class New implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--work-unit", required = true, paramLabel = "FILE", description = "The WorkUnit v0.2 to bind to.")
        String workUnit;

        @Option(names = "--version", required = true, paramLabel = "V", description = "0.2, 0.3 or 0.4.")
        String version;

        @Option(names = "--added", paramLabel = "TEXT",
                description = "v0.2: an exact added line; v0.3/v0.4: a substring an added line must hold. Repeatable.")
        List<String> added = new ArrayList<>();

        @Option(names = "--removed", paramLabel = "TEXT", description = "v0.4: a substring a removed line must hold. Repeatable.")
        List<String> removed = new ArrayList<>();

        @Option(names = "--id", paramLabel = "ID", description = "Plan id (default: <work unit id>/plan-v<version>).")
        String id;

        @Option(names = "--candidate-artifact-id", paramLabel = "ID", description = "The manifest artifact to check (default: ${DEFAULT-VALUE}).")
        String candidateArtifactId = ManifestRequest.DEFAULT_PATCH_ID;

        @Option(names = "--max-candidate-bytes", paramLabel = "N", description = "Largest patch accepted (default: ${DEFAULT-VALUE}).")
        long maxCandidateBytes = PlanRequest.DEFAULT_MAX_CANDIDATE_BYTES;

        @Option(names = "--max-log-bytes", paramLabel = "N", description = "Largest log accepted (default: ${DEFAULT-VALUE}).")
        long maxLogBytes = PlanRequest.DEFAULT_MAX_LOG_BYTES;

        @Option(names = "--log-type", paramLabel = "TYPE", description = "A log the worker must hand in (default: stdout and stderr). Repeatable.")
        List<String> logTypes = new ArrayList<>();

        @Option(names = "--visibility", paramLabel = "V", description = "public or hidden (default: ${DEFAULT-VALUE}).")
        String visibility = "public";

        @Option(names = "--output", required = true, paramLabel = "FILE")
        String output;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            List<LogType> types = new ArrayList<>();
            for (String t : logTypes.isEmpty() ? List.of("stdout", "stderr") : logTypes) {
                types.add(Options.wire(spec, LogType.class, t, "--log-type"));
            }
            Visibility vis = Options.wire(spec, Visibility.class, visibility, "--visibility");
            try {
                WorkUnit wu = DocumentReader.strict().readWorkUnit(ctx.resolve(workUnit));
                PlanRequest request;
                try {
                    request = new PlanRequest(wu, version, added, removed, Optional.ofNullable(id), candidateArtifactId,
                            maxCandidateBytes, maxLogBytes, types, vis);
                } catch (IllegalArgumentException e) {
                    // the options do not make a plan of that version
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
                EvaluatorPlan plan = request.build();
                List<DocumentProblem> problems = DocumentReader.strict().problems(plan);
                if (!problems.isEmpty()) {
                    throw CliException.undecided("plan new", "the plan would not be valid: " + problems.stream()
                            .map(DocumentProblem::toString).reduce((a, b) -> a + "; " + b).orElse(""));
                }
                OutputFiles.writeAtomically(ctx.resolve(output), PrettyJson.text(plan.toJson()).getBytes(StandardCharsets.UTF_8));
                ctx.out().println("wrote " + output + " (EvaluatorPlan v" + plan.schemaVersion() + ", " + plan.canonicalDigest() + ")");
                return ExitCode.PASSED;
            } catch (InvalidDocumentException e) {
                throw CliException.undecided(workUnit, String.join("; ", e.messages()));
            } catch (IllegalArgumentException e) {
                throw CliException.undecided("plan new", e.getMessage());
            } catch (IOException e) {
                throw CliException.undecided("plan new", IoMessages.describe(e));
            }
        }

    }
}
