// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.result;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.admission.Admitted;
import dev.patchverdict.behave.judge.CheckResult;
import dev.patchverdict.behave.judge.Comparison;
import dev.patchverdict.behave.judge.Evaluation;
import dev.patchverdict.behave.judge.LabelledComparison;
import dev.patchverdict.behave.judge.LevelResult;
import dev.patchverdict.behave.judge.Reason;
import dev.patchverdict.behave.judge.RelationResult;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.judge.RelationsOutcome;
import dev.patchverdict.behave.judge.TextDiff;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.mutation.MutantResult;
import dev.patchverdict.behave.sandbox.Durations;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.util.Locale;

/**
 * The human-readable report of a behavioural run: levels, checks, comparisons, mutants, verdict.
 * Much of it is candidate or worker text (outputs, diffs, ids, git's words), so every such piece
 * is shown on its own line with control characters escaped, and the whole report is escaped once
 * more before it leaves: output under test cannot clear the screen or print a verdict line.
 */
public final class TextReport {
    private static final int MAX_DIFF_CHARS = 4000;

    private TextReport() {}

    public static String render(Admitted in, Evaluation ev, int exitCode) {
        StringBuilder sb = new StringBuilder();
        sb.append("patchverdict behave: ").append(ev.verdictText()).append('\n');
        sb.append("  plan       ").append(in.plan().plan().id()).append(" (").append(in.plan().digest()).append(")\n");
        sb.append("  committed  ").append(in.commitment().committedAt()).append('\n');
        sb.append("  candidate  ").append(in.patchDigest()).append(" from result manifest ").append(in.manifest().id())
                .append(" (attempt ").append(in.manifest().attempt()).append(", worker ")
                .append(SafeText.escape(in.manifest().worker().id(), REPORT)).append(")\n");
        sb.append("  revision   ").append(in.commit()).append('\n');
        sb.append("  runner     ").append(SafeText.escape(in.runnerId(), REPORT)).append('\n');
        sb.append("  sandbox    ").append(ev.sandbox()).append('\n');
        sb.append('\n').append("levels\n");
        for (LevelResult l : ev.levels().values()) {
            sb.append(String.format(Locale.ROOT, "  %-9s %-10s %s%n", l.level().key(), l.verdict(),
                    SafeText.escape(l.reasons().get(0), REPORT)));
            for (int i = 1; i < l.reasons().size(); i++) {
                sb.append(String.format(Locale.ROOT, "  %-9s %-10s %s%n", "", "", SafeText.escape(l.reasons().get(i), REPORT)));
            }
        }
        ev.relations().ifPresent(r -> sb.append(String.format(Locale.ROOT, "  %-9s %-10s %s%n", "relations",
                r.verdict(), SafeText.escape(r.reasons().get(0), REPORT))));
        sb.append('\n').append("checks\n");
        for (CheckResult c : ev.checks()) {
            sb.append("  [").append(c.verdict()).append("] ").append(c.spec().id()).append(" (")
                    .append(c.spec().kind().key()).append(")\n");
            c.base().ifPresent(r -> run(sb, "base", r));
            c.patched().ifPresent(r -> run(sb, "patched", r));
            for (Reason r : c.reasons()) {
                sb.append("      ").append(r.verdict() == Verdict.PROVEN ? "ok  " : r.verdict() == Verdict.REFUTED
                        ? "FAIL" : "??  ").append(' ').append(SafeText.escape(r.text(), REPORT)).append('\n');
            }
            for (LabelledComparison lc : c.comparisons()) {
                if (lc.comparison() instanceof Comparison.Different d) {
                    sb.append("      ").append(lc.subject()).append(": first difference at ")
                            .append(SafeText.escape(d.firstDifference(), REPORT)).append('\n');
                    String diff = Excerpts.clip(d.unifiedDiff(), MAX_DIFF_CHARS, "\n... cut\n");
                    for (String line : TextDiff.lines(diff)) {
                        sb.append("        ").append(SafeText.escape(line, REPORT)).append('\n');
                    }
                }
            }
        }
        ev.relations().ifPresent(r -> relations(sb, r));
        ev.adequacy().ifPresent(a -> {
            sb.append('\n').append("mutation adequacy: ").append(a.summary())
                    .append(a.score().isPresent() ? (a.adequate() ? " (adequate)" : " (inadequate)") : "").append('\n');
            for (MutantResult m : a.mutants()) {
                sb.append("  ").append(m.mutant().id()).append(' ').append(SafeText.escape(m.mutant().describe(), REPORT))
                        .append(": ").append(SafeText.escape(m.describe(), REPORT)).append('\n');
            }
        });
        sb.append('\n').append("verdict: ").append(ev.verdictText()).append(" (exit ").append(exitCode).append(")\n");
        for (String r : ev.verdictReasons()) {
            sb.append("  ").append(SafeText.escape(r, REPORT)).append('\n');
        }
        return SafeText.escapeKeepingLines(sb.toString(), REPORT);
    }

    /**
     * The relations table (each relation's state on the base and with the patch, and the rules it
     * took part in), then each relation's runs and what they showed.
     */
    private static void relations(StringBuilder sb, RelationsOutcome outcome) {
        sb.append('\n').append("relations (veto_min ").append(outcome.rules().vetoMin()).append(", rescue ")
                .append(outcome.rules().rescue() ? "on" : "off").append(")\n");
        int width = "relation".length();
        for (RelationResult r : outcome.relations()) {
            width = Math.max(width, r.spec().id().length());
        }
        String row = "  %-" + width + "s  %-9s  %-9s  %s%n";
        sb.append(String.format(Locale.ROOT, row, "relation", "base", "patched", "rules"));
        for (RelationResult r : outcome.relations()) {
            sb.append(String.format(Locale.ROOT, row, r.spec().id(), r.base().state().key(), r.patched().state().key(),
                    r.roles().isEmpty() ? "-" : String.join(", ", r.roles().stream().map(RelationResult.Role::key).toList())));
        }
        for (RelationResult r : outcome.relations()) {
            sb.append("  [").append(r.patched().state().key()).append("] ").append(r.spec().id()).append(" (followup ")
                    .append(r.spec().relation().operator()).append(" source)\n");
            relationRun(sb, "base", r.base());
            relationRun(sb, "patched", r.patched());
        }
    }

    private static void relationRun(StringBuilder sb, String tree, RelationRun run) {
        run.source().ifPresent(x -> run(sb, tree + " source", x));
        run.followup().ifPresent(x -> run(sb, tree + " followup", x));
        sb.append("      ").append(run.held() ? "ok  " : run.broken() ? "FAIL" : "??  ").append(' ').append(tree)
                .append(": ").append(SafeText.escape(run.reason(), REPORT)).append('\n');
        if (run.comparison().orElse(null) instanceof Comparison.Different d) {
            String diff = Excerpts.clip(d.unifiedDiff(), MAX_DIFF_CHARS, "\n... cut\n");
            for (String line : TextDiff.lines(diff)) {
                sb.append("        ").append(SafeText.escape(line, REPORT)).append('\n');
            }
        }
    }

    private static void run(StringBuilder sb, String tree, RunRecord r) {
        sb.append(String.format(Locale.ROOT, "      %-8s %s in %.3f s; stdout %d bytes%s, stderr %d bytes%s%n", tree,
                r.outcome().describe(), Durations.seconds(r.duration()), r.stdout().totalBytes(),
                r.stdout().truncated() ? " (cut)" : "", r.stderr().totalBytes(), r.stderr().truncated() ? " (cut)" : ""));
    }
}
