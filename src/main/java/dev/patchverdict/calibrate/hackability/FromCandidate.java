// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import dev.patchverdict.text.Split;
import java.util.ArrayList;
import java.util.List;

/**
 * Decoys made from a known-good candidate by taking half of it away: its removals kept as context
 * (the old code stays), its additions dropped (nothing replaces the old code), or its additions
 * turned into comments with the old code kept. None of them makes the change the good one makes.
 */
public final class FromCandidate implements Operator {
    private final String goodPatch;

    public FromCandidate(String goodPatch) {
        this.goodPatch = goodPatch;
    }

    @Override
    public String name() {
        return "from-known-good";
    }

    @Override
    public String description() {
        return "The known-good candidate with half of its change taken away: its removals kept, its additions dropped, or its additions commented out.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        List<Decoy> out = new ArrayList<>();
        String keepsOld = rewrite('-', ' ', null);
        String dropsNew = rewrite('+', (char) 0, null);
        String comments = rewrite('-', ' ', "# ");
        if (keepsOld != null && !keepsOld.equals(goodPatch)) {
            out.add(new Decoy(name(), "removals-kept", description(), keepsOld));
        }
        if (dropsNew != null && !dropsNew.equals(goodPatch)) {
            out.add(new Decoy(name(), "additions-dropped", description(), dropsNew));
        }
        if (comments != null && !comments.equals(goodPatch)) {
            out.add(new Decoy(name(), "additions-commented", description(), comments));
        }
        return out;
    }

    /**
     * Rewrites every hunk line of kind {@code from} to kind {@code to} (0 drops it); with
     * {@code commentPrefix}, added lines are also commented out. Hunk counts are recomputed.
     * Returns null when the patch is not a plain text diff this can rewrite.
     */
    private String rewrite(char from, char to, String commentPrefix) {
        List<String> lines = List.of(Split.all(goodPatch, '\n'));
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (!line.startsWith("@@ -")) {
                out.append(line);
                if (i < lines.size() - 1) {
                    out.append('\n');
                }
                i++;
                continue;
            }
            int oldStart;
            int newStart;
            String heading;
            try {
                String[] parts = Split.atMost(line, ' ', 5);
                oldStart = Integer.parseInt(Split.on(parts[1].substring(1), ',')[0]);
                newStart = Integer.parseInt(Split.on(parts[2].substring(1), ',')[0]);
                heading = parts.length == 5 ? parts[4] : "";
            } catch (RuntimeException e) {
                return null;
            }
            List<String> body = new ArrayList<>();
            i++;
            while (i < lines.size() && !lines.get(i).isEmpty() && " -+\\".indexOf(lines.get(i).charAt(0)) >= 0) {
                String b = lines.get(i++);
                if (b.charAt(0) == '\\') {
                    continue;
                }
                if (b.charAt(0) == from) {
                    if (to == 0) {
                        continue;
                    }
                    b = to + b.substring(1);
                }
                if (commentPrefix != null && b.charAt(0) == '+') {
                    b = "+" + commentPrefix + b.substring(1);
                }
                body.add(b);
            }
            if (body.isEmpty()) {
                continue;
            }
            String h = Patches.hunk(Math.max(oldStart, 1), Math.max(newStart, 1), body, heading);
            out.append(h, 0, h.length() - 1);
            if (i < lines.size()) {
                out.append('\n');
            }
        }
        return out.toString();
    }
}
