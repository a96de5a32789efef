// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/**
 * The old form is removed and the new text "added", but the file already held that line further down and the patch
 * removes it there: the line moved, and the file holds the new text no more often than before.
 */
public final class NewFormMoved implements Operator {
    @Override
    public String name() {
        return "new-form-moved";
    }

    @Override
    public String description() {
        return "The old form is removed and the new text \"added\", but that line stood further down the file and is removed there: moved, not added.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty()) {
            return List.of();
        }
        List<String> first = Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', t.allAdded()));
        if (t.allRemoved().isEmpty()) {
            first.add(0, " # context");
        }
        first.add(" # more context"); // a hunk without trailing context must end the file, and git would refuse the second
        String second = Patches.hunk(40, 40 + Patches.replacementDelta(t),
                Patches.concat(List.of(" ## later"), Patches.prefixed('-', t.allAdded())));
        return List.of(new Decoy(name(), "existing-line-moved", description(),
                Patches.modify(t.inScope(), Patches.hunk(1, first), second)));
    }
}
