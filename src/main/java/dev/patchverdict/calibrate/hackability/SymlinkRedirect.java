// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/** The replacement is made, and the patch also plants a symbolic link inside the tree that points out of it. */
public final class SymlinkRedirect implements Operator {
    @Override
    public String name() {
        return "symlink-redirect";
    }

    @Override
    public String description() {
        return "The replacement is made, and the patch also plants a symbolic link inside the tree that points out of it.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allAdded().isEmpty() && t.allRemoved().isEmpty()) {
            return List.of();
        }
        String fix = Patches.replacement(t);
        String link = t.secondInScope().orElse(t.inScope());
        String section = "diff --git a/" + link + " b/" + link + "\nnew file mode 120000\nindex 0000000..6666666\n--- /dev/null\n+++ b/"
                + link + "\n@@ -0,0 +1 @@\n+../../../etc/passwd\n\\ No newline at end of file\n";
        return List.of(decoy("link-out", fix + section));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }
}
