// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.diff.DiffLine;
import dev.patchverdict.diff.DiffReader;
import dev.patchverdict.diff.DiffVisitor;
import dev.patchverdict.diff.LineKind;
import dev.patchverdict.diff.Profile;
import dev.patchverdict.report.Advisory;
import dev.patchverdict.report.RequirementLocation;
import dev.patchverdict.report.VerificationReport;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds, for a report, the first added or removed line holding each text a plan requires: file,
 * hunk and patch line, read leniently (git's own acceptance) so a rejected patch still shows
 * where its text sits. The verdict never depends on this.
 */
public final class Locations {
    private Locations() {}

    /** The report view of a verification: requirements located in the patch, advisories as report rows. */
    public static VerificationReport report(Verification v, String candidateUri) {
        JsonNode plan = v.result();
        List<RequirementLocation> located = locate(v.candidateBytes(), requirements(v));
        List<Advisory> advisories = new ArrayList<>();
        v.advisories().forEach(d -> advisories.add(new Advisory(d.code().name(), d.severity().name().toLowerCase(Locale.ROOT),
                d.line(), d.message())));
        return new VerificationReport(plan, v.planVersion(), v.backend(), candidateUri, located, advisories);
    }

    /** (side, text) pairs the plan asked for, read back from the result's own diagnostics. */
    static List<String[]> requirements(Verification v) {
        List<String[]> out = new ArrayList<>();
        JsonNode review = null;
        for (JsonNode c : v.result().path("checks")) {
            if ("independent-review".equals(c.path("id").asText())) {
                review = c;
            }
        }
        if (review == null || !review.has("diagnostics")) {
            return out;
        }
        JsonNode d;
        try {
            d = new com.fasterxml.jackson.databind.ObjectMapper().readTree(review.path("diagnostics").asText());
        } catch (java.io.IOException e) {
            return out;
        }
        if (d.has("semantic_strict_transition")) {
            for (JsonNode r : d.path("semantic_strict_transition").path("requirements")) {
                if (r.has("removed")) {
                    out.add(new String[] {"removed", r.path("removed").asText()});
                }
                if (r.has("added")) {
                    out.add(new String[] {"added", r.path("added").asText()});
                }
            }
            return out;
        }
        if (d.has("semantic_substrings")) {
            d.path("semantic_substrings").path("required_added_substrings").forEach(t -> out.add(new String[] {"added", t.asText()}));
        } else {
            d.path("semantic").path("required_added_text").forEach(t -> out.add(new String[] {"added line", t.asText()}));
        }
        d.path("semantic_removed_substrings").path("required_removed_substrings")
                .forEach(t -> out.add(new String[] {"removed", t.asText()}));
        return out;
    }

    static List<RequirementLocation> locate(byte[] patch, List<String[]> wanted) {
        RequirementLocation[] found = new RequirementLocation[wanted.size()];
        DiffReader.read(new ByteArrayInputStream(patch), Profile.GIT, new DiffVisitor() {
            @Override
            public void onLine(DiffLine line) {
                LineKind kind = line.kind();
                if (kind != LineKind.ADDED && kind != LineKind.REMOVED) {
                    return;
                }
                String text = line.text();
                for (int i = 0; i < wanted.size(); i++) {
                    if (found[i] != null) {
                        continue;
                    }
                    String side = wanted.get(i)[0];
                    String needle = wanted.get(i)[1];
                    boolean sideOk = side.startsWith("added") ? kind == LineKind.ADDED : kind == LineKind.REMOVED;
                    boolean hit = side.equals("added line") ? text.equals(needle) : text.contains(needle);
                    if (sideOk && hit) {
                        found[i] = new RequirementLocation(side, needle, true, line.section().path().text(), line.hunkIndex(),
                                line.lineNumber(), text);
                    }
                }
            }
        });
        List<RequirementLocation> out = new ArrayList<>();
        for (int i = 0; i < wanted.size(); i++) {
            out.add(found[i] != null ? found[i] : RequirementLocation.missing(wanted.get(i)[0], wanted.get(i)[1]));
        }
        return out;
    }
}
