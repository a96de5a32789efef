// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Text (a Markdown table), JSON and JUnit XML for a calibration matrix. */
public final class MatrixRenderers {
    private MatrixRenderers() {}

    public static String text(MatrixReport m) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Candidate |");
        m.columns().forEach(c -> sb.append(' ').append(c).append(" |"));
        sb.append("\n|---|");
        m.columns().forEach(c -> sb.append("---|"));
        sb.append('\n');
        for (int r = 0; r < m.rows().size(); r++) {
            sb.append("| ").append(m.rows().get(r)).append(" |");
            for (MatrixReport.Cell cell : m.cells().get(r)) {
                sb.append(' ').append(cell.actual());
                if (!cell.matches()) {
                    sb.append(" (expected ").append(cell.expected()).append(')');
                }
                sb.append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
        if (m.matches()) {
            sb.append(m.id()).append(": every cell matches (").append(runCount(m)).append(" verifications)\n");
        } else {
            sb.append(m.id()).append(": ").append(m.problems().size()).append(" problem(s)\n");
            m.problems().forEach(p -> sb.append("  ").append(p).append('\n'));
        }
        return sb.toString();
    }

    public static ObjectNode json(MatrixReport m) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("matrix", m.id());
        o.put("matches", m.matches());
        ArrayNode cells = o.putArray("cells");
        for (var row : m.cells()) {
            for (MatrixReport.Cell c : row) {
                ObjectNode n = cells.addObject();
                n.put("candidate", c.row());
                n.put("plan", c.column());
                n.put("expected", c.expected());
                n.put("actual", c.actual());
                n.put("matches", c.matches());
                n.put("candidate_patch_digest", c.patchDigest());
                n.put("plan_digest", c.planDigest());
                n.put("result_id", c.resultId());
                n.put("detail", c.detail());
            }
        }
        ArrayNode problems = o.putArray("problems");
        m.problems().forEach(problems::add);
        return o;
    }

    /** One test case per cell; a drifted cell is a failure naming what was expected. */
    public static String junit(MatrixReport m) {
        int total = 0;
        int failures = 0;
        StringBuilder cases = new StringBuilder();
        for (var row : m.cells()) {
            for (MatrixReport.Cell c : row) {
                total++;
                cases.append("    <testcase classname=\"").append(xml(m.id())).append("\" name=\"")
                        .append(xml(c.row() + " x " + c.column())).append('"');
                if (c.matches()) {
                    cases.append("/>\n");
                } else {
                    failures++;
                    cases.append(">\n      <failure message=\"").append(xml("expected " + c.expected() + ", got " + c.actual()))
                            .append("\">").append(xml(c.detail() == null ? "" : c.detail())).append("</failure>\n    </testcase>\n");
                }
            }
        }
        int others = m.problems().size() - failures;
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<testsuites>\n  <testsuite name=\"").append(xml(m.id())).append("\" tests=\"").append(total + Math.max(0, others))
                .append("\" failures=\"").append(failures + Math.max(0, others)).append("\" errors=\"0\" skipped=\"0\">\n");
        sb.append(cases);
        if (others > 0) {
            for (String p : m.problems()) {
                if (!p.contains(": expected ")) {
                    sb.append("    <testcase classname=\"").append(xml(m.id())).append("\" name=\"binding\">\n      <failure message=\"")
                            .append(xml(p)).append("\"/>\n    </testcase>\n");
                }
            }
        }
        sb.append("  </testsuite>\n</testsuites>\n");
        return sb.toString();
    }

    private static int runCount(MatrixReport m) {
        int n = 0;
        for (var row : m.cells()) {
            for (MatrixReport.Cell c : row) {
                if (!"n/a".equals(c.actual())) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String xml(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> {
                    if (cp < 0x20 && cp != '\n' && cp != '\t') {
                        sb.append("\\u").append(String.format("%04x", cp));
                    } else {
                        sb.appendCodePoint(cp);
                    }
                }
            }
        });
        return sb.toString();
    }
}
