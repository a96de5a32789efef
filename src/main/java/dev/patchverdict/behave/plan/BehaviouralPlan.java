// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import com.google.re2j.Pattern;

/**
 * A BehaviouralPlan, v0.1 or v0.2, read strictly: immutable, and valid by construction. A v0.1
 * plan has no relations and the default relation rules, and is run exactly as before v0.2 existed.
 */
public record BehaviouralPlan(String schemaVersion, String id, Optional<String> description, PlanBinding binding,
        RunnerIdentity runner, SandboxLimits sandbox, List<CheckSpec> checks, Optional<MutationAdequacy> mutationAdequacy,
        ChangePolicy changePolicy, List<Relation> relations, RelationRules relationRules) {
    public static final String V0_1 = "0.1";
    public static final String V0_2 = "0.2";
    /** Every version this runner reads, oldest first. */
    public static final List<String> SCHEMA_VERSIONS = List.of(V0_1, V0_2);
    public static final String KIND = "behavioural_plan";
    public static final String EXECUTION_MODE = "sandboxed_behavioural";
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._/-]{2,127}");

    public BehaviouralPlan {
        if (schemaVersion == null || !SCHEMA_VERSIONS.contains(schemaVersion)) {
            throw new IllegalArgumentException("behavioural plan schema_version must be one of " + SCHEMA_VERSIONS
                    + ": " + schemaVersion);
        }
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
        relations = List.copyOf(relations);
        Objects.requireNonNull(relationRules, "relationRules");
        if (V0_1.equals(schemaVersion) && (!relations.isEmpty() || !RelationRules.DEFAULT.equals(relationRules))) {
            throw new IllegalArgumentException("relations are BehaviouralPlan v0.2; this plan is v0.1");
        }
        Set<String> relationIds = new HashSet<>();
        java.util.Map<List<Object>, String> sameRuns = new java.util.HashMap<>();
        for (Relation r : relations) {
            if (!relationIds.add(r.id())) {
                throw new IllegalArgumentException("relation id '" + r.id() + "' is declared twice");
            }
            // A copy would count twice where relations are counted (a rescue needs two).
            String twin = sameRuns.putIfAbsent(List.of(r.source(), r.followup(), r.relation(), r.expectedExitCode(),
                    r.witness()), r.id());
            if (twin != null) {
                throw new IllegalArgumentException("relations '" + twin + "' and '" + r.id() + "' are the same relation");
            }
        }
        if (!relations.isEmpty() && relationRules.vetoMin() > relations.size()) {
            throw new IllegalArgumentException("relation_rules.veto_min is " + relationRules.vetoMin() + ", but only "
                    + relations.size() + " relation" + (relations.size() == 1 ? " is" : "s are")
                    + " declared, so no veto could ever be made");
        }
    }

    /** A v0.1 plan: no relations. */
    public BehaviouralPlan(String id, Optional<String> description, PlanBinding binding, RunnerIdentity runner,
            SandboxLimits sandbox, List<CheckSpec> checks, Optional<MutationAdequacy> mutationAdequacy,
            ChangePolicy changePolicy) {
        this(V0_1, id, description, binding, runner, sandbox, checks, mutationAdequacy, changePolicy, List.of(),
                RelationRules.DEFAULT);
    }

    public List<CheckSpec> checksOf(CheckKind kind) {
        return checks.stream().filter(c -> c.kind() == kind).toList();
    }

    /** Whether this plan's version has relations (v0.2), even when it declares none. */
    public boolean hasRelationsSection() {
        return V0_2.equals(schemaVersion);
    }
}
