// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.PlanRequest;
import dev.patchverdict.plan.ProtectionPreset;
import dev.patchverdict.plan.TestPatch;
import dev.patchverdict.tricks.TrickRules;
import dev.patchverdict.tricks.TrickSeverity;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.plan.Visibility;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.LogType;
import dev.patchverdict.record.ManifestRequest;
import dev.patchverdict.record.WorkUnit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "plan", header = "Write EvaluatorPlans bound to a work unit.", mixinStandardHelpOptions = true, description = "Make EvaluatorPlans.",
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
            header = "Write an EvaluatorPlan bound to a work unit.",
            description = {
                "Write a metadata-only EvaluatorPlan of version 0.2 (exact added lines), 0.3 (added substrings),",
                "0.4 (added and removed substrings) or 0.5 (the strict transition), bound to the work unit's id,",
                "version, canonical digest and source revision. The verifier, adapter version and policy are the",
                "ones the version pins; a v0.5 plan's change policy starts from the safe defaults."
            })
    static final class New implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        // Help only: the standard options' --version clashes with the plan's --version, and with both picocli
        // gave this command no working --help.
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        boolean help;

        @Option(names = "--work-unit", required = true, paramLabel = "FILE", description = "The WorkUnit v0.2 to bind to.")
        String workUnit;

        @Option(names = "--version", required = true, paramLabel = "V", description = "0.2, 0.3, 0.4 or 0.5.")
        String version;

        @Option(names = "--added", paramLabel = "TEXT",
                description = "v0.2: an exact added line; v0.3-v0.5: a substring an added line must hold. Repeatable.")
        List<String> added = new ArrayList<>();

        @Option(names = "--removed", paramLabel = "TEXT", description = "v0.4/v0.5: a substring a removed line must hold. Repeatable.")
        List<String> removed = new ArrayList<>();

        @Option(names = "--transition", paramLabel = "REMOVED=>ADDED",
                description = "v0.5: a removed line holding REMOVED and an added line holding ADDED in one hunk of one file. Repeatable.")
        List<String> transitions = new ArrayList<>();

        @Option(names = "--removed-allowed-in", paramLabel = "TEXT",
                description = "v0.5: a text inside which a removed text does not count (with literal_eval( here, "
                        + "ast.literal_eval(x) no longer holds eval(); it must hold a removed text and be longer. Repeatable.")
        List<String> removedAllowedIn = new ArrayList<>();

        @Option(names = "--glob-syntax", paramLabel = "SYNTAX",
                description = "v0.5, required there: how protected paths match, fnmatch ('*' crosses '/') or gitignore.")
        String globSyntax;

        @Option(names = "--protect", paramLabel = "GLOB",
                description = "v0.5: a further protected path, in --glob-syntax. Repeatable.")
        List<String> protect = new ArrayList<>();

        @Option(names = "--protect-preset", paramLabel = "NAME",
                description = "v0.5: also protect a shipped preset's paths, written in --glob-syntax (swebench: tests, "
                        + "files Python loads by itself, runner, CI and agent configuration). Repeatable.")
        List<String> protectPresets = new ArrayList<>();

        @Option(names = "--test-patch", paramLabel = "FILE",
                description = "v0.5: the evaluation's own test patch; every path it creates, changes, deletes or renames "
                        + "is protected as a literal path, so a candidate touching one fails. Repeatable.")
        List<String> testPatches = new ArrayList<>();

        @Option(names = "--forbid-trick", paramLabel = "ID", split = ",",
                description = "v0.5: a trick rule whose hit fails the plan (see docs/review.md, Tricks agents play). Repeatable or comma-separated.")
        List<String> forbidTrick = new ArrayList<>();

        @Option(names = "--forbid-tricks", paramLabel = "SEVERITY",
                description = "v0.5: forbid every trick rule of this severity or a stronger one: hack, suspect (hack and suspect) "
                        + "or info (all). The plan lists the rules' ids, so rules added later never change it.")
        String forbidTricks;

        @Option(names = "--no-default-protection",
                description = "v0.5: start protected paths empty instead of from the default list (.git/, CI, build files, tests).")
        boolean noDefaultProtection;

        @Option(names = "--allow", paramLabel = "WHAT", split = ",",
                description = "v0.5: allow symlink, submodule, mode, binary, invisible (characters) or crlf (line endings)."
                        + " Repeatable or comma-separated.")
        List<String> allow = new ArrayList<>();

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

        @Option(names = "--force", description = "Replace an existing output file (never the work unit); its file mode is kept.")
        boolean force;

        @Override
        public Integer call() {
            CliContext ctx = RootCommand.contextOf(spec);
            List<LogType> types = new ArrayList<>();
            for (String t : logTypes.isEmpty() ? List.of("stdout", "stderr") : logTypes) {
                types.add(Options.wire(spec, LogType.class, t, "--log-type"));
            }
            Visibility vis = Options.wire(spec, Visibility.class, visibility, "--visibility");
            java.util.Map<String, java.nio.file.Path> inputs = new java.util.LinkedHashMap<>();
            inputs.put("--work-unit", ctx.resolve(workUnit));
            for (String t : testPatches) {
                inputs.put("--test-patch " + t, ctx.resolve(t));
            }
            CommandFiles.checkOutput(output, ctx.resolve(output), inputs, force);
            WorkUnit wu = CommandFiles.workUnit(ctx, workUnit);
            try {
                PlanRequest request;
                try {
                    List<Transition> pairs = new ArrayList<>();
                    for (String t : transitions) {
                        pairs.add(Transition.parse(t));
                    }
                    request = new PlanRequest(wu, version, added, removed, pairs, removedAllowedIn, changePolicy(), Optional.ofNullable(id),
                            candidateArtifactId, maxCandidateBytes, maxLogBytes, types, vis);
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
                CommandFiles.write(output, ctx.resolve(output), PrettyJson.text(plan.toJson()).getBytes(StandardCharsets.UTF_8));
                ctx.out().println("wrote " + output + " (EvaluatorPlan v" + plan.schemaVersion() + ", " + plan.canonicalDigest() + ")");
                return ExitCode.PASSED;
            } catch (IllegalArgumentException e) {
                throw CliException.undecided("plan new", e.getMessage());
            }
        }

        /** The v0.5 change policy the options ask for; none for other versions, which must not ask. */
        private Optional<ChangePolicy> changePolicy() {
            boolean asked = globSyntax != null || !protect.isEmpty() || noDefaultProtection || !allow.isEmpty()
                    || !protectPresets.isEmpty() || !testPatches.isEmpty() || !forbidTrick.isEmpty() || forbidTricks != null;
            if (!"0.5".equals(version)) {
                if (asked) {
                    throw new IllegalArgumentException("--glob-syntax, --protect, --protect-preset, --test-patch, "
                            + "--forbid-trick, --forbid-tricks, --no-default-protection and --allow "
                            + "make a change policy, which only EvaluatorPlan v0.5 has");
                }
                return Optional.empty();
            }
            if (globSyntax == null) {
                throw new IllegalArgumentException("EvaluatorPlan v0.5 needs --glob-syntax fnmatch or gitignore: "
                        + "protected paths are never matched in a guessed syntax");
            }
            GlobSyntax syntax = Options.wire(spec, GlobSyntax.class, globSyntax, "--glob-syntax");
            Set<String> allowed = new LinkedHashSet<>();
            for (String a : allow) {
                String key = a.trim();
                if (!ALLOW_KEYS.contains(key)) {
                    throw new IllegalArgumentException("--allow takes " + String.join(", ", ALLOW_KEYS) + ", not '" + a + "'");
                }
                allowed.add(key);
            }
            List<String> globs = new ArrayList<>(noDefaultProtection ? List.of() : ChangePolicy.defaultProtectedPaths(syntax));
            for (String preset : protectPresets) {
                addAll(globs, ProtectionPreset.named(preset).globs(syntax));
            }
            for (String file : testPatches) {
                addAll(globs, testPatch(file).globs(syntax));
            }
            addAll(globs, protect);
            return Optional.of(new ChangePolicy(allowed.contains("symlink"), allowed.contains("submodule"),
                    allowed.contains("mode"), allowed.contains("binary"), !allowed.contains("invisible"), globs, syntax,
                    forbiddenTricks(), ChangePolicy.POLICIES.stream().filter(allowed::contains).toList()));
        }

        /** The rule ids asked for, in the rule set's order, so the same request always writes the same plan. */
        private List<String> forbiddenTricks() {
            Set<String> ids = new LinkedHashSet<>();
            if (forbidTricks != null) {
                TrickSeverity floor = java.util.Arrays.stream(TrickSeverity.values())
                        .filter(v -> v.label().equals(forbidTricks)).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("--forbid-tricks takes hack, suspect or info, not '"
                                + forbidTricks + "'"));
                ids.addAll(ChangePolicy.trickIdsAtLeast(floor));
            }
            for (String id : forbidTrick) {
                ids.add(TrickRules.require(id.trim(), "--forbid-trick").id());
            }
            return TrickRules.all().stream().map(r -> r.id()).filter(ids::contains).toList();
        }

        private static void addAll(List<String> globs, List<String> more) {
            for (String g : more) {
                if (!globs.contains(g)) {
                    globs.add(g);
                }
            }
        }

        /** A test patch is an input, not an option value: one that cannot be read or used is exit 2, naming it. */
        private TestPatch testPatch(String file) {
            byte[] bytes = CommandFiles.read(RootCommand.contextOf(spec), file);
            try {
                return TestPatch.read(bytes);
            } catch (IllegalArgumentException e) {
                throw CliException.undecided(file, "not a usable test patch: " + e.getMessage());
            }
        }

        private static final List<String> ALLOW_KEYS = List.of("symlink", "submodule", "mode", "binary", "invisible", "crlf");
    }
}
