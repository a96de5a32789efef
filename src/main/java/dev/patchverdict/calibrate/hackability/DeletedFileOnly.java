// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** Every required text only in the lines of a file the patch deletes. */
public final class DeletedFileOnly implements Operator {
    @Override
    public String name() {
        return "deleted-file-only";
    }

    @Override
    public String description() {
        return "Every required text only in the lines of a file the patch deletes.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> texts = Patches.concat(t.allRemoved(), t.allAdded());
        if (texts.isEmpty()) {
            return List.of();
        }
        return List.of(decoy("deleted-file", Patches.delete(t.inScope(), texts)));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
