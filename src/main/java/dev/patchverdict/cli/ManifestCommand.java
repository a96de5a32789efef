// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.fs.Containment;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.record.Actor;
import dev.patchverdict.record.ActorType;
import dev.patchverdict.record.CandidateRoot;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.LogType;
import dev.patchverdict.record.ManifestRequest;
import dev.patchverdict.record.ResultManifest;
import dev.patchverdict.record.WorkUnit;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
        name = "manifest",
        header = "Write a worker's ResultManifest, every digest computed.",
        mixinStandardHelpOptions = true,
        description = {
            "Write a ResultManifest v0.1 for one attempt at a work unit, bound to it by canonical digest,",
            "with the digest of the patch and of every log computed from the files in the candidate root.",
            "What a worker harness calls after an agent run."
        })
final class ManifestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--work-unit", required = true, paramLabel = "FILE", description = "The WorkUnit v0.2 attempted.")
    String workUnit;

    @Option(names = "--candidate-root", required = true, paramLabel = "DIR", description = "The folder holding the patch and logs.")
    String candidateRoot;

    @Option(names = "--patch", required = true, paramLabel = "REL", description = "The patch, relative to the candidate root.")
    String patch;

    @Option(names = "--patch-id", paramLabel = "ID", description = "Artifact id of the patch (default: ${DEFAULT-VALUE}).")
    String patchId = ManifestRequest.DEFAULT_PATCH_ID;

    @Option(names = "--log", paramLabel = "TYPE=REL",
            description = "A log and where it is, relative to the candidate root; TYPE is stdout, stderr, trace, tool_calls or other.")
    List<String> logs = new ArrayList<>();

    @Option(names = "--worker-id", required = true, paramLabel = "ID")
    String workerId;

    @Option(names = "--worker-type", paramLabel = "TYPE", description = "human, agent, system or hybrid (default: ${DEFAULT-VALUE}).")
    String workerType = "agent";

    @Option(names = "--worker-adapter", paramLabel = "NAME", description = "The harness that ran the worker (default: ${DEFAULT-VALUE}).")
    String workerAdapter = "unspecified";

    @Option(names = "--status", required = true, paramLabel = "STATUS",
            description = "succeeded, failed, error, timeout or cancelled: what the worker reports, not a verdict.")
    String status;

    @Option(names = "--attempt", paramLabel = "N", description = "Attempt number, from 1 (default: ${DEFAULT-VALUE}).")
    long attempt = 1;

    @Option(names = "--started-at", paramLabel = "TIME", description = "RFC 3339 UTC instant (default: now).")
    String startedAt;

    @Option(names = "--finished-at", paramLabel = "TIME", description = "RFC 3339 UTC instant (default: now).")
    String finishedAt;

    @Option(names = "--summary", paramLabel = "TEXT", description = "The worker's own summary (default: empty).")
    String summary = "";

    @Option(names = "--claim", paramLabel = "TEXT", description = "A claim of the worker's, to be checked; repeatable.")
    List<String> claims = new ArrayList<>();

    @Option(names = "--source-revision", paramLabel = "REV",
            description = "The revision worked on; must equal the work unit's when it names one.")
    String sourceRevision;

    @Option(names = "--output", required = true, paramLabel = "FILE", description = "Where to write the manifest (outside the candidate root).")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs); its file mode is kept.")
    boolean force;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        Instant now = ctx.clock().instant();
        Path out = ctx.resolve(output);
        CommandFiles.checkOutput(output, out, java.util.Map.of("--work-unit", ctx.resolve(workUnit)), force);
        try {
            CandidateRoot root = CandidateRoot.open(ctx.resolve(candidateRoot));
            if (Containment.isInside(out, root.path())) {
                throw CliException.undecided(output, "the manifest must be written outside the candidate root");
            }
            WorkUnit wu = CommandFiles.workUnit(ctx, workUnit);
            ManifestRequest request = new ManifestRequest(wu, patch, patchId, logTypes(), new Actor(workerId,
                    Options.wire(spec, ActorType.class, workerType, "--worker-type"), workerAdapter, Optional.empty(), Optional.empty()),
                    Options.wire(spec, ResultManifest.Status.class, status, "--status"), attempt, instant(startedAt, now, "--started-at"),
                    instant(finishedAt, now, "--finished-at"), summary, claims, Optional.ofNullable(sourceRevision));
            ResultManifest manifest = request.build(root);
            List<DocumentProblem> problems = DocumentReader.strict().problems(manifest);
            if (!problems.isEmpty()) {
                throw new IllegalStateException("the manifest built does not satisfy its own schema: " + problems);
            }
            CommandFiles.write(output, out, PrettyJson.text(manifest.toJson()).getBytes(StandardCharsets.UTF_8));
            ctx.out().println("wrote " + output + " (" + manifest.canonicalDigest() + ")");
            return ExitCode.PASSED;
        } catch (IllegalArgumentException e) {
            throw CliException.undecided("manifest", e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided("manifest", IoMessages.describe(e));
        }
    }

    private Map<LogType, String> logTypes() {
        Map<LogType, String> out = new LinkedHashMap<>();
        for (String log : logs) {
            int eq = log.indexOf('=');
            if (eq <= 0 || eq == log.length() - 1) {
                throw new ParameterException(spec.commandLine(), "--log takes TYPE=REL, not \"" + log + "\"");
            }
            String type = log.substring(0, eq);
            if (out.put(Options.wire(spec, LogType.class, type, "--log"), log.substring(eq + 1)) != null) {
                throw new ParameterException(spec.commandLine(), "--log " + type + " is given twice");
            }
        }
        return out;
    }


    private Instant instant(String text, Instant now, String option) {
        if (text == null) {
            return now;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new ParameterException(spec.commandLine(), option + ": \"" + text + "\" is not an RFC 3339 UTC instant"
                    + " such as 2026-03-02T10:00:00Z");
        }
    }
}
