// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.BehaveRequest;
import dev.patchverdict.behave.CeilingsExceeded;
import dev.patchverdict.behave.RunnerCeilings;
import dev.patchverdict.behave.plan.PlanCommitment;
import dev.patchverdict.behave.sandbox.HostLimits;
import dev.patchverdict.behave.sandbox.SandboxUser;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "behave",
        header = "Run a behavioural plan's checks on a patch in a sandbox.",
        mixinStandardHelpOptions = true,
        subcommands = {BehaveCommitCommand.class, BehavePlanCommand.class},
        description = {
            "Run a committed BehaviouralPlan (v0.1, or v0.2 with relations) against a candidate in the bubblewrap"
                    + " sandbox.",
            "",
            "Runs only after the metadata-only verifier passed the same candidate, and only a plan committed"
                    + " before the run ('patchverdict behave commit --plan F'). Writes a VerificationResult."
                    + " Exit 0 PROVEN, 1 REFUTED, 2 UNVERIFIED or refused."
        })
final class BehaveCommand implements Callable<Integer> {
    enum Format { text, json }

    // The flags that set the runner's ceilings: spelled once, for the options and for a refusal.
    private static final String MAX_WALL_SECONDS = "--max-wall-seconds";
    private static final String MAX_CPU_SECONDS = "--max-cpu-seconds";
    private static final String MAX_MEMORY_MB = "--max-memory-mb";
    private static final String MAX_OUTPUT_BYTES = "--max-output-bytes";
    private static final String MAX_FILE_BYTES = "--max-file-bytes";
    private static final String MAX_CHECKS = "--max-checks";
    private static final String MAX_MUTANTS = "--max-mutants";
    private static final String MAX_RELATIONS = "--max-relations";

    @Spec
    CommandSpec spec;

    @Option(names = "--plan", paramLabel = "FILE", description = "The BehaviouralPlan v0.1 or v0.2.")
    String plan;

    @Option(names = "--work-unit", paramLabel = "FILE", description = "The WorkUnit v0.2 the plan is bound to.")
    String workUnit;

    @Option(names = "--result-manifest", paramLabel = "FILE", description = "The worker's ResultManifest v0.1.")
    String resultManifest;

    @Option(names = "--candidate-root", paramLabel = "DIR", description = "Where the manifest's artifact locators point.")
    String candidateRoot;

    @Option(names = "--static-result", paramLabel = "FILE",
            description = "The passing metadata-only VerificationResult for the same candidate.")
    String staticResult;

    @Option(names = "--repo", paramLabel = "GITDIR", description = "A Git repository holding the bound source revision.")
    String repo;

    @Option(names = "--commitment", paramLabel = "FILE",
            description = "The plan's commitment record (default: <plan>.commitment.json).")
    String commitment;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the VerificationResult here.")
    String output;

    @Option(names = "--force", description = "Replace an existing output file (never one of the inputs); its file mode is kept.")
    boolean force;

    @Option(names = "--runner-id", paramLabel = "ID",
            description = "This runner's identity, recorded as the result's verifier; refused when it is the worker's or"
                    + " the static verifier's id (default: patchverdict-behavioural-runner).")
    String runnerId = Behave.Settings.DEFAULT_RUNNER_ID;

    @Option(names = MAX_WALL_SECONDS, paramLabel = "S", description = "Refuse a plan whose wall_seconds exceeds S"
            + " (default: ${DEFAULT-VALUE}).")
    double maxWallSeconds = RunnerCeilings.DEFAULT.wallSeconds();

    @Option(names = MAX_CPU_SECONDS, paramLabel = "S", description = "Refuse a plan whose cpu_seconds exceeds S"
            + " (default: ${DEFAULT-VALUE}).")
    int maxCpuSeconds = RunnerCeilings.DEFAULT.cpuSeconds();

    @Option(names = MAX_MEMORY_MB, paramLabel = "MB", description = "Refuse a plan whose memory_mb exceeds MB"
            + " (default: ${DEFAULT-VALUE}).")
    int maxMemoryMb = RunnerCeilings.DEFAULT.memoryMb();

    @Option(names = MAX_OUTPUT_BYTES, paramLabel = "N", description = "Refuse a plan whose output_bytes exceeds N"
            + " (default: ${DEFAULT-VALUE}).")
    long maxOutputBytes = RunnerCeilings.DEFAULT.outputBytes();

    @Option(names = MAX_FILE_BYTES, paramLabel = "N", description = "Refuse a plan whose file_size_bytes exceeds N"
            + " (default: ${DEFAULT-VALUE}).")
    long maxFileBytes = RunnerCeilings.DEFAULT.fileSizeBytes();

    @Option(names = MAX_CHECKS, paramLabel = "N", description = "Refuse a plan with more than N checks"
            + " (default: ${DEFAULT-VALUE}).")
    int maxChecks = RunnerCeilings.DEFAULT.checks();

    @Option(names = MAX_MUTANTS, paramLabel = "N", description = "Refuse a plan whose max_mutants exceeds N"
            + " (default: ${DEFAULT-VALUE}).")
    int maxMutants = RunnerCeilings.DEFAULT.mutants();

    @Option(names = MAX_RELATIONS, paramLabel = "N", description = "Refuse a plan with more than N relations"
            + " (default: ${DEFAULT-VALUE}).")
    int maxRelations = RunnerCeilings.DEFAULT.relations();

    @Option(names = "--max-tree-bytes", paramLabel = "N", description = "The most the tree may hold: the size of"
            + " its file system in the sandbox (and one inode per 4 KiB), and the most copied back; a run filling it"
            + " decides nothing (default: ${DEFAULT-VALUE}).")
    long maxTreeBytes = RunnerCeilings.DEFAULT.host().treeBytes();

    @Option(names = "--max-processes", paramLabel = "N", description = "RLIMIT_NPROC in the sandbox, counted over"
            + " every process of the sandbox's host user (default: ${DEFAULT-VALUE}).")
    int maxProcesses = RunnerCeilings.DEFAULT.host().processes();

    @Option(names = "--sandbox-user", paramLabel = "auto|UID:GID", description = "The unprivileged host user a"
            + " runner running as root starts the sandbox as: auto, a fresh uid/gid no host process, account or"
            + " group has, for each run; or a fixed one, never 0, dedicated to the sandbox (default:"
            + " ${DEFAULT-VALUE}).")
    String sandboxUser = SandboxUser.FRESH;

    @Option(names = "--shm-bytes", paramLabel = "N", description = "The size of the sandbox's /dev/shm"
            + " (default: ${DEFAULT-VALUE}).")
    long shmBytes = RunnerCeilings.DEFAULT.host().shmBytes();

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "What to print: the text report (default) or the VerificationResult.")
    Format format;

    @picocli.CommandLine.Mixin
    ProgressOption progress = new ProgressOption();

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        require(plan, "--plan");
        require(workUnit, "--work-unit");
        require(resultManifest, "--result-manifest");
        require(candidateRoot, "--candidate-root");
        require(staticResult, "--static-result");
        require(repo, "--repo");
        BehaveRequest request = new BehaveRequest(ctx.resolve(plan), ctx.resolve(workUnit), ctx.resolve(resultManifest),
                ctx.resolve(candidateRoot), ctx.resolve(staticResult), ctx.resolve(repo),
                Optional.ofNullable(commitment).map(ctx::resolve), Optional.ofNullable(output).map(ctx::resolve));
        if (request.output().isPresent()) {
            Map<String, Path> inputs = new LinkedHashMap<>();
            inputs.put("--plan", request.plan());
            inputs.put("--work-unit", request.workUnit());
            inputs.put("--result-manifest", request.resultManifest());
            inputs.put("--static-result", request.staticResult());
            inputs.put("--commitment", request.commitment().orElse(PlanCommitment.defaultLocation(request.plan())));
            CommandFiles.checkOutput(output, request.output().get(), inputs, force);
        }
        Behave.Settings settings = settings(ctx, ceilings());
        if (settings.ceilings().host().user().filter(SandboxUser::isNobody).isPresent()) {
            ctx.err().println("patchverdict: warning: --sandbox-user " + sandboxUser + " is (or shares an id with)"
                    + " the host's nobody: when run as root, any other process running as nobody can reach and"
                    + " rewrite the sandbox's tree; the default, auto, gives each run a user of its own");
        }
        try {
            Behave.Outcome o;
            try (ProgressOption.Line line = progress.open(ctx, "behave", "mutants", false)) {
                o = Behave.run(request, settings, line);
            }
            ctx.out().print(format == Format.json ? o.result().toJson().toPrettyString() + "\n" : o.report());
            o.leftovers().forEach(l -> ctx.err().println("patchverdict: behave: cleanup: " + l));
            return o.exitCode();
        } catch (CeilingsExceeded e) {
            throw CliException.undecided(e.what(), e.message(x -> x.describe() + " (" + flag(x.limit()) + ")"));
        } catch (BehaveException e) {
            throw CliException.undecided(e.what(), e.getMessage());
        }
    }

    /** The library checks the runner id; a blank one is the operator's usage error. */
    private Behave.Settings settings(CliContext ctx, RunnerCeilings ceilings) {
        Behave.Settings base = Behave.Settings.of(ctx.clock(), ctx.env(), Version.get(),
                Path.of(System.getProperty("java.io.tmpdir")));
        try {
            return base.withRunner(runnerId, ceilings);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("usage: behave: --runner-id: " + e.getMessage());
        }
    }

    private static String flag(RunnerCeilings.Limit limit) {
        return switch (limit) {
            case WALL_SECONDS -> MAX_WALL_SECONDS;
            case CPU_SECONDS -> MAX_CPU_SECONDS;
            case MEMORY_MB -> MAX_MEMORY_MB;
            case OUTPUT_BYTES -> MAX_OUTPUT_BYTES;
            case FILE_SIZE_BYTES -> MAX_FILE_BYTES;
            case CHECKS -> MAX_CHECKS;
            case MUTANTS -> MAX_MUTANTS;
            case RELATIONS -> MAX_RELATIONS;
        };
    }

    private RunnerCeilings ceilings() {
        try {
            return new RunnerCeilings(maxWallSeconds, maxCpuSeconds, maxMemoryMb, maxOutputBytes, maxFileBytes,
                    maxChecks, maxMutants, maxRelations, new HostLimits(maxProcesses, shmBytes, maxTreeBytes,
                            SandboxUser.parseChoice(sandboxUser)));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("usage: behave: " + e.getMessage());
        }
    }

    private static void require(String value, String option) {
        if (value == null) {
            throw CliException.usage("usage: behave needs " + option);
        }
    }
}
