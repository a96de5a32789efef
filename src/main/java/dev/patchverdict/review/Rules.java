// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.review;

import dev.patchverdict.diff.DiagnosticCode;
import dev.patchverdict.report.ReviewEntry;
import dev.patchverdict.report.RuleInfo;
import dev.patchverdict.tricks.TrickRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The rules review's findings name, for SARIF and the other code-scanning formats: one per diagnostic code, and review's own. */
public final class Rules {
    public static final String PLAN_UNMET = "PLAN_UNMET";
    public static final String EMPTY_PATCH = "EMPTY_PATCH";
    public static final String INVALID_PREDICTION = "INVALID_PREDICTION";
    public static final String UNREADABLE_INPUT = "UNREADABLE_INPUT";

    /** What to do about the codes agents most often trip; the rest get the generic advice. */
    private static final Map<DiagnosticCode, String> ADVICE = Map.ofEntries(
            Map.entry(DiagnosticCode.HUNK_COUNT_MISMATCH, "The hunk header's line counts disagree with its body. Regenerate the diff with git diff; `git apply --recount` ignores the counts."),
            Map.entry(DiagnosticCode.HUNK_TRUNCATED, "The input ends before the hunk header's counts are met: usually trailing lines were cut or stripped. `git apply --recount` counts the body instead."),
            Map.entry(DiagnosticCode.HUNK_OVERRUN, "Body lines follow after the header's counts are met; git silently drops them. Regenerate the diff, or apply with `--recount`."),
            Map.entry(DiagnosticCode.MISSING_FINAL_NEWLINE, "The patch does not end with a line feed; add one."),
            Map.entry(DiagnosticCode.CRLF_LINE_ENDING, "The patch has CRLF line endings: convert it to LF, or, where the"
                    + " repository's files end their lines in CRLF, allow it with `--allow crlf`."),
            Map.entry(DiagnosticCode.LEADING_GARBAGE, "Text (often prose or a Markdown fence) precedes the first file section; drop it."),
            Map.entry(DiagnosticCode.TRAILING_GARBAGE, "Text follows a section's last hunk; drop it."),
            Map.entry(DiagnosticCode.NO_VALID_PATCHES, "The input holds no file section: the agent produced no diff."),
            Map.entry(DiagnosticCode.BINARY_WITHOUT_PAYLOAD, "'Binary files ... differ' carries no data; regenerate with `git diff --binary`."));

    private Rules() {}

    public static List<RuleInfo> all() {
        List<RuleInfo> out = new ArrayList<>();
        for (DiagnosticCode c : DiagnosticCode.values()) {
            String what = c.description().substring(0, 1).toUpperCase(Locale.ROOT) + c.description().substring(1) + ".";
            String advice = ADVICE.getOrDefault(c, c.category() == DiagnosticCode.Category.POLICY
                    ? "A policy finding: allow it with `--allow " + c.allowKey().orElse("") + "` when the change is intended."
                    : "patchverdict's strict diff reader (" + c.category().name().toLowerCase(Locale.ROOT)
                            + " rules) rejects this; regenerate the diff with git diff.");
            out.add(new RuleInfo(c.name(), camel(c.name()), what, what + " " + advice,
                    c.category() == DiagnosticCode.Category.POLICY ? "warning" : "error"));
        }
        out.add(new RuleInfo(PLAN_UNMET, "PlanUnmet", "The patch does not meet the EvaluatorPlan's contract.",
                "The EvaluatorPlan given with --plan requires added, removed or replaced text that the patch does not hold as"
                        + " the plan's version defines it; the result lists each unmet requirement.", "error"));
        out.add(new RuleInfo(EMPTY_PATCH, "EmptyPatch", "The prediction's patch is null or empty.",
                "The agent produced no patch for this task; it cannot be applied or evaluated.", "error"));
        out.add(new RuleInfo(INVALID_PREDICTION, "InvalidPrediction", "A prediction that is not valid.",
                "The predictions file holds a line or element that is not a JSON object with a text patch field; it was"
                        + " not reviewed.", "error"));
        out.add(new RuleInfo(UNREADABLE_INPUT, "UnreadableInput", "An input that could not be read.",
                "The file could not be read to its end, or passed one of the reader's limits; no verdict was reached.", "error"));
        return List.copyOf(out);
    }

    /** {@link #all()} followed by the trick rules a {@code --detect} run uses, with their public sources as help. */
    public static List<RuleInfo> all(List<TrickRule> tricks) {
        List<RuleInfo> out = new ArrayList<>(all());
        for (TrickRule t : tricks) {
            String level = ReviewEntry.Finding.trickLevel(t.severity().label());
            out.add(new RuleInfo(t.id(), camel(t.id()), t.description(), t.help() + " Severity " + t.severity().label()
                    + (t.severity() == dev.patchverdict.tricks.TrickSeverity.HACK ? ": a hit fails the patch." : ": reported, never failing."), level));
        }
        return List.copyOf(out);
    }

    static String camel(String code) {
        StringBuilder sb = new StringBuilder();
        boolean start = true;
        for (char c : code.toCharArray()) {
            if (c == '_' || c == '-') {
                start = true;
            } else {
                sb.append(start ? c : Character.toLowerCase(c));
                start = false;
            }
        }
        return sb.toString();
    }
}
