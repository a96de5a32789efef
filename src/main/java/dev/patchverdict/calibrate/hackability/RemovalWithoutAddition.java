// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The old form is deleted and nothing replaces it. */
public final class RemovalWithoutAddition implements Operator {
    @Override
    public String name() {
        return "removal-without-addition";
    }

    @Override
    public String description() {
        return "The old form is deleted and nothing replaces it.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.allAdded().isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(List.of(" # context"));
        lines.addAll(Patches.prefixed('-', t.allRemoved()));
        return List.of(decoy("deleted", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
