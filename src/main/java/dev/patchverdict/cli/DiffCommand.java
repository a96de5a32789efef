// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.text.Split;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.diff.DiffOutcome;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffResult;
import dev.patchverdict.diff.FileHeader;
import dev.patchverdict.diff.FileSection;
import dev.patchverdict.diff.GitPath;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
        name = "diff",
        header = "Read a patch strictly, count it as git does, or filter it.",
        mixinStandardHelpOptions = true,
        description = "Read unified diffs strictly, as git apply would apply them.",
        subcommands = {DiffCommand.Check.class, DiffCommand.Numstat.class, DiffFilterCommand.class})
final class DiffCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (check, numstat or filter)");
    }

    enum Format {
        TEXT,
        JSON,
        JSONL,
        SARIF
    }

    /** What one input gave: read in one streaming pass, holding sections but never hunks or lines. */
    record Report(String name, DiffResult result) {
        DiffOutcome outcome() {
            return result.outcome();
        }

        List<Diagnostic> diagnostics() {
            return result.diagnostics();
        }

        /** The input could not be read to its end, or passed one of the reader's limits: no verdict on it. */
        boolean unreadable() {
            return result.diagnostics().stream().anyMatch(d -> UNDECIDED_CODES.contains(d.code()));
        }
    }

    static final java.util.Set<DiagnosticCode> UNDECIDED_CODES = java.util.EnumSet.of(DiagnosticCode.INPUT_UNREADABLE,
            DiagnosticCode.LINE_TOO_LONG, DiagnosticCode.HEADER_TOO_LONG, DiagnosticCode.TOO_MANY_SECTIONS);

    /** The reader's bounds, settable on each command that reads a diff. */
    static final class Limits implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Option(names = "--max-line-bytes", paramLabel = "N",
                description = "Longest line read (default: ${DEFAULT-VALUE}); a longer one is LINE_TOO_LONG.")
        int maxLineBytes = DiffReader.Options.DEFAULT_MAX_LINE_BYTES;

        @Option(names = "--max-header-bytes", paramLabel = "N",
                description = "Longest header line read (default: ${DEFAULT-VALUE}); a longer one is HEADER_TOO_LONG.")
        int maxHeaderBytes = DiffReader.Options.DEFAULT_MAX_HEADER_BYTES;

        @Option(names = "--max-sections", paramLabel = "N",
                description = "Most file sections read (default: ${DEFAULT-VALUE}); one more is TOO_MANY_SECTIONS.")
        int maxSections = DiffReader.Options.DEFAULT_MAX_SECTIONS;

        DiffReader.Options options(CommandSpec spec) {
            try {
                return new DiffReader.Options(true, maxLineBytes, maxHeaderBytes, maxSections);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }

    static Report read(CliContext ctx, String name, Profile profile) throws IOException {
        return read(ctx, name, profile, DiffReader.Options.DEFAULT);
    }

    static Report read(CliContext ctx, String name, Profile profile, DiffReader.Options options) throws IOException {
        return read(ctx, name, profile, options, false);
    }

    /** With {@code lines}, every hunk body line is kept too, for the trick detectors; the input is streamed either way. */
    static Report read(CliContext ctx, String name, Profile profile, DiffReader.Options options, boolean lines)
            throws IOException {
        Path file = CommandFiles.input(ctx, name);
        if (file == null) {
            return new Report(name, readFrom(ctx.in(), profile, options, lines));
        }
        try (InputStream in = CommandFiles.open(file)) {
            return new Report(name, readFrom(in, profile, options, lines));
        }
    }

    private static DiffResult readFrom(InputStream in, Profile profile, DiffReader.Options options, boolean lines)
            throws IOException {
        return lines ? DiffReader.readLines(in, profile, options) : DiffReader.readSections(in, profile, options);
    }

    static Profile profile(String name, List<String> allow) {
        Profile p;
        try {
            p = Profile.byName(name);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
        Set<DiagnosticCode> allowed = new LinkedHashSet<>();
        for (String group : allow) {
            for (String key : Split.on(group, ',')) {
                if (key.isBlank()) {
                    continue;
                }
                allowed.add(DiagnosticCode.policyByAllowKey(key).orElseThrow(() -> CliException.usage(
                        "--allow: unknown policy '" + key.trim() + "' (" + DiagnosticCode.allowKeys() + ")")));
            }
        }
        return p.allowing(allowed);
    }

    @Command(
            name = "check",
            header = "Check diffs strictly, naming every problem and where it is.",
            mixinStandardHelpOptions = true,
            description = {
                "Check each diff; '-' reads standard input. Exit 0 when every input is accepted,",
                "1 when any is rejected (or, with --detect, has a hack-severity trick), 2 when one cannot be read."
            })
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--profile", defaultValue = "strict", paramLabel = "strict|git",
                description = "strict (default): git's rules and every strict rule; git: exactly what git apply accepts.")
        String profile;

        @Option(names = "--format", defaultValue = "text", paramLabel = "text|json|jsonl|sarif",
                description = "text: file:line: CODE message per diagnostic; json: one array; jsonl: one object per file;"
                        + " sarif: SARIF 2.1.0, one result per diagnostic.")
        Format format;

        @Option(names = "--allow", paramLabel = "POLICY[,POLICY...]",
                description = "Policy findings that only warn: " + Options.ALLOW_KEYS + ".")
        List<String> allow = new ArrayList<>();

        @Parameters(arity = "1..*", paramLabel = "FILE")
        List<String> files;

        @picocli.CommandLine.Mixin
        Limits limits = new Limits();

        @picocli.CommandLine.Mixin
        Detect detect = new Detect();

        @Override
        public Integer call() {
            return run(RootCommand.contextOf(spec));
        }

        /** The command itself, also called by {@link FastDispatch} (which leaves the limits at their valid defaults). */
        Integer run(CliContext ctx) {
            Profile p = profile(profile, allow);
            DiffReader.Options options = limits.options(spec);
            dev.patchverdict.tricks.TrickDetector detector = detect.detector(ctx);
            boolean hacked = false;
            // jackson-core's streaming generator writes what ObjectMapper wrote, byte for byte, without databind's start-up.
            JsonFactory json = format == Format.JSON || format == Format.JSONL ? new JsonFactory() : null;
            List<String> all = new ArrayList<>();
            boolean rejected = false;
            boolean unreadable = false;
            dev.patchverdict.report.ReviewSarif sarif = format == Format.SARIF
                    ? new dev.patchverdict.report.ReviewSarif(ctx.out(), Version.get(), Detect.rules(detector)) : null;
            dev.patchverdict.report.ReviewSummary summary = new dev.patchverdict.report.ReviewSummary();
            if (sarif != null) {
                sarif.begin();
            }
            long index = 0;
            for (String name : files) {
                Report r;
                try {
                    r = read(ctx, name, p, options, detector != null);
                } catch (IOException e) {
                    CommandFiles.printUnreadable(ctx, name, e);
                    unreadable = true;
                    if (sarif != null) {
                        var entry = dev.patchverdict.review.Reviewer.unreadable(index++, name, IoMessages.describe(e));
                        summary.add(entry);
                        sarif.accept(entry);
                    }
                    continue;
                }
                if (r.unreadable()) {
                    unreadable = true;
                }
                if (!r.outcome().accepted()) {
                    rejected = true;
                }
                // An unreadable input has no verdict, so it is not searched either.
                List<dev.patchverdict.tricks.TrickHit> hits = detector == null || r.unreadable() ? List.of() : detector.detect(r.result());
                List<dev.patchverdict.report.ReviewEntry.Finding> tricks = dev.patchverdict.review.Reviewer.findings(hits);
                if (hits.stream().anyMatch(h -> h.severity() == dev.patchverdict.tricks.TrickSeverity.HACK)) {
                    hacked = true;
                }
                switch (format) {
                    case TEXT -> {
                        for (Diagnostic d : r.diagnostics()) {
                            ctx.out().println(name + ":" + d.line() + ": " + d.code() + " "
                                    + (d.rejects() ? "" : d.severity().name().toLowerCase(Locale.ROOT) + ": ")
                                    + d.message());
                        }
                        tricks.forEach(t -> ctx.out().println(dev.patchverdict.report.ReviewRenderers.findingLine(name, t)));
                    }
                    case JSONL -> ctx.out().println(toJson(json, r, detector == null ? null : tricks));
                    case JSON -> all.add(toJson(json, r, detector == null ? null : tricks));
                    case SARIF -> {
                        var entry = dev.patchverdict.review.Reviewer.entryOf(index++, name, r.result(), hits);
                        summary.add(entry);
                        sarif.accept(entry);
                    }
                    default -> throw new IllegalStateException(format.toString());
                }
            }
            if (format == Format.JSON) {
                ctx.out().println("[" + String.join(",", all) + "]"); // as ObjectMapper wrote an array: no spaces
            }
            if (sarif != null) {
                sarif.end(summary);
            }
            return unreadable ? ExitCode.UNDECIDED : rejected || hacked ? ExitCode.FAILED : ExitCode.PASSED;
        }
    }

    @Command(
            name = "numstat",
            header = "Print what 'git apply --numstat' prints for a diff.",
            mixinStandardHelpOptions = true,
            description = {
                "Print exactly what 'git apply --numstat' prints for the diff; '-' reads standard input.",
                "Exit 1 (and print the errors on standard error) when the profile rejects it."
            })
    static final class Numstat implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--profile", defaultValue = "strict", paramLabel = "strict|git",
                description = "strict (default) or git.")
        String profile;

        @Option(names = "--allow", paramLabel = "POLICY[,POLICY...]", description = "Policy findings that only warn.")
        List<String> allow = new ArrayList<>();

        @Parameters(arity = "1", paramLabel = "FILE")
        String file;

        @picocli.CommandLine.Mixin
        Limits limits = new Limits();

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            Report r;
            try {
                r = read(ctx, file, profile(profile, allow), limits.options(spec));
            } catch (IOException e) {
                throw CliException.undecided(file, IoMessages.describe(e));
            }
            ctx.out().write(r.result().numstatBytes(), 0, r.result().numstatBytes().length);
            ctx.out().flush();
            for (Diagnostic d : r.diagnostics()) {
                if (d.rejects()) {
                    ctx.err().println(file + ":" + d.line() + ": " + d.code() + " " + d.message());
                }
            }
            if (r.unreadable()) {
                return ExitCode.UNDECIDED;
            }
            return r.outcome().accepted() ? ExitCode.PASSED : ExitCode.FAILED;
        }
    }

    /** With {@code tricks} (null: detection not asked for) a {@code tricks} array after the diagnostics. */
    static String toJson(JsonFactory json, Report r, List<dev.patchverdict.report.ReviewEntry.Finding> tricks) {
        StringWriter to = new StringWriter();
        try (JsonGenerator g = json.createGenerator(to)) {
            toJson(g, r, tricks);
        } catch (IOException e) {
            throw new UncheckedIOException("a string always takes JSON", e);
        }
        return to.toString();
    }

    static void toJson(JsonGenerator o, Report r, List<dev.patchverdict.report.ReviewEntry.Finding> tricks)
            throws IOException {
        o.writeStartObject();
        o.writeStringField("file", r.name());
        o.writeBooleanField("accepted", r.outcome().accepted());
        o.writeStringField("profile", r.outcome().profile());
        o.writeStringField("sha256", "sha256:" + r.outcome().sha256()); // the record family's digest form
        o.writeNumberField("bytes", r.outcome().bytes());
        // The exact texts of git apply --numstat and --summary; summary names are raw bytes, shown as UTF-8.
        o.writeStringField("numstat", new String(r.result().numstatBytes(), StandardCharsets.UTF_8));
        o.writeStringField("summary", new String(r.result().summaryBytes(), StandardCharsets.UTF_8));
        o.writeArrayFieldStart("files");
        for (FileSection s : r.result().sections()) {
            o.writeStartObject();
            o.writeStringField("path", s.path().text());
            o.writeStringField("old_path", GitPath.textOrNull(s.oldPath())); // a null string is written as JSON null
            o.writeStringField("new_path", GitPath.textOrNull(s.newPath()));
            o.writeStringField("kind", s.kind().name().toLowerCase(Locale.ROOT));
            o.writeNumberField("added", s.added());
            o.writeNumberField("removed", s.removed());
            o.writeBooleanField("binary", s.isBinary());
            o.writeNumberField("hunks", s.hunkCount());
            putMode(o, "old_mode", s.header().oldMode());
            putMode(o, "new_mode", s.header().newMode());
            if (s.header().similarity() >= 0) {
                o.writeNumberField("similarity", s.header().similarity());
            }
            o.writeNumberField("line", s.header().line());
            o.writeEndObject();
        }
        o.writeEndArray();
        o.writeArrayFieldStart("diagnostics");
        for (Diagnostic d : r.diagnostics()) {
            o.writeStartObject();
            o.writeStringField("code", d.code().name());
            o.writeStringField("severity", d.severity().name().toLowerCase(Locale.ROOT));
            o.writeNumberField("line", d.line());
            o.writeNumberField("offset", d.offset());
            o.writeStringField("message", d.message());
            o.writeEndObject();
        }
        o.writeEndArray();
        if (tricks != null) {
            // Only asked-for detection loads databind: the findings are rendered as a tree by the review renderers.
            o.writeFieldName("tricks");
            new com.fasterxml.jackson.databind.ObjectMapper().writeTree(o, dev.patchverdict.report.ReviewRenderers.tricks(tricks));
        }
        o.writeEndObject();
    }

    private static void putMode(JsonGenerator j, String key, int mode) throws IOException {
        if (mode == 0) {
            j.writeNullField(key);
        } else {
            j.writeStringField(key, FileHeader.modeText(mode));
        }
    }
}
