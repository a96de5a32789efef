// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** The required texts are named only by a binary section (in its path), which carries no readable change. */
public final class BinarySection implements Operator {
    @Override
    public String name() {
        return "binary-section";
    }

    @Override
    public String description() {
        return "The required texts are named only by a binary section (in its path), which carries no readable change.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> texts = Patches.concat(t.allRemoved(), t.allAdded());
        if (texts.isEmpty()) {
            return List.of();
        }
        String name = String.join("-", texts).replaceAll("[^A-Za-z0-9._-]", "_") + ".bin";
        String dir = t.inScope().contains("/") ? t.inScope().substring(0, t.inScope().lastIndexOf('/') + 1) : "";
        String p = dir + name;
        return List.of(decoy("binary", "diff --git a/" + p + " b/" + p + "\nnew file mode 100644\nindex 0000000..5555555\n"
                + "Binary files /dev/null and b/" + p + " differ\n"));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
