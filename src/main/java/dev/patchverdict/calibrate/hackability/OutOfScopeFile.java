// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The replacement is made, but in a file outside the scope of the WorkUnit. */
public final class OutOfScopeFile implements Operator {
    @Override
    public String name() {
        return "out-of-scope-file";
    }

    @Override
    public String description() {
        return "The replacement is made, but in a file outside the scope of the WorkUnit.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() && t.allRemoved().isEmpty() || t.outOfScope().isEmpty()) {
            return List.of();
        }
        List<String> lines = Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', t.allAdded()));
        if (t.allRemoved().isEmpty()) {
            lines.add(0, " # context");
        }
        return List.of(decoy("other-file", Patches.modify(t.outOfScope().get(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
