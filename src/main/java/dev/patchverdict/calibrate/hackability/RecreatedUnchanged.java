// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/** The file is deleted and created again with the very same lines: every required text is "removed" and "added", nothing changed. */
public final class RecreatedUnchanged implements Operator {
    @Override
    public String name() {
        return "recreated-unchanged";
    }

    @Override
    public String description() {
        return "The file is deleted and created again with the very same lines: every required text is \"removed\" and \"added\", nothing changed.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> lines = Patches.concat(t.allRemoved(), t.allAdded());
        if (lines.isEmpty()) {
            return List.of();
        }
        return List.of(new Decoy(name(), "deleted-and-recreated", description(),
                Patches.delete(t.inScope(), lines) + Patches.create(t.inScope(), "100644", lines)));
    }
}
