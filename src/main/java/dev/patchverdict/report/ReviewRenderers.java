// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

/** The text, JSON Lines and JSON renderings of a review. */
public final class ReviewRenderers {
    /**
     * Trees are written by jackson-core's generator, as ObjectMapper writes them byte for byte, without databind's
     * start-up (its date formats and locale data), which cost a short review as much as its patches.
     */
    private static final JsonFactory JSON = new JsonFactory();

    private ReviewRenderers() {}

    public static ObjectNode json(ReviewEntry e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("type", "patch");
        o.put("index", e.index());
        o.put("name", e.name());
        o.put("model", e.model());
        o.put("source", e.source());
        o.put("pointer", e.pointer());
        o.put("source_line", e.sourceLine());
        o.put("status", e.status().wire());
        o.put("passed", e.passed());
        if (e.sha256() == null) {
            o.putNull("sha256");
        } else {
            o.put("sha256", "sha256:" + e.sha256());
        }
        o.put("bytes", e.bytes());
        ArrayNode files = o.putArray("files");
        e.files().forEach(files::add);
        o.put("added", e.added());
        o.put("removed", e.removed());
        ArrayNode ds = o.putArray("diagnostics");
        for (ReviewEntry.Finding f : e.findings()) {
            if (!f.trick()) {
                ds.addObject().put("code", f.code()).put("severity", f.severity()).put("line", f.line()).put("message", f.message());
            }
        }
        if (!e.tricks().isEmpty()) {
            o.set("tricks", tricks(e.tricks()));
        }
        if (e.plan() != null) {
            ObjectNode p = o.putObject("plan");
            p.put("id", e.plan().planId());
            p.put("version", e.plan().version());
            p.put("met", e.plan().met());
            ArrayNode r = p.putArray("reasons");
            e.plan().reasons().forEach(r::add);
        }
        if (e.repair() != null) {
            ObjectNode r = o.putObject("repair");
            ArrayNode names = r.putArray("repairs");
            e.repair().repairs().forEach(names::add);
            r.put("outcome", e.repair().outcome());
            ArrayNode rem = r.putArray("remaining");
            e.repair().remaining().forEach(rem::add);
            ArrayNode notes = r.putArray("notes");
            e.repair().notes().forEach(notes::add);
        }
        o.put("ms", e.micros() / 1000.0);
        o.put("error", e.error());
        return o;
    }

    /** Trick hits as JSON: rule, severity, the path inside the patch, the patch line and the message. */
    public static ArrayNode tricks(java.util.List<ReviewEntry.Finding> hits) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (ReviewEntry.Finding f : hits) {
            a.addObject().put("rule", f.code()).put("severity", f.severity()).put("path", f.path()).put("line", f.line())
                    .put("message", f.message());
        }
        return a;
    }

    /** One finding as a line of text: {@code NAME:LINE: CODE [severity: ][path: ]message}, escaped. */
    public static String findingLine(String name, ReviewEntry.Finding f) {
        return SafeText.escape(name) + ":" + f.line() + ": " + f.code() + " " + (f.rejects() ? "" : f.severity() + ": ")
                + SafeText.escape(f.located());
    }

    static String write(JsonNode node) {
        java.io.StringWriter to = new java.io.StringWriter();
        try (JsonGenerator g = JSON.createGenerator(to)) {
            write(g, node);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
        return to.toString();
    }

    /** Containers in their order (ObjectMapper's default); each value as its node writes itself. */
    private static void write(JsonGenerator g, JsonNode node) throws IOException {
        if (node.isObject()) {
            g.writeStartObject();
            for (java.util.Map.Entry<String, JsonNode> e : node.properties()) {
                g.writeFieldName(e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (node.isArray()) {
            g.writeStartArray();
            for (JsonNode v : node) {
                write(g, v);
            }
            g.writeEndArray();
        } else if (node.isNull() || node.isMissingNode()) {
            g.writeNull(); // what the default provider writes for it
        } else {
            node.serialize(g, null); // text, boolean and number nodes need no provider
        }
    }

    /** A block per patch: its verdict line, then its findings, plan reasons and repair, each escaped. */
    public static String text(ReviewEntry e) {
        StringBuilder sb = new StringBuilder();
        sb.append(e.verdict()).append(' ').append(SafeText.escape(e.name()));
        if (e.model() != null) {
            sb.append(" (").append(SafeText.escape(e.model())).append(')');
        }
        if (e.sha256() != null) {
            sb.append(String.format(Locale.ROOT, "  %d files +%d -%d  %d bytes  sha256:%s", e.files().size(), e.added(),
                    e.removed(), e.bytes(), e.sha256()));
        }
        sb.append('\n');
        if (e.error() != null) {
            sb.append("  ").append(SafeText.escape(e.source())).append(e.sourceLine() > 0 ? ":" + e.sourceLine() : "")
                    .append(": ").append(SafeText.escape(e.error())).append('\n');
        }
        for (ReviewEntry.Finding f : e.findings()) {
            sb.append("  line ").append(f.line()).append(": ").append(f.code()).append(' ')
                    .append(f.rejects() ? "" : f.severity() + ": ").append(SafeText.escape(f.located())).append('\n');
        }
        if (e.plan() != null && !e.plan().met()) {
            e.plan().reasons().forEach(r -> sb.append("  plan: ").append(SafeText.escape(r)).append('\n'));
        }
        if (e.repair() != null) {
            ReviewEntry.Repair r = e.repair();
            if (!r.repairs().isEmpty()) {
                sb.append("  repair: ").append(String.join(", ", r.repairs())).append(" -> ").append(r.outcome());
                if (!r.remaining().isEmpty()) {
                    sb.append(" (still: ").append(String.join(", ", r.remaining())).append(')');
                }
                sb.append('\n');
            } else {
                sb.append("  repair: none found\n");
            }
            r.notes().forEach(n -> sb.append("  note: ").append(SafeText.escape(n)).append('\n'));
        }
        return sb.toString();
    }

    public static ReviewSink text(PrintStream out) {
        return new ReviewSink() {
            @Override
            public void accept(ReviewEntry e) {
                out.print(text(e));
                out.flush();
            }

            @Override
            public void end(ReviewSummary s) {
                out.print("\n" + s.markdown());
                out.flush();
            }
        };
    }

    /** One entry as a line of {@code --format jsonl} (without its line feed). */
    public static String line(ReviewEntry e) {
        return write(json(e));
    }

    /** The summary as the closing {@code {"type":"summary",...}} line of {@code --format jsonl} (without its line feed). */
    public static String summaryLine(ReviewSummary s) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("type", "summary");
        o.setAll(s.json());
        return write(o);
    }

    /** One JSON object per line as each patch is decided, then a closing {@code {"type":"summary",...}} line. */
    public static ReviewSink jsonl(PrintStream out) {
        return new ReviewSink() {
            @Override
            public void accept(ReviewEntry e) {
                out.println(line(e));
                out.flush();
            }

            @Override
            public void end(ReviewSummary s) {
                out.println(summaryLine(s));
                out.flush();
            }
        };
    }

    /** One document {@code {"patches": [...], "summary": {...}}}, written as it goes. */
    public static ReviewSink json(PrintStream out) {
        return new ReviewSink() {
            private boolean first = true;

            @Override
            public void begin() {
                out.print("{\"patches\":[");
            }

            @Override
            public void accept(ReviewEntry e) {
                out.print(first ? "\n" : ",\n");
                first = false;
                out.print(write(json(e)));
            }

            @Override
            public void end(ReviewSummary s) {
                out.print("\n],\n\"summary\":" + write(s.json()) + "}\n");
                out.flush();
            }
        };
    }
}
