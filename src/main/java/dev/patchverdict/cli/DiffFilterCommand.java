// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.filter.FilterOutcome;
import dev.patchverdict.diff.filter.FilterRules;
import dev.patchverdict.diff.filter.PathPattern;
import dev.patchverdict.diff.filter.PatchFilter;
import dev.patchverdict.diff.filter.Removal;
import dev.patchverdict.diff.filter.SectionDecision;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.plan.FilterPresets;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.PathGlob;
import dev.patchverdict.report.FilterRenderers;
import dev.patchverdict.report.FilterReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "filter",
        header = "Remove file sections from a patch, the rest kept byte for byte.",
        mixinStandardHelpOptions = true,
        description = {
            "Write the patch without the excluded file sections, each kept one byte for byte.",
            "Globs are .gitignore lines at the repository root. A path is kept when it",
            "matches an --include (or none is given) and no --exclude; a section is kept",
            "only when all its names are (a rename or copy goes when either side goes).",
            "Text outside the sections is kept; with no section kept the output is empty.",
            "Removed sections are listed on standard error (or in --format json).",
            "Exit 0 when written, 2 when the patch cannot be read as git reads it, 64 on a",
            "usage error."
        })
final class DiffFilterCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Remove sections naming a path that matches (repeatable).")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--include", paramLabel = "GLOB",
            description = "Keep only sections whose every path matches one of these (repeatable); --exclude still wins.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--preset", paramLabel = "NAME",
            description = "Add a shipped set of excludes (repeatable): swebench-tests (the swebench protection preset's test"
                    + " paths: tests/, test_*.py, conftest.py, *.spec.ts, *Test.java, ...).")
    List<String> presets = new ArrayList<>();

    @Option(names = "--drop-binary", description = "Also remove binary sections (GIT binary patch and 'Binary files ... differ').")
    boolean dropBinary;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write the patch here, atomically (default: standard output).")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never the input).")
    boolean force;

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|json",
            description = "text (default): removed sections on standard error; json: one object on standard output"
                    + " with the kept and removed sections, paths and reasons (needs -o).")
    Format format;

    @Parameters(arity = "1", paramLabel = "IN", description = "The patch; '-' reads standard input.")
    String input;

    @picocli.CommandLine.Mixin
    DiffCommand.Limits limits = new DiffCommand.Limits();

    enum Format {
        TEXT,
        JSON
    }

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        if (format == Format.JSON && output == null) {
            throw new ParameterException(spec.commandLine(),
                    "--format json prints the report on standard output, so the patch needs -o OUT");
        }
        FilterRules rules = new FilterRules(patterns(includes, "--include"), excludes(), dropBinary);
        DiffReader.Options options = limits.options(spec);
        Path out = output == null ? null : ctx.resolve(output);
        Path in = CommandFiles.input(ctx, input);
        if (out != null) {
            CommandFiles.checkOutput(output, out, in == null ? Map.of() : Map.of("IN", in), force);
        }
        byte[] bytes = CommandFiles.readAllBytes(ctx, input);
        FilterOutcome outcome = PatchFilter.filter(bytes, rules, options);
        if (outcome instanceof FilterOutcome.Refused r) {
            for (Diagnostic d : r.errors()) {
                ctx.err().println("patchverdict: " + input + ":" + d.line() + ": " + d.code() + " " + d.message());
            }
            throw CliException.undecided(input, r.message() + "; nothing written");
        }
        FilterOutcome.Filtered f = (FilterOutcome.Filtered) outcome;
        byte[] patch = f.patch();
        if (out == null) {
            ctx.out().write(patch, 0, patch.length);
            ctx.out().flush();
        } else {
            CommandFiles.write(output, out, patch);
        }
        FilterReport report = report(f, patch);
        if (format == Format.JSON) {
            ctx.out().print(FilterRenderers.json(report));
            ctx.out().flush();
        } else {
            ctx.err().print(FilterRenderers.text(report));
            ctx.err().flush();
        }
        return ExitCode.PASSED;
    }

    private List<PathPattern> excludes() {
        List<PathPattern> out = new ArrayList<>(patterns(excludes, "--exclude"));
        for (String name : presets) {
            List<String> globs;
            try {
                globs = FilterPresets.globs(name);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--preset: " + e.getMessage());
            }
            out.addAll(patterns(globs, "preset " + name));
        }
        return out;
    }

    private List<PathPattern> patterns(List<String> globs, String origin) {
        List<PathPattern> out = new ArrayList<>();
        for (String g : globs) {
            if (g.startsWith("!")) {
                // A negated exclude would be an include by another name; --include says it plainly.
                throw new ParameterException(spec.commandLine(), origin + ": '" + g + "' is a negation; use --include");
            }
            PathGlob glob;
            try {
                glob = PathGlob.compile(GlobSyntax.GITIGNORE, g);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), origin + ": " + e.getMessage());
            }
            out.add(new PathPattern(g, origin, glob::matches));
        }
        return out;
    }

    private FilterReport report(FilterOutcome.Filtered f, byte[] patch) {
        List<FilterReport.Section> kept = new ArrayList<>();
        List<FilterReport.Section> removed = new ArrayList<>();
        for (SectionDecision d : f.sections()) {
            (d.kept() ? kept : removed).add(section(d));
        }
        return new FilterReport(input, "sha256:" + f.input().sha256(), f.input().bytes(), output,
                Digests.bytes(patch).toString(), patch.length, kept, removed);
    }

    private static FilterReport.Section section(SectionDecision d) {
        var s = d.section();
        byte[] numstat = s.numstatLine();
        List<FilterReport.Reason> reasons = new ArrayList<>();
        for (Removal r : d.removals()) {
            reasons.add(new FilterReport.Reason(r.cause().wire(), r.side() == null ? null : r.side().wire(),
                    GitPath.textOrNull(r.path()), r.pattern() == null ? null : r.pattern().glob(),
                    r.pattern() == null ? null : r.pattern().origin()));
        }
        return new FilterReport.Section(s.index(), s.path().text(), GitPath.textOrNull(s.oldPath()),
                GitPath.textOrNull(s.newPath()), s.kind().name().toLowerCase(Locale.ROOT), s.isBinary(), s.header().line(),
                d.start(), d.end(), new String(numstat, 0, numstat.length - 1, StandardCharsets.UTF_8), reasons);
    }
}
