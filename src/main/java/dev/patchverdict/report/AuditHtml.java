// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code audit --format html}: one self-contained page of an audit, from the pieces of the review page (its style,
 * its escaping, its stacked bars): the inputs, the totals, the verdicts per folder as a chart and a table, the
 * first difference of each DIVERGED bundle, and a collapsed entry per bundle with its reasons and advisories.
 * Outcomes are kept until the end (a few hundred bytes a bundle), since the chart heads the page.
 */
public final class AuditHtml {
    /** The verdicts in the order the page shows them; an outcome with another verdict is refused. */
    static final List<String> VERDICTS = List.of("REPRODUCED", "DIVERGED", "TAMPERED", "UNVERIFIABLE");
    private static final String CSS = """
            .a-reproduced { fill: #2e7d32; background: #2e7d32; border-left-color: #2e7d32 !important; }
            .a-diverged { fill: #ef6c00; background: #ef6c00; border-left-color: #ef6c00 !important; }
            .a-tampered { fill: #c62828; background: #c62828; border-left-color: #c62828 !important; }
            .a-unverifiable { fill: #616161; background: #616161; border-left-color: #616161 !important; }
            .verdict.a-diverged { color: #000; }
            """;

    /** What the page says of the run: the version, the time (the command's clock), the inputs and the key, if any. */
    public record Header(String version, Instant time, List<String> inputs, String key, boolean requireSignature) {
        public Header {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(time, "time");
            inputs = List.copyOf(inputs);
        }
    }

    private record Outcome(String bundle, String verdict, List<String> reasons, List<String> advisories) {}

    private final List<Outcome> outcomes = new ArrayList<>();

    /** One bundle's outcome, in the order they are to be listed. */
    public void add(String bundle, String verdict, List<String> reasons, List<String> advisories) {
        if (!VERDICTS.contains(verdict)) {
            throw new IllegalArgumentException("audit page: no such verdict " + verdict + " (bundle " + bundle + ")");
        }
        outcomes.add(new Outcome(bundle, verdict, List.copyOf(reasons), List.copyOf(advisories)));
    }

    /** The folder a bundle is in, as named: everything before its last '/', or "." for a bundle named alone. */
    static String folder(String bundle) {
        String b = bundle.endsWith("/") ? bundle.substring(0, bundle.length() - 1) : bundle;
        int slash = b.lastIndexOf('/');
        return slash <= 0 ? "." : b.substring(0, slash);
    }

    private static String css(String verdict) {
        return "a-" + verdict.toLowerCase(java.util.Locale.ROOT);
    }

    /** The whole page. */
    public String render(Header header) {
        // Bundles finish in any order on several threads: the page lists them by name, so one audit gives one page.
        outcomes.sort(java.util.Comparator.comparing(Outcome::bundle));
        // Folders in the order their first bundle came; per folder, the bundles' indexes by verdict.
        Map<String, List<List<Integer>>> folders = new LinkedHashMap<>();
        int[] totals = new int[VERDICTS.size()];
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome o = outcomes.get(i);
            int v = VERDICTS.indexOf(o.verdict());
            totals[v]++;
            folders.computeIfAbsent(folder(o.bundle()), f -> {
                List<List<Integer>> per = new ArrayList<>();
                VERDICTS.forEach(x -> per.add(new ArrayList<>()));
                return per;
            }).get(v).add(i);
        }
        StringBuilder sb = new StringBuilder(4096 + outcomes.size() * 512);
        sb.append(Html.head("patchverdict audit: " + outcomes.size() + " bundles", CSS));
        sb.append("<header>\n<h1>patchverdict audit</h1>\n<dl class=\"meta\">");
        sb.append("<dt>made</dt><dd><time datetime=\"").append(Html.time(header.time())).append("\">").append(Html.time(header.time()))
                .append("</time></dd><dt>by</dt><dd>");
        Html.text(sb, header.version());
        sb.append("</dd><dt>signatures</dt><dd>");
        if (header.key() == null) {
            sb.append("unchecked (no <code>--key</code>)");
        } else {
            sb.append("checked with <code>");
            Html.text(sb, header.key());
            sb.append("</code>").append(header.requireSignature() ? ", required" : "");
        }
        sb.append("</dd><dt>inputs</dt><dd>");
        for (int i = 0; i < header.inputs().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append("<code>");
            Html.text(sb, header.inputs().get(i));
            sb.append("</code>");
        }
        sb.append("</dd></dl>\n</header>\n<section id=\"totals\">\n<h2>Totals</h2>\n<ul class=\"totals\">");
        sb.append("<li><b>").append(outcomes.size()).append("</b> bundles</li>");
        for (int v = 0; v < VERDICTS.size(); v++) {
            sb.append("<li class=\"").append(css(VERDICTS.get(v))).append("\"><b>").append(totals[v]).append("</b> ")
                    .append(VERDICTS.get(v)).append("</li>");
        }
        sb.append("</ul>\n</section>\n");
        folderChartAndTable(sb, folders);
        diverged(sb);
        sb.append("<section id=\"bundles\">\n<h2>Bundles</h2>\n");
        for (int i = 0; i < outcomes.size(); i++) {
            entry(sb, outcomes.get(i), i);
        }
        sb.append("</section>\n<footer>Made by ");
        Html.text(sb, header.version());
        sb.append(" at ").append(Html.time(header.time())).append(". This page runs no script and loads nothing.</footer>\n</body>\n</html>\n");
        return sb.toString();
    }

    private void folderChartAndTable(StringBuilder sb, Map<String, List<List<Integer>>> folders) {
        List<HtmlCharts.Key> keys = VERDICTS.stream().map(v -> new HtmlCharts.Key(v, css(v))).toList();
        List<HtmlCharts.Bar> bars = new ArrayList<>();
        int f = 0;
        for (Map.Entry<String, List<List<Integer>>> e : folders.entrySet()) {
            List<HtmlCharts.Segment> parts = new ArrayList<>();
            for (int v = 0; v < VERDICTS.size(); v++) {
                int n = e.getValue().get(v).size();
                parts.add(new HtmlCharts.Segment(v, n, "#f-" + f + "-" + v, e.getKey() + ": " + n + " " + VERDICTS.get(v)));
            }
            bars.add(new HtmlCharts.Bar(e.getKey(), "#f-" + f, parts));
            f++;
        }
        sb.append("<section id=\"folders\">\n<h2>Per folder</h2>\n");
        sb.append(HtmlCharts.stackedBars("chart-folders", "Verdicts per folder (bundles)", keys, bars));
        sb.append("<table class=\"models\">\n<thead><tr><th>folder</th><th>bundles</th>");
        VERDICTS.forEach(v -> sb.append("<th>").append(v).append("</th>"));
        sb.append("</tr></thead>\n<tbody>\n");
        f = 0;
        for (Map.Entry<String, List<List<Integer>>> e : folders.entrySet()) {
            int all = e.getValue().stream().mapToInt(List::size).sum();
            sb.append("<tr id=\"f-").append(f).append("\"><td><code>");
            Html.text(sb, e.getKey());
            sb.append("</code></td><td>").append(all).append("</td>");
            for (int v = 0; v < VERDICTS.size(); v++) {
                List<Integer> these = e.getValue().get(v);
                sb.append("<td>");
                if (these.isEmpty()) {
                    sb.append('0');
                } else {
                    // The count opens the list of its bundles, each linked to its entry.
                    sb.append("<details class=\"list\"><summary>").append(these.size()).append("</summary><ol id=\"f-").append(f)
                            .append('-').append(v).append("\">");
                    for (int i : these) {
                        sb.append("<li><a href=\"#b-").append(i).append("\">");
                        Html.text(sb, Html.shorten(outcomes.get(i).bundle(), 160));
                        sb.append("</a></li>");
                    }
                    sb.append("</ol></details>");
                }
                sb.append("</td>");
            }
            sb.append("</tr>\n");
            f++;
        }
        sb.append("</tbody>\n</table>\n</section>\n");
    }

    /** Each DIVERGED bundle with its first reason: the first JSON path that differs, with both values. */
    private void diverged(StringBuilder sb) {
        sb.append("<section id=\"diverged\">\n<h2>Diverged</h2>\n");
        boolean any = false;
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome o = outcomes.get(i);
            if (!o.verdict().equals("DIVERGED")) {
                continue;
            }
            sb.append(any ? "" : "<ul class=\"diverged\">").append("<li><a href=\"#b-").append(i).append("\">");
            Html.text(sb, Html.shorten(o.bundle(), 160));
            sb.append("</a>: ");
            Html.text(sb, o.reasons().isEmpty() ? "(no reason given)" : o.reasons().get(0));
            sb.append("</li>\n");
            any = true;
        }
        sb.append(any ? "</ul>\n" : "<p>None: every result that could be re-verified came out the same.</p>\n").append("</section>\n");
    }

    private static void entry(StringBuilder sb, Outcome o, int i) {
        sb.append("<details class=\"patch\">\n<summary><span class=\"verdict ").append(css(o.verdict())).append("\">").append(o.verdict())
                .append("</span> <span class=\"name\">");
        Html.text(sb, o.bundle());
        // The link target is inside the collapsed part: following a link to it opens the entry, with no script.
        sb.append("</span></summary>\n<div class=\"body\" id=\"b-").append(i).append("\">\n<h4>Reasons</h4>\n<ul>");
        for (String r : o.reasons()) {
            sb.append("<li>");
            Html.text(sb, r);
            sb.append("</li>");
        }
        sb.append("</ul>\n");
        if (!o.advisories().isEmpty()) {
            sb.append("<h4>Advisories</h4>\n<ul>");
            for (String a : o.advisories()) {
                sb.append("<li>");
                Html.text(sb, a);
                sb.append("</li>");
            }
            sb.append("</ul>\n");
        }
        sb.append("</div>\n</details>\n");
    }
}
