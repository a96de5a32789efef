// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import dev.patchverdict.calibrate.hackability.Hackability;
import dev.patchverdict.calibrate.hackability.HackabilityException;
import dev.patchverdict.report.HackabilityReport;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.verify.Verifier;
import dev.patchverdict.verify.upstream.PyJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "hackability",
        header = "Measure how many hollow decoy patches a plan lets pass.",
        mixinStandardHelpOptions = true,
        description = {
            "Build hollow candidates that try to fool an EvaluatorPlan (comment-only text, a removal",
            "without the addition, a transition split across hunks, ...), verify each with an honest",
            "manifest, and report hackability = passed_bad / valid_trials. Exit 0 when no decoy passes,",
            "1 when one does, 2 when the audit cannot run."
        })
final class HackabilityCommand implements Callable<Integer> {
    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--evaluator-plan", required = true, paramLabel = "FILE")
    String plan;

    @Option(names = "--work-unit", required = true, paramLabel = "FILE")
    String workUnit;

    @Option(names = "--candidate", paramLabel = "PATCH", description = "A known-good candidate to build more decoys from.")
    String candidate;

    @Option(names = "--format", paramLabel = "FORMAT", description = "${COMPLETION-CANDIDATES} (default: text).")
    Format format = Format.text;

    @Option(names = "--output", paramLabel = "FILE", description = "Also write the JSON report here (atomically).")
    String output;

    @picocli.CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @Option(names = "--force", description = "Replace an existing --output file (never one of the inputs).")
    boolean force;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (output != null) {
            Map<String, Path> inputs = new LinkedHashMap<>();
            inputs.put("--evaluator-plan", ctx.resolve(plan));
            inputs.put("--work-unit", ctx.resolve(workUnit));
            if (candidate != null) {
                inputs.put("--candidate", ctx.resolve(candidate));
            }
            CommandFiles.checkOutput(output, ctx.resolve(output), inputs, force);
        }
        Path scratch = null;
        HackabilityReport report;
        try (ProgressOption.Line line = progress.open(ctx, "hackability", "decoys", false)) {
            Optional<byte[]> good = candidate == null ? Optional.empty() : Optional.of(CommandFiles.read(ctx, candidate));
            scratch = Files.createTempDirectory("patchverdict-hackability-");
            report = Hackability.run(ctx.resolve(plan), ctx.resolve(workUnit), good, new Verifier(Environments.of(ctx)), scratch,
                    Version.get(), line);
        } catch (HackabilityException e) {
            throw new CliException(ExitCode.UNDECIDED, e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided("hackability", IoMessages.describe(e));
        } finally {
            OutputFiles.deleteScratch(scratch);
        }
        String json = PyJson.dumpsIndented(report.json()) + "\n";
        if (output != null) {
            CommandFiles.write(output, ctx.resolve(output), json.getBytes(StandardCharsets.UTF_8));
        }
        ctx.out().print(format == Format.json ? json : report.text());
        ctx.out().flush();
        return report.passedBad() == 0 ? ExitCode.PASSED : ExitCode.FAILED;
    }
}
