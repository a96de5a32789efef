// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.report.ReviewHtml;
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
            "contract is met, with --detect the tricks found in it; then a summary (--format html: one self-contained",
            "page with charts and an entry per patch). Exit 0 when every patch",
            "passes, 1 when any does not (a hack-severity trick fails a patch), 2 when an input or prediction",
            "cannot be read."
        })
final class ReviewCommand implements Callable<Integer> {
    enum Format { text, jsonl, json, sarif, junit, rdjsonl, github, html }

    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", description = "${COMPLETION-CANDIDATES} (default: text).")
    Format format = Format.text;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report here (atomically) instead of standard output.")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs).")
    boolean force;

    @Option(names = "--jobs", paramLabel = "N", description = "Patches reviewed at once (default: the number of cores).")
    int jobs = Runtime.getRuntime().availableProcessors();


    @Mixin
    ReviewOptions options = new ReviewOptions();

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
        options.check(spec, file -> CommandFiles.read(ctx, file));
        String plan = options.plan();
        ReviewOptions.ReadPlan read = plan == null ? null : ReviewOptions.readPlan(ctx.resolve(plan), plan);
        PlanCheck check = read == null ? null : read.check();
        if (check != null && format == Format.html) {
            planHeader = new ReviewHtml.Plan(plan, dev.patchverdict.digest.Digests.bytes(read.bytes()).hex(), check.planId(),
                    check.version());
        }
        // Durations only: the monotonic clock is read here, at the edge, and handed to the library.
        detector = options.detector();
        Reviewer reviewer = options.reviewer(check, System::nanoTime, detector);
        rules = Detect.rules(detector);
        Inputs.Fields fields = options.fields();
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
                options.testPatches().forEach(t -> named.put("--test-patch " + t, ctx.resolve(t)));
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
    private dev.patchverdict.tricks.TrickDetector detector;
    /** The plan as the HTML page's header names it. */
    private ReviewHtml.Plan planHeader;

    private static final class Interrupted extends IOException {
        private static final long serialVersionUID = 1L;
    }

    private ReviewSummary run(CliContext ctx, Reviewer reviewer, Inputs.Fields fields, OutputStream out) throws IOException {
        PrintStream ps = out instanceof PrintStream s ? s : new PrintStream(out, false, StandardCharsets.UTF_8);
        Inputs entries = new Inputs(inputs, ctx::resolve, fields).deferLines();
        if (format != Format.html) {
            entries.withoutDigests(); // only the HTML page names the predictions files' SHA-256
        }
        try (ProgressOption.Line line = progress.open(ctx, "review", "patches", output == null)) {
            ReviewSummary s = ReviewRun.run(entries, reviewer, jobs, counted(sink(ctx, ps, entries), line));
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

            @Override
            public void close() throws IOException {
                sink.close();
            }
        };
    }

    private ReviewSink sink(CliContext ctx, PrintStream out, Inputs entries) {
        return switch (format) {
            case html -> new ReviewHtml(out, new ReviewHtml.Header(Version.describe(), ctx.clock().instant(), options.profile,
                    detector == null ? null : detector.rules().stream().map(dev.patchverdict.tricks.TrickRule::id).toList(),
                    planHeader), entries::inputOf, entries::described, detector == null ? Map.of()
                    : detector.rules().stream().collect(java.util.stream.Collectors.toMap(dev.patchverdict.tricks.TrickRule::id,
                            dev.patchverdict.tricks.TrickRule::help)));
            case text -> dev.patchverdict.report.ReviewRenderers.text(out);
            case jsonl -> dev.patchverdict.report.ReviewRenderers.jsonl(out);
            case json -> dev.patchverdict.report.ReviewRenderers.json(out);
            case sarif -> new dev.patchverdict.report.ReviewSarif(out, Version.get(), rules);
            case junit -> new dev.patchverdict.report.ReviewJunit(out);
            case rdjsonl -> dev.patchverdict.report.CodeScanning.rdjsonl(out);
            case github -> dev.patchverdict.report.CodeScanning.github(out);
        };
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
