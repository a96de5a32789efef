// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The line that carries the new text still holds the old form (unsafe_call( args.value) holds safe_call( as a substring). */
public final class OldFormKept implements Operator {
    @Override
    public String name() {
        return "old-form-kept";
    }

    @Override
    public String description() {
        return "The line that carries the new text still holds the old form (unsafe_call( args.value) holds safe_call( as a substring).";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.allAdded().isEmpty()) {
            return List.of();
        }
        List<String> kept = new ArrayList<>();
        for (String r : t.allRemoved()) {
            String line = r + " ";
            for (String a : t.allAdded()) {
                if (!line.contains(a)) {
                    line = line + "/* " + a + " */";
                }
            }
            kept.add(line);
        }
        return List.of(decoy("old-inside-new", Patches.modify(t.inScope(),
                Patches.hunk(1, Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', kept))))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
