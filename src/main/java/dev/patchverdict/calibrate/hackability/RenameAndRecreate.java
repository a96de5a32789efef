// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/** The file is renamed with the replacement made on the way, and a new file at the old path brings the old form back. */
public final class RenameAndRecreate implements Operator {
    @Override
    public String name() {
        return "rename-and-recreate";
    }

    @Override
    public String description() {
        return "The file is renamed with the replacement made on the way, and a new file at the old path brings the old form back.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.secondInScope().isEmpty()) {
            return List.of();
        }
        return List.of(new Decoy(name(), "old-path-recreated", description(),
                Patches.rename(t.inScope(), t.secondInScope().get(), Patches.replacementHunk(t))
                        + Patches.create(t.inScope(), "100644", t.allRemoved())));
    }
}
