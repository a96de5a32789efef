// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** Every required text only in context lines; the one real change is an unrelated line. */
public final class ContextOnly implements Operator {
    @Override
    public String name() {
        return "context-only";
    }

    @Override
    public String description() {
        return "Every required text only in context lines; the one real change is an unrelated line.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> texts = Patches.concat(t.allRemoved(), t.allAdded());
        if (texts.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(Patches.prefixed(' ', texts));
        lines.add("+unrelated change");
        return List.of(decoy("context", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
