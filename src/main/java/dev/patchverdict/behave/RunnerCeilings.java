// SPDX-License-Identifier: Apache-2.0
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
        int checks, int mutants, int relations, HostLimits host) {
    /** The relations a plan may declare unless the runner says otherwise. */
    public static final int DEFAULT_RELATIONS = 64;
    public static final RunnerCeilings DEFAULT = new RunnerCeilings(600, 600, 4096, 8L << 20, 256L << 20, 64, 50,
            DEFAULT_RELATIONS, HostLimits.DEFAULT);

    /**
     * The ceilings a plan can ask more than, each with the plan field it bounds. How an operator
     * sets one (a flag, a setting) is the caller's to say.
     */
    public enum Limit {
        WALL_SECONDS("sandbox.wall_seconds"),
        CPU_SECONDS("sandbox.cpu_seconds"),
        MEMORY_MB("sandbox.memory_mb"),
        OUTPUT_BYTES("sandbox.output_bytes"),
        FILE_SIZE_BYTES("sandbox.file_size_bytes"),
        CHECKS("the number of checks"),
        MUTANTS("mutation_adequacy.max_mutants"),
        RELATIONS("the number of relations");

        private final String planField;

        Limit(String planField) {
            this.planField = planField;
        }

        /** What the plan asks under this limit, as a plan author knows it. */
        public String planField() {
            return planField;
        }
    }

    /** One way a plan asks for more than a ceiling: what it asks and what the runner allows. */
    public record Excess(Limit limit, double asked, double allowed) {
        public Excess {
            Objects.requireNonNull(limit, "limit");
            if (!(asked > allowed)) {
                throw new IllegalArgumentException("asking " + asked + " does not exceed " + allowed);
            }
        }

        /** The plan's field, both values: "sandbox.memory_mb is 65536, over the runner's limit of 4096". */
        public String describe() {
            return limit.planField() + " is " + number(asked) + ", over the runner's limit of " + number(allowed);
        }
    }

    public RunnerCeilings {
        Objects.requireNonNull(host, "host");
        // Each refusal names the limit by the plan field it bounds, as an excess does.
        require(wallSeconds > 0, Limit.WALL_SECONDS, "positive", wallSeconds);
        require(cpuSeconds >= 1, Limit.CPU_SECONDS, "positive", cpuSeconds);
        require(memoryMb >= 16, Limit.MEMORY_MB, "at least 16", memoryMb);
        require(outputBytes >= 1, Limit.OUTPUT_BYTES, "positive", outputBytes);
        require(fileSizeBytes >= 1, Limit.FILE_SIZE_BYTES, "positive", fileSizeBytes);
        require(checks >= 1, Limit.CHECKS, "positive", checks);
        require(mutants >= 0, Limit.MUTANTS, "0 or more", mutants);
        require(relations >= 0, Limit.RELATIONS, "0 or more", relations);
    }

    /** The default limit on relations. */
    public RunnerCeilings(double wallSeconds, int cpuSeconds, int memoryMb, long outputBytes, long fileSizeBytes,
            int checks, int mutants, HostLimits host) {
        this(wallSeconds, cpuSeconds, memoryMb, outputBytes, fileSizeBytes, checks, mutants, DEFAULT_RELATIONS, host);
    }

    private static void require(boolean ok, Limit limit, String rule, double value) {
        if (!ok) {
            throw new IllegalArgumentException("the runner's limit on " + limit.planField() + " must be " + rule
                    + ": " + number(value));
        }
    }

    /** Each way the plan exceeds a ceiling, in the order the limits are declared. */
    public List<Excess> exceededBy(BehaviouralPlan plan) {
        List<Excess> over = new ArrayList<>();
        SandboxLimits s = plan.sandbox();
        above(over, Limit.WALL_SECONDS, s.wallSeconds(), wallSeconds);
        above(over, Limit.CPU_SECONDS, s.cpuSeconds(), cpuSeconds);
        above(over, Limit.MEMORY_MB, s.memoryMb(), memoryMb);
        above(over, Limit.OUTPUT_BYTES, s.outputBytes(), outputBytes);
        above(over, Limit.FILE_SIZE_BYTES, s.fileSizeBytes(), fileSizeBytes);
        above(over, Limit.CHECKS, plan.checks().size(), checks);
        plan.mutationAdequacy().ifPresent(m -> above(over, Limit.MUTANTS, m.maxMutants(), mutants));
        above(over, Limit.RELATIONS, plan.relations().size(), relations);
        return List.copyOf(over);
    }

    private static void above(List<Excess> over, Limit limit, double asked, double ceiling) {
        if (asked > ceiling) {
            over.add(new Excess(limit, asked, ceiling));
        }
    }

    private static String number(double d) {
        return Double.isNaN(d) ? "NaN" : d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
