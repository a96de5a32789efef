// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The old form is removed in one hunk and the new text added in another hunk of the same file: nothing is replaced. */
public final class SplitAcrossHunks implements Operator {
    @Override
    public String name() {
        return "split-across-hunks";
    }

    @Override
    public String description() {
        return "The old form is removed in one hunk and the new text added in another hunk of the same file: nothing is replaced.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.allAdded().isEmpty()) {
            return List.of();
        }
        // Trailing context, as git writes it: a hunk without any must end the file, and git would refuse the second.
        String first = Patches.hunk(1, Patches.concat(Patches.concat(List.of(" # context"), Patches.prefixed('-', t.allRemoved())),
                List.of(" # more context")));
        String second = Patches.hunk(40, 40 - t.allRemoved().size(), Patches.concat(List.of(" ## later"), Patches.prefixed('+', t.allAdded())));
        return List.of(decoy("two-hunks", Patches.modify(t.inScope(), first, second)));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
