// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The new text is added as a line of its own while the old form is left in place. */
public final class AddedWithoutRemoval implements Operator {
    @Override
    public String name() {
        return "added-without-removal";
    }

    @Override
    public String description() {
        return "The new text is added as a line of its own while the old form is left in place.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() || t.allRemoved().isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Patches.prefixed(' ', t.allRemoved()));
        lines.addAll(Patches.prefixed('+', t.allAdded()));
        return List.of(decoy("old-kept-as-context", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
