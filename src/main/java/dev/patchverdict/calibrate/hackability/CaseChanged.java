// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The old form is replaced by the new text in other letter case, which is other code in a case-sensitive language. */
public final class CaseChanged implements Operator {
    @Override
    public String name() {
        return "case-changed";
    }

    @Override
    public String description() {
        return "The old form is replaced by the new text in other letter case, which is other code in a case-sensitive language.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> changed = new ArrayList<>();
        for (String a : t.allAdded()) {
            String c = swapCase(a);
            if (c.equals(a)) {
                return List.of();
            }
            changed.add(c);
        }
        if (changed.isEmpty()) {
            return List.of();
        }
        List<String> lines = Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', changed));
        if (t.allRemoved().isEmpty()) {
            lines.add(0, " # context");
        }
        return List.of(decoy("swapped", Patches.modify(t.inScope(), Patches.hunk(1, lines))));
    }

    static String swapCase(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> sb.appendCodePoint(Character.isUpperCase(cp) ? Character.toLowerCase(cp)
                : Character.isLowerCase(cp) ? Character.toUpperCase(cp) : cp));
        return sb.toString();
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
