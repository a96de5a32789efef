// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.admission.Admission;
import dev.patchverdict.behave.admission.Admitted;
import dev.patchverdict.behave.judge.Evaluation;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.plan.LoadedPlan;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.behave.plan.RunnerIdentity;
import dev.patchverdict.behave.result.ResultDocument;
import dev.patchverdict.behave.result.TextReport;
import dev.patchverdict.behave.sandbox.BubblewrapSandbox;
import dev.patchverdict.behave.sandbox.GitTrees;
import dev.patchverdict.behave.sandbox.HostLimits;
import dev.patchverdict.behave.sandbox.HostTools;
import dev.patchverdict.behave.sandbox.Sandbox;
import dev.patchverdict.behave.sandbox.ScratchSpace;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.record.DocumentProblem;
import dev.patchverdict.record.VerificationResult;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import dev.patchverdict.report.Progress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The behavioural runner as one call: admit the inputs, evaluate in the sandbox, write the
 * VerificationResult. Everything from outside (clock, environment, where scratch space goes, the
 * sandbox itself in tests) is injected.
 */
public final class Behave {
    private Behave() {}

    /**
     * What the runner takes from its surroundings. {@code sandbox} builds the sandbox from the
     * located host tools and a scratch directory; tests replace it.
     */
    public record Settings(Clock clock, Map<String, String> env, String toolVersion, Path scratchParent,
            Function<SandboxSite, Sandbox> sandbox, String runnerId, RunnerCeilings ceilings) {
        /** The runner's identity when none is configured: the adapter's own id, stated in the result. */
        public static final String DEFAULT_RUNNER_ID = RunnerIdentity.V0_1.id();

        public Settings {
            Objects.requireNonNull(clock, "clock");
            env = Map.copyOf(env);
            Objects.requireNonNull(toolVersion, "toolVersion");
            Objects.requireNonNull(scratchParent, "scratchParent");
            Objects.requireNonNull(sandbox, "sandbox");
            if (runnerId == null || runnerId.isBlank()) {
                throw new IllegalArgumentException("the runner id must not be empty");
            }
            Objects.requireNonNull(ceilings, "ceilings");
        }

        public Settings(Clock clock, Map<String, String> env, String toolVersion, Path scratchParent,
                Function<SandboxSite, Sandbox> sandbox) {
            this(clock, env, toolVersion, scratchParent, sandbox, DEFAULT_RUNNER_ID, RunnerCeilings.DEFAULT);
        }

        public static Settings of(Clock clock, Map<String, String> env, String toolVersion, Path scratchParent) {
            return new Settings(clock, env, toolVersion, scratchParent,
                    site -> BubblewrapSandbox.locate(site.tools(), site.scratch(), site.host()));
        }

        /** The same settings run by {@code runnerId} under {@code ceilings}. */
        public Settings withRunner(String runnerId, RunnerCeilings ceilings) {
            return new Settings(clock, env, toolVersion, scratchParent, sandbox, runnerId, ceilings);
        }
    }

    /**
     * Where a sandbox is made: the host tools, the private scratch directory holding every tree
     * it will run on, and the runner's own limits.
     */
    public record SandboxSite(HostTools tools, Path scratch, HostLimits host) {}

    /** The verdict, the written result, and the text report. */
    public record Outcome(Verdict verdict, VerificationResult result, String report, List<String> leftovers) {
        public Outcome {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(report, "report");
            leftovers = List.copyOf(leftovers);
        }

        public int exitCode() {
            return verdict.exitCode();
        }
    }

    public static Outcome run(BehaveRequest request, Settings settings) throws BehaveException {
        return run(request, settings, Progress.NONE);
    }

    /** As above, telling {@code progress} of each mutant tried in the mutation phase. */
    public static Outcome run(BehaveRequest request, Settings settings, Progress progress) throws BehaveException {
        Instant started = settings.clock().instant();
        HostTools tools = HostTools.fromEnvironment(settings.env());
        try (ScratchSpace scratch = ScratchSpace.create(settings.scratchParent())) {
            GitTrees git = GitTrees.locate(tools, scratch.directory("git")).orElseThrow(() -> new BehaveException(
                    "git", "not found on PATH (" + tools.searchPath() + "); the runner needs it to build trees"));
            Admitted in = Admission.admit(request, settings.runnerId(), git, started, scratch.directory("inputs"));
            List<RunnerCeilings.Excess> over = settings.ceilings().exceededBy(in.plan().plan());
            if (!over.isEmpty()) {
                throw new CeilingsExceeded(request.plan().toString(), over);
            }
            // The whole scratch space: every tree the sandbox runs on is inside it.
            Sandbox sandbox = settings.sandbox().apply(new SandboxSite(tools, scratch.root(),
                    settings.ceilings().host()));
            Evaluation ev = new BehaviouralRunner(sandbox, git, scratch.directory("work"), progress, System::nanoTime)
                    .evaluate(in.plan().plan(), in.repo(), in.commit(), in.patchFile());
            Map<String, String> versions = new LinkedHashMap<>();
            versions.put("patchverdict", settings.toolVersion());
            versions.put("git", git.version());
            versions.putAll(sandbox.toolVersions());
            VerificationResult result = ResultDocument.build(in, ev,
                    new ResultDocument.Context(started, settings.clock().instant(), versions));
            List<DocumentProblem> problems = ResultDocument.problems(result);
            if (!problems.isEmpty()) {
                // The runner built a result its own schema rejects: a defect here, never the input's fault.
                throw new IllegalStateException("the VerificationResult written does not match its schema: " + problems);
            }
            if (request.output().isPresent()) {
                // Checked again now: a folder on the way may have become a link into the candidate root
                // while the checks ran.
                Admission.requireOutside(request.output().get(), request.candidateRoot(), "the output");
                write(request.output().get(), PrettyJson.text(result.toJson()));
            }
            String report = TextReport.render(in, ev, ev.verdict().exitCode());
            // What the scratch space could not lose is named, so it is never left behind silently.
            return new Outcome(ev.verdict(), result, report, scratch.remove().stream().toList());
        }
    }

    /**
     * Stops every run in this process (for a signal): the sandbox's processes are killed and waited
     * for, then the scratch spaces are removed. Empty when no run was in progress; otherwise what
     * could not be removed (empty when everything is gone). No run starts or goes on afterwards.
     */
    public static Optional<List<String>> stop() {
        return ScratchSpace.stopEverything();
    }

    /** Writes the commitment for a plan: its canonical digest and the time, before any run. */
    public static PlanCommitment commit(Path plan, Optional<Path> out, Clock clock, String toolVersion)
            throws BehaveException {
        LoadedPlan loaded = LoadedPlan.read(plan);
        return PlanCommitment.commit(loaded, out.orElse(PlanCommitment.defaultLocation(plan)), clock,
                "patchverdict " + toolVersion);
    }

    /** Replaces the file only once the new content is complete. */
    private static void write(Path file, String text) throws BehaveException {
        try {
            OutputFiles.writeAtomically(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BehaveException(file.toString(), "cannot write the result: " + IoMessages.describe(e), e);
        }
    }
}
