// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A calibration matrix: candidates (rows) under EvaluatorPlans (columns), all bound to one
 * WorkUnit, with the outcome each cell must have. Paths are resolved (against the matrix file).
 */
public record Matrix(String id, String description, Path workUnit, List<Column> plans, List<Row> candidates,
        Map<String, Map<String, Outcome>> expected) {

    public record Column(String id, String label, Path plan) {
        public Column {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(plan, "plan");
        }
    }

    public record Row(String id, String label, Path candidateRoot, Path resultManifest) {
        public Row {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(candidateRoot, "candidateRoot");
            Objects.requireNonNull(resultManifest, "resultManifest");
        }
    }

    public Matrix {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(workUnit, "workUnit");
        plans = List.copyOf(plans);
        candidates = List.copyOf(candidates);
        expected = Map.copyOf(expected);
        description = description == null ? "" : description;
        unique(plans.stream().map(Column::id).toList(), "plan");
        unique(candidates.stream().map(Row::id).toList(), "candidate");
        for (Row r : candidates) {
            Map<String, Outcome> row = expected.get(r.id());
            if (row == null) {
                throw new IllegalArgumentException("expected: no outcomes for candidate " + r.id());
            }
            for (Column c : plans) {
                if (!row.containsKey(c.id())) {
                    throw new IllegalArgumentException("expected." + r.id() + ": no outcome for plan " + c.id());
                }
            }
            for (String k : row.keySet()) {
                if (plans.stream().noneMatch(c -> c.id().equals(k))) {
                    throw new IllegalArgumentException("expected." + r.id() + "." + k + ": no such plan");
                }
            }
        }
        for (String k : expected.keySet()) {
            if (candidates.stream().noneMatch(r -> r.id().equals(k))) {
                throw new IllegalArgumentException("expected." + k + ": no such candidate");
            }
        }
    }

    public Outcome expected(String candidate, String plan) {
        return expected.get(candidate).get(plan);
    }

    private static void unique(List<String> ids, String what) {
        Set<String> seen = new HashSet<>();
        for (String id : ids) {
            if (!seen.add(id)) {
                throw new IllegalArgumentException("two " + what + "s have the id " + id);
            }
        }
    }
}
