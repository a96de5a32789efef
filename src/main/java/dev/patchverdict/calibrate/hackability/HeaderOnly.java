// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** Every required text only in headers (a hunk heading, the trailing text of a file header), never in a changed line. */
public final class HeaderOnly implements Operator {
    @Override
    public String name() {
        return "header-only";
    }

    @Override
    public String description() {
        return "Every required text only in headers (a hunk heading, the trailing text of a file header), never in a changed line.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<String> texts = Patches.concat(t.allRemoved(), t.allAdded());
        if (texts.isEmpty()) {
            return List.of();
        }
        String heading = String.join(" ", texts);
        String p = t.inScope();
        String inHeading = Patches.modify(p, Patches.hunk(1, List.of(" # context", "+unrelated change"), heading));
        String inFileHeader = "diff --git a/" + p + " b/" + p + "\nindex 1111111..2222222 100644\n--- a/" + p + "\t" + heading
                + "\n+++ b/" + p + "\t" + heading + "\n" + Patches.hunk(1, List.of(" # context", "+unrelated change"));
        return List.of(decoy("hunk-heading", inHeading), decoy("file-header-suffix", inFileHeader));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
