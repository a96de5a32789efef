// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.json.PrettyJson;
import dev.patchverdict.text.SafeText;

/** The two forms of a {@link FilterReport}: lines for standard error, and one JSON object. */
public final class FilterRenderers {
    private FilterRenderers() {}

    /**
     * One line per removed section, {@code removed PATH (line N): REASON[; REASON]}, then a count line.
     * Paths are escaped, so a hostile name cannot write to the terminal.
     */
    public static String text(FilterReport r) {
        StringBuilder sb = new StringBuilder();
        for (FilterReport.Section s : r.removed()) {
            sb.append("removed ").append(name(s)).append(" (line ").append(s.line()).append("): ");
            for (int i = 0; i < s.reasons().size(); i++) {
                sb.append(i == 0 ? "" : "; ").append(reason(s.reasons().get(i)));
            }
            sb.append('\n');
        }
        int total = r.kept().size() + r.removed().size();
        sb.append("kept ").append(r.kept().size()).append(" of ").append(total).append(total == 1 ? " section" : " sections")
                .append(", ").append(r.outputBytes()).append(" of ").append(r.inputBytes()).append(" bytes")
                .append(r.kept().isEmpty() && total > 0 ? " (nothing kept: the output is empty)" : "").append('\n');
        return sb.toString();
    }

    private static String name(FilterReport.Section s) {
        if (s.oldPath() != null && s.newPath() != null && !s.oldPath().equals(s.newPath())) {
            return SafeText.escape(s.oldPath()) + " => " + SafeText.escape(s.newPath()) + " (" + s.kind() + ")";
        }
        return SafeText.escape(s.path());
    }

    static String reason(FilterReport.Reason r) {
        String who = switch (r.side() == null ? "" : r.side()) {
            case "old" -> "old name " + SafeText.escape(r.path());
            case "new" -> "new name " + SafeText.escape(r.path());
            default -> "";
        };
        // The line already names a one-path section, so its reason does not repeat it.
        String prefix = who.isEmpty() ? "" : who + " ";
        return switch (r.cause()) {
            case "excluded" -> prefix + "matches " + SafeText.escape(r.origin()) + " '" + SafeText.escape(r.glob()) + "'";
            case "not-included" -> prefix + "matches no --include";
            case "binary" -> "binary (--drop-binary)";
            default -> SafeText.escape(r.cause());
        };
    }

    /** The whole report as indented JSON, with a final newline. */
    public static String json(FilterReport r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("input", r.input());
        o.put("input_sha256", r.inputSha256());
        o.put("input_bytes", r.inputBytes());
        o.put("output", r.output()); // ObjectNode.put writes null for a null String
        o.put("output_sha256", r.outputSha256());
        o.put("output_bytes", r.outputBytes());
        sections(o.putArray("kept"), r.kept(), false);
        sections(o.putArray("removed"), r.removed(), true);
        return PrettyJson.text(o);
    }

    private static void sections(ArrayNode into, java.util.List<FilterReport.Section> list, boolean reasons) {
        for (FilterReport.Section s : list) {
            ObjectNode j = into.addObject();
            j.put("index", s.index());
            j.put("path", s.path());
            j.put("old_path", s.oldPath());
            j.put("new_path", s.newPath());
            j.put("kind", s.kind());
            j.put("binary", s.binary());
            j.put("line", s.line());
            j.put("start", s.start());
            j.put("end", s.end());
            j.put("numstat", s.numstat());
            if (reasons) {
                ArrayNode rs = j.putArray("reasons");
                for (FilterReport.Reason r : s.reasons()) {
                    ObjectNode k = rs.addObject();
                    k.put("cause", r.cause());
                    k.put("side", r.side());
                    k.put("path", r.path());
                    k.put("glob", r.glob());
                    k.put("origin", r.origin());
                    k.put("text", reason(r));
                }
            }
        }
    }
}
