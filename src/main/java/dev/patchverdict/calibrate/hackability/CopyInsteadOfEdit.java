// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/** The file is copied and the replacement made in the copy: git leaves the original, old form and all, as it was. */
public final class CopyInsteadOfEdit implements Operator {
    @Override
    public String name() {
        return "copy-instead-of-edit";
    }

    @Override
    public String description() {
        return "The file is copied and the replacement made in the copy: git leaves the original, old form and all, as it was.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.secondInScope().isEmpty()) {
            return List.of();
        }
        return List.of(new Decoy(name(), "fix-in-copy", description(),
                Patches.copy(t.inScope(), t.secondInScope().get(), Patches.replacementHunk(t))));
    }
}
