// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import com.google.re2j.Pattern;

/** A BehaviouralPlan v0.1, read strictly: immutable, and valid by construction. */
public record BehaviouralPlan(String id, Optional<String> description, PlanBinding binding, RunnerIdentity runner,
        SandboxLimits sandbox, List<CheckSpec> checks, Optional<MutationAdequacy> mutationAdequacy,
        ChangePolicy changePolicy) {
    public static final String SCHEMA_VERSION = "0.1";
    public static final String KIND = "behavioural_plan";
    public static final String EXECUTION_MODE = "sandboxed_behavioural";
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._/-]{2,127}");

    public BehaviouralPlan {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("plan id must match " + ID + ": " + id);
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(binding, "binding");
        if (!RunnerIdentity.V0_1.equals(runner)) {
            throw new IllegalArgumentException("this runner is " + RunnerIdentity.V0_1 + ", the plan names " + runner);
        }
        Objects.requireNonNull(sandbox, "sandbox");
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("a plan needs at least one check");
        }
        Set<String> seen = new HashSet<>();
        for (CheckSpec c : checks) {
            if (!seen.add(c.id())) {
                throw new IllegalArgumentException("check id '" + c.id() + "' is declared twice");
            }
        }
        Objects.requireNonNull(mutationAdequacy, "mutationAdequacy");
        Objects.requireNonNull(changePolicy, "changePolicy");
    }

    public List<CheckSpec> checksOf(CheckKind kind) {
        return checks.stream().filter(c -> c.kind() == kind).toList();
    }
}
