// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.report.ReviewSink;
import dev.patchverdict.report.ReviewSummary;
import dev.patchverdict.review.Inputs;
import dev.patchverdict.review.PlanCheck;
import dev.patchverdict.review.ReviewRun;
import dev.patchverdict.review.Reviewer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "review",
        header = "Review many agent patches at once: predictions files, folders.",
        mixinStandardHelpOptions = true,
        description = {
            "Review many agent patches at once: predictions files (.jsonl/.json, SWE-bench style), folders of",
            "*.patch/*.diff, or patch files. Each patch is accepted or rejected with its diagnostics, files,",
            "counts, SHA-256, the repairs that would make git accept it and, with --plan, whether the plan's",
            "contract is met, with --detect the tricks found in it; then a summary. Exit 0 when every patch",
            "passes, 1 when any does not (a hack-severity trick fails a patch), 2 when an input or prediction",
            "cannot be read."
        })
final class ReviewCommand implements Callable<Integer> {
    enum Format { text, jsonl, json, sarif, junit, rdjsonl, github }

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", defaultValue = "strict", paramLabel = "strict|git",
            description = "strict (default): git's rules and every strict rule; git: exactly what git apply accepts.")
    String profile;

    @Option(names = "--allow", paramLabel = "POLICY[,POLICY...]",
            description = "Policy findings that only warn: " + Options.ALLOW_KEYS + ".")
    List<String> allow = new ArrayList<>();

    @Option(names = "--plan", paramLabel = "PLAN.json",
            description = "An EvaluatorPlan v0.3-v0.5: each patch must also meet its contract (its binding is not checked).")
    String plan;

    @Option(names = "--format", paramLabel = "FORMAT", description = "${COMPLETION-CANDIDATES} (default: text).")
    Format format = Format.text;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report here (atomically) instead of standard output.")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs).")
    boolean force;

    @Option(names = "--jobs", paramLabel = "N", description = "Patches reviewed at once (default: the number of cores).")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--field", paramLabel = "NAME", description = "The predictions' patch field (default: ${DEFAULT-VALUE}).")
    String field = "model_patch";

    @Option(names = "--id-field", paramLabel = "NAME", description = "The predictions' id field (default: ${DEFAULT-VALUE}).")
    String idField = "instance_id";

    @Mixin
    DiffCommand.Limits limits = new DiffCommand.Limits();

    @Mixin
    Detect detect = new Detect();

    @Mixin
    ProgressOption progress = new ProgressOption();

    @Parameters(arity = "1..*", paramLabel = "INPUT")
    List<String> inputs;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (jobs < 1) {
            throw CliException.usage("--jobs must be at least 1");
        }
        if (field.isEmpty() || idField.isEmpty()) {
            throw CliException.usage("--field and --id-field must not be empty");
        }
        Profile p = DiffCommand.profile(profile, allow);
        DiffReader.Options options = limits.options(spec);
        PlanCheck check = plan == null ? null : readPlan(ctx);
        // Durations only: the monotonic clock is read here, at the edge, and handed to the library.
        dev.patchverdict.tricks.TrickDetector detector = detect.detector();
        Reviewer reviewer = new Reviewer(p, options, check, System::nanoTime, detector);
        rules = Detect.rules(detector);
        Inputs.Fields fields = new Inputs.Fields(field, idField, Inputs.Fields.SWE_BENCH.model());
        ReviewSummary[] summary = new ReviewSummary[1];
        try {
            if (output == null) {
                summary[0] = run(ctx, reviewer, fields, ctx.out());
            } else {
                Path target = ctx.resolve(output);
                Map<String, Path> named = new LinkedHashMap<>();
                inputs.forEach(i -> named.put(i, ctx.resolve(i)));
                if (plan != null) {
                    named.put("--plan", ctx.resolve(plan));
                }
                OutputFiles.checkOutput(target, named, force);
                OutputFiles.writeAtomically(target, out -> summary[0] = run(ctx, reviewer, fields, out));
            }
        } catch (Interrupted e) {
            Thread.currentThread().interrupt();
            throw CliException.undecided("review", "interrupted");
        } catch (IOException e) {
            throw CliException.undecided(output == null ? "review" : output, IoMessages.describe(e));
        }
        if (format == Format.github && ctx.env().get("GITHUB_STEP_SUMMARY") != null) {
            appendStepSummary(ctx, summary[0]);
        }
        ReviewSummary s = summary[0];
        if (s.count(dev.patchverdict.report.ReviewEntry.Status.INVALID) + s.count(dev.patchverdict.report.ReviewEntry.Status.UNREADABLE) > 0) {
            return ExitCode.UNDECIDED;
        }
        return s.passed() == s.total() ? ExitCode.PASSED : ExitCode.FAILED;
    }

    private List<dev.patchverdict.report.RuleInfo> rules;

    private static final class Interrupted extends IOException {
        private static final long serialVersionUID = 1L;
    }

    private ReviewSummary run(CliContext ctx, Reviewer reviewer, Inputs.Fields fields, OutputStream out) throws IOException {
        PrintStream ps = out instanceof PrintStream s ? s : new PrintStream(out, false, StandardCharsets.UTF_8);
        Inputs entries = new Inputs(inputs, ctx::resolve, fields);
        try (ProgressOption.Line line = progress.open(ctx, "review", "patches", output == null)) {
            ReviewSummary s = ReviewRun.run(entries, reviewer, jobs, counted(sink(ps), line));
            ps.flush();
            if (ps.checkError()) {
                throw new IOException("could not write the report");
            }
            return s;
        } catch (InterruptedException e) {
            throw new Interrupted();
        } finally {
            entries.close();
        }
    }

    /** Steps the progress line as each entry is written, taking the line off the terminal while it is. */
    private static ReviewSink counted(ReviewSink sink, ProgressOption.Line line) {
        return new ReviewSink() {
            @Override
            public void begin() throws IOException {
                sink.begin();
            }

            @Override
            public void accept(dev.patchverdict.report.ReviewEntry entry) throws IOException {
                line.beforeOutput();
                sink.accept(entry);
                line.step();
            }

            @Override
            public void end(ReviewSummary summary) throws IOException {
                line.beforeOutput();
                sink.end(summary);
            }
        };
    }

    private ReviewSink sink(PrintStream out) {
        return switch (format) {
            case text -> dev.patchverdict.report.ReviewRenderers.text(out);
            case jsonl -> dev.patchverdict.report.ReviewRenderers.jsonl(out);
            case json -> dev.patchverdict.report.ReviewRenderers.json(out);
            case sarif -> new dev.patchverdict.report.ReviewSarif(out, Version.get(), rules);
            case junit -> new dev.patchverdict.report.ReviewJunit(out);
            case rdjsonl -> dev.patchverdict.report.CodeScanning.rdjsonl(out);
            case github -> dev.patchverdict.report.CodeScanning.github(out);
        };
    }

    private PlanCheck readPlan(CliContext ctx) {
        try {
            java.nio.file.Path file = ctx.resolve(plan);
            CommandFiles.refuseFolder(file);
            EvaluatorPlan ep = EvaluatorPlanReader.strict().read(file);
            return PlanCheck.of(ep);
        } catch (InvalidDocumentException e) {
            throw CliException.undecided(plan, String.join("; ", e.messages()));
        } catch (IllegalArgumentException e) {
            throw CliException.undecided(plan, e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided(plan, IoMessages.describe(e));
        }
    }

    /** GitHub shows this file's Markdown on the run's page; it is appended to, as each step's summary is. */
    private static void appendStepSummary(CliContext ctx, ReviewSummary s) {
        String file = ctx.env().get("GITHUB_STEP_SUMMARY");
        try {
            Files.writeString(ctx.resolve(file), "## patchverdict review\n\n" + s.markdown() + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw CliException.undecided("GITHUB_STEP_SUMMARY " + file, IoMessages.describe(e));
        }
    }
}
