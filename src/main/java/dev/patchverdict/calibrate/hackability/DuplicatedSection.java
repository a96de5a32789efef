// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The same path has two sections: the first makes the replacement, the second undoes it, so the file ends as it began. */
public final class DuplicatedSection implements Operator {
    @Override
    public String name() {
        return "duplicated-section";
    }

    @Override
    public String description() {
        return "The same path has two sections: the first makes the replacement, the second undoes it, so the file ends as it began.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() && t.allRemoved().isEmpty()) {
            return List.of();
        }
        List<String> forward = Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', t.allAdded()));
        List<String> back = Patches.concat(Patches.prefixed('-', t.allAdded()), Patches.prefixed('+', t.allRemoved()));
        if (t.allRemoved().isEmpty()) {
            forward.add(0, " # context");
            back.add(0, " # context");
        }
        return List.of(decoy("undone", Patches.modify(t.inScope(), Patches.hunk(1, forward))
                + Patches.modify(t.inScope(), Patches.hunk(1, back))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
