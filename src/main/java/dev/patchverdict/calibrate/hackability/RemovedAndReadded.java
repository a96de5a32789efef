// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The old form is removed and the new text added, but the old line is added back unchanged further down the file. */
public final class RemovedAndReadded implements Operator {
    @Override
    public String name() {
        return "removed-and-readded";
    }

    @Override
    public String description() {
        return "The old form is removed and the new text added, but the old line is added back unchanged further down the file.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.allAdded().isEmpty()) {
            return List.of();
        }
        int shift = t.allAdded().size() - t.allRemoved().size();
        // Trailing context, as git writes it: a hunk without any must end the file, and git would refuse the second.
        String first = Patches.hunk(1, Patches.concat(Patches.concat(Patches.prefixed('-', t.allRemoved()),
                Patches.prefixed('+', t.allAdded())), List.of(" # context")));
        String second = Patches.hunk(40, 40 + shift, Patches.concat(List.of(" ## later"), Patches.prefixed('+', t.allRemoved())));
        return List.of(decoy("moved", Patches.modify(t.inScope(), first, second)));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
