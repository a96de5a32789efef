// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * A metamorphic relation: a source run, a followup run on an input the plan's author transformed
 * and wrote out (the runner never invents inputs), and what must hold between their standard
 * outputs. Both runs must exit with {@code expectedExitCode} (0 unless declared) and, when a
 * witness is declared, certify themselves with one; otherwise the relation cannot be judged.
 */
public record Relation(String id, Optional<String> description, Command source, Command followup,
        RelationOperator relation, int expectedExitCode, Optional<WitnessPolarity> witness) {
    public Relation {
        // A relation's id follows a check's rule.
        if (id == null || !CheckSpec.ID.matcher(id).matches()) {
            throw new IllegalArgumentException("relation id must match " + CheckSpec.ID + ": " + id);
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(followup, "followup");
        Objects.requireNonNull(relation, "relation");
        if (source.equals(followup)) {
            throw new IllegalArgumentException("relation " + id + ": the source and the followup are the same run,"
                    + " so the relation would show nothing");
        }
        if (expectedExitCode < 0 || expectedExitCode > 255) {
            throw new IllegalArgumentException("relation " + id + ": expected_exit_code must be in [0, 255]: "
                    + expectedExitCode);
        }
        Objects.requireNonNull(witness, "witness");
    }
}
