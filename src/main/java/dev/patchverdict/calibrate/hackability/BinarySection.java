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
        String name = safe(String.join("-", texts)) + ".bin";
        String dir = t.inScope().contains("/") ? t.inScope().substring(0, t.inScope().lastIndexOf('/') + 1) : "";
        String p = dir + name;
        return List.of(decoy("binary", "diff --git a/" + p + " b/" + p + "\nnew file mode 100644\nindex 0000000..5555555\n"
                + "Binary files /dev/null and b/" + p + " differ\n"));
    }

    private Decoy decoy(String variant, String patch) {
        return new Decoy(name(), variant, description(), patch);
    }

    /** Every character but ASCII letters, digits, '.', '_' and '-' as '_': a file name from the plan's texts. */
    private static String safe(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            boolean keep = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-';
            sb.append(keep ? c : '_');
        }
        return sb.toString();
    }
}
