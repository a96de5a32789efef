// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** Each required added text is cut in two across consecutive added lines, so no line holds it. */
public final class SplitAddedLine implements Operator {
    @Override
    public String name() {
        return "split-added-line";
    }

    @Override
    public String description() {
        return "Each required added text is cut in two across consecutive added lines, so no line holds it.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> added = t.allAdded();
        if (added.isEmpty() || added.stream().anyMatch(a -> a.codePointCount(0, a.length()) < 2)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Patches.prefixed('-', t.allRemoved()));
        if (lines.isEmpty()) {
            lines.add(" # context");
        }
        for (String a : added) {
            int cut = a.offsetByCodePoints(0, a.codePointCount(0, a.length()) / 2);
            lines.add("+" + a.substring(0, cut));
            lines.add("+" + a.substring(cut));
        }
        return List.of(decoy("halves", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
