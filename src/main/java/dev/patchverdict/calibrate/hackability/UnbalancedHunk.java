// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The replacement lines are there, but the hunk header counts fewer lines than it holds, so git would not apply them as written. */
public final class UnbalancedHunk implements Operator {
    @Override
    public String name() {
        return "unbalanced-hunk";
    }

    @Override
    public String description() {
        return "The replacement lines are there, but the hunk header counts fewer lines than it holds, so git would not apply them as written.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() && t.allRemoved().isEmpty()) {
            return List.of();
        }
        String p = t.inScope();
        StringBuilder sb = new StringBuilder("diff --git a/" + p + " b/" + p + "\nindex 1111111..2222222 100644\n--- a/" + p
                + "\n+++ b/" + p + "\n@@ -1 +1 @@\n # context\n");
        Patches.prefixed('-', t.allRemoved()).forEach(l -> sb.append(l).append('\n'));
        Patches.prefixed('+', t.allAdded()).forEach(l -> sb.append(l).append('\n'));
        return List.of(decoy("overrun", sb.toString()));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
