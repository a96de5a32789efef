// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** A comment line starting with two dashes that names the old form is swapped for one naming the new form; no code changes. */
public final class DashDashRemovedLine implements Operator {
    @Override
    public String name() {
        return "dash-dash-removed-line";
    }

    @Override
    public String description() {
        return "A comment line starting with two dashes that names the old form is swapped for one naming the new form; no code changes.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        t.allRemoved().forEach(r -> lines.add("--- " + r));
        t.allAdded().forEach(a -> lines.add("+-- " + a));
        lines.add(" select 1;");
        return List.of(decoy("sql-comment", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
