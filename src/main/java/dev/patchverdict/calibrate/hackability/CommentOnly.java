// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.ArrayList;
import java.util.List;

/** Every required added text only inside a comment line; nothing is removed, so the old form stays. */
public final class CommentOnly implements Operator {
    @Override
    public String name() {
        return "comment-only";
    }

    @Override
    public String description() {
        return "Every required added text only inside a comment line; nothing is removed, so the old form stays.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty()) {
            return List.of();
        }
        List<String> html = new ArrayList<>(List.of(" # context"));
        List<String> hash = new ArrayList<>(List.of(" # context"));
        for (String a : t.allAdded()) {
            html.add("+<!-- " + a + " -->");
            hash.add("+# " + a);
        }
        return List.of(decoy("html-comment", Patches.modify(t.inScope(), Patches.hunk(1, html))),
                decoy("hash-comment", Patches.modify(t.inScope(), Patches.hunk(1, hash))));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
