// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The replacement is made, and the old line is added back with a change (a trailing comment, commented out): the old form stays in the file. */
public final class MovedWithAChange implements Operator {
    @Override
    public String name() {
        return "moved-with-a-change";
    }

    @Override
    public String description() {
        return "The replacement is made, and the old line is added back with a change (a trailing comment, commented out): the old form stays in the file.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty()) {
            return List.of();
        }
        List<Decoy> out = new ArrayList<>();
        for (String[] v : new String[][] {{"trailing-comment", "", " # moved"}, {"commented-out", "<!-- ", " -->"}}) {
            List<String> lines = Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', t.allAdded()));
            for (String r : t.allRemoved()) {
                lines.add("+" + v[1] + r + v[2]);
            }
            out.add(new Decoy(name(), v[0], description(), Patches.modify(t.inScope(), Patches.hunk(1, lines))));
        }
        return out;
    }
}
