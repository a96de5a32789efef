// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The old form is removed from one file and the new text added to another: nothing is replaced. */
public final class SplitAcrossFiles implements Operator {
    @Override
    public String name() {
        return "split-across-files";
    }

    @Override
    public String description() {
        return "The old form is removed from one file and the new text added to another: nothing is replaced.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.allAdded().isEmpty()) {
            return List.of();
        }
        if (t.secondInScope().isEmpty() && t.outOfScope().isEmpty()) {
            return List.of();
        }
        String other = t.secondInScope().orElseGet(() -> t.outOfScope().get());
        return List.of(decoy(t.secondInScope().isPresent() ? "two-in-scope-files" : "second-file-out-of-scope",
                Patches.modify(t.inScope(), Patches.hunk(1, Patches.concat(List.of(" # context"), Patches.prefixed('-', t.allRemoved()))))
                        + Patches.modify(other, Patches.hunk(1, Patches.concat(List.of(" # context"), Patches.prefixed('+', t.allAdded()))))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
