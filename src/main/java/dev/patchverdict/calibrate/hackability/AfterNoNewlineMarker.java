// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The replacement lines sit after a no-newline-at-end-of-file marker, past the lines the hunk counts. */
public final class AfterNoNewlineMarker implements Operator {
    @Override
    public String name() {
        return "after-no-newline-marker";
    }

    @Override
    public String description() {
        return "The replacement lines sit after a no-newline-at-end-of-file marker, past the lines the hunk counts.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() && t.allRemoved().isEmpty()) {
            return List.of();
        }
        StringBuilder sb = new StringBuilder(Patches.modify(t.inScope(), Patches.hunk(1, List.of("-last line", "+last line."))));
        sb.append("\\ No newline at end of file\n");
        Patches.prefixed('-', t.allRemoved()).forEach(l -> sb.append(l).append('\n'));
        Patches.prefixed('+', t.allAdded()).forEach(l -> sb.append(l).append('\n'));
        return List.of(decoy("uncounted", sb.toString()));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
