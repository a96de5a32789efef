// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import dev.patchverdict.text.SafeText;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings of a review as code-scanning tools take them: reviewdog's rdjsonl and GitHub Actions
 * workflow commands. {@link #findings} is the one list both (and SARIF) draw from, so they agree.
 */
public final class CodeScanning {
    private CodeScanning() {}

    /** One finding located in a file: rule id, level (error, warning, note), line in that file (0: none), message. */
    public record Located(String ruleId, String level, String path, long line, String message, long patchLine) {}

    /**
     * Each finding of an entry, located: in the patch file at its line, or for a prediction in the
     * predictions file at the prediction's line, with the patch line said in the message.
     */
    public static List<Located> findings(ReviewEntry e) {
        List<Located> out = new ArrayList<>();
        boolean inPredictions = e.pointer() != null;
        for (ReviewEntry.Finding f : e.findings()) {
            String where = inPredictions ? e.name() + ", patch line " + f.line() + ": " : "";
            out.add(new Located(f.code(), f.level(), e.source(), inPredictions ? e.sourceLine() : f.line(), where + f.located(),
                    f.line()));
        }
        long line = inPredictions ? e.sourceLine() : 0;
        String who = inPredictions ? e.name() + ": " : "";
        switch (e.status()) {
            case EMPTY -> out.add(new Located("EMPTY_PATCH", "error", e.source(), line, who + (e.error() == null ? "the patch is empty" : e.error()), 0));
            case INVALID -> out.add(new Located("INVALID_PREDICTION", "error", e.source(), e.sourceLine(), who + e.error(), 0));
            case UNREADABLE -> {
                if (e.error() != null) {
                    out.add(new Located("UNREADABLE_INPUT", "error", e.source(), line, who + e.error(), 0));
                }
            }
            default -> { }
        }
        if (e.plan() != null && !e.plan().met()) {
            out.add(new Located("PLAN_UNMET", "error", e.source(), line, who + "plan " + e.plan().planId() + " (v"
                    + e.plan().version() + ") unmet: " + String.join("; ", e.plan().reasons()), 0));
        }
        return out;
    }

    /** reviewdog's Diagnostic format, one JSON object per line. */
    public static ReviewSink rdjsonl(PrintStream out) {
        return new ReviewSink() {
            @Override
            public void accept(ReviewEntry e) {
                for (Located l : findings(e)) {
                    ObjectNode d = JsonNodeFactory.instance.objectNode();
                    d.put("message", l.message());
                    ObjectNode loc = d.putObject("location");
                    loc.put("path", l.path());
                    if (l.line() > 0) {
                        loc.putObject("range").putObject("start").put("line", l.line());
                    }
                    d.put("severity", l.level().equals("error") ? "ERROR" : l.level().equals("warning") ? "WARNING" : "INFO");
                    d.putObject("source").put("name", "patchverdict");
                    d.putObject("code").put("value", l.ruleId());
                    out.println(ReviewRenderers.write(d));
                }
                out.flush();
            }

            @Override
            public void end(ReviewSummary summary) {
                out.flush();
            }
        };
    }

    /** GitHub Actions workflow commands, {@code ::error file=F,line=N,title=CODE::message}, one per finding. */
    public static ReviewSink github(PrintStream out) {
        return new ReviewSink() {
            @Override
            public void accept(ReviewEntry e) {
                for (Located l : findings(e)) {
                    StringBuilder sb = new StringBuilder("::").append(l.level().equals("note") ? "notice" : l.level());
                    sb.append(" file=").append(property(l.path()));
                    if (l.line() > 0) {
                        sb.append(",line=").append(l.line());
                    }
                    sb.append(",title=").append(property(l.ruleId())).append("::").append(data(l.message()));
                    out.println(sb);
                }
                out.flush();
            }

            @Override
            public void end(ReviewSummary summary) {
                out.println("patchverdict review: " + summary.passed() + " of " + summary.total() + " patches passed");
                out.flush();
            }
        };
    }

    /**
     * A workflow command's message: control, bidi and other invisible characters escaped as in every message
     * ({@link SafeText}), then %, CR and LF as the runner's toolkit escapes them.
     */
    public static String data(String s) {
        return SafeText.escape(s).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A workflow command's property value: as {@link #data}, and also ':' and ','. */
    public static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
