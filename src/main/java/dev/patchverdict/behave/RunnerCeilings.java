package dev.patchverdict.behave;

import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.sandbox.HostLimits;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the operator of the runner allows, whatever a plan asks: a plan asking for more than any
 * ceiling is refused before anything runs. The limits in {@link HostLimits} are the runner's
 * alone and are set on every run.
 */
public record RunnerCeilings(double wallSeconds, int cpuSeconds, int memoryMb, long outputBytes, long fileSizeBytes,
        int checks, int mutants, HostLimits host) {
    public static final RunnerCeilings DEFAULT = new RunnerCeilings(600, 600, 4096, 8L << 20, 256L << 20, 64, 50,
            HostLimits.DEFAULT);

    public RunnerCeilings {
        Objects.requireNonNull(host, "host");
        if (!(wallSeconds > 0) || cpuSeconds < 1 || memoryMb < 16 || outputBytes < 1 || fileSizeBytes < 1
                || checks < 1 || mutants < 0) {
            throw new IllegalArgumentException("every ceiling must be positive (max mutants may be 0)");
        }
    }

    /** Each way the plan exceeds a ceiling, naming the plan's field, both values and the flag. */
    public List<String> exceededBy(BehaviouralPlan plan) {
        List<String> over = new ArrayList<>();
        SandboxLimits s = plan.sandbox();
        above(over, "sandbox.wall_seconds", s.wallSeconds(), wallSeconds, "--max-wall-seconds");
        above(over, "sandbox.cpu_seconds", s.cpuSeconds(), cpuSeconds, "--max-cpu-seconds");
        above(over, "sandbox.memory_mb", s.memoryMb(), memoryMb, "--max-memory-mb");
        above(over, "sandbox.output_bytes", s.outputBytes(), outputBytes, "--max-output-bytes");
        above(over, "sandbox.file_size_bytes", s.fileSizeBytes(), fileSizeBytes, "--max-file-bytes");
        above(over, "the number of checks", plan.checks().size(), checks, "--max-checks");
        plan.mutationAdequacy().ifPresent(m ->
                above(over, "mutation_adequacy.max_mutants", m.maxMutants(), mutants, "--max-mutants"));
        return over;
    }

    private static void above(List<String> over, String field, double asked, double ceiling, String flag) {
        if (asked > ceiling) {
            over.add(field + " is " + number(asked) + ", over the runner's limit of " + number(ceiling) + " (" + flag
                    + ")");
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
