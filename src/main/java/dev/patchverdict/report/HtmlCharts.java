// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The charts of an HTML report, drawn as inline SVG: horizontal stacked bars and a grid of counts. Every drawn
 * mark has a size (a count of zero draws nothing, or an empty outlined cell), a {@code <title>} naming what it
 * counts, and, where it counts patches, a link to the list of those patches. Labels are input text: escaped, and
 * cut to fit with the whole text in their title. Colours come from the page's style sheet through class names.
 */
final class HtmlCharts {
    static final int WIDTH = 760;
    private static final int LABEL = 210;
    private static final int COUNT = 60;
    private static final int ROW = 22;
    private static final int GAP = 6;
    private static final int LABEL_CHARS = 30;

    private HtmlCharts() {}

    /** A series of a chart: its label and the style class that colours it. */
    record Key(String label, String css) {
        Key {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(css, "css");
        }
    }

    /** One part of a bar: the key it belongs to, its count, the link to its patches and what its title says. */
    record Segment(int key, long count, String href, String title) {}

    /** One bar: its label, the link of the label, and its parts in key order. */
    record Bar(String label, String href, List<Segment> segments) {
        Bar {
            segments = List.copyOf(segments);
        }

        long total() {
            return segments.stream().mapToLong(Segment::count).sum();
        }
    }

    /** A horizontal stacked bar chart: a bar per row, each part coloured by its key, the total at the end. */
    static String stackedBars(String id, String caption, List<Key> keys, List<Bar> bars) {
        long max = Math.max(1, bars.stream().mapToLong(Bar::total).max().orElse(1));
        int plot = WIDTH - LABEL - COUNT;
        int height = Math.max(1, bars.size()) * (ROW + GAP) + GAP;
        StringBuilder sb = new StringBuilder();
        open(sb, id, caption, WIDTH, height);
        int y = GAP;
        for (Bar b : bars) {
            label(sb, b.label(), b.href(), LABEL - 8, y + ROW / 2);
            double x = LABEL;
            for (Segment s : b.segments()) {
                if (s.count() <= 0) {
                    continue;
                }
                // At least two pixels: a count of one among thousands must still be seen and clicked.
                double w = Math.max(2.0, plot * (double) s.count() / max);
                link(sb, s.href());
                sb.append("<rect class=\"").append(keys.get(s.key()).css()).append("\" x=\"").append(num(x)).append("\" y=\"")
                        .append(y).append("\" width=\"").append(num(w)).append("\" height=\"").append(ROW).append("\"><title>")
                        .append(Html.attr(s.title()));
                sb.append("</title></rect>");
                unlink(sb, s.href());
                x += w;
            }
            sb.append("<text class=\"count\" x=\"").append(num(x + 6)).append("\" y=\"").append(y + ROW / 2)
                    .append("\" dominant-baseline=\"central\">").append(b.total()).append("</text>");
            y += ROW + GAP;
        }
        sb.append("</svg>\n");
        legend(sb, keys);
        return sb.append("</figure>\n").toString();
    }

    /** A cell of a grid: its count, the link to its patches, its style class and how strongly it is filled (0..1). */
    record Cell(long count, String href, String css, double strength, String title) {}

    /**
     * A grid of counts, a row per row label and a column per column label (their titles say more), each cell
     * coloured by its own class and filled by its strength; a zero is an empty outlined cell.
     */
    static String grid(String id, String caption, List<String> rows, List<String> rowHrefs, List<String> columns,
            List<String> columnTitles, Cell[][] cells) {
        int cell = 34;
        // Room for the longest column label, drawn at fifty degrees.
        int longest = columns.stream().mapToInt(c -> Html.shorten(c, 26).length()).max().orElse(0);
        int head = 20 + (int) Math.ceil(longest * 5.5);
        int width = Math.max(WIDTH, LABEL + columns.size() * cell + 20);
        int height = head + Math.max(1, rows.size()) * cell + 4;
        StringBuilder sb = new StringBuilder();
        open(sb, id, caption, width, height);
        for (int c = 0; c < columns.size(); c++) {
            int cx = LABEL + c * cell + cell / 2;
            sb.append("<text class=\"column\" transform=\"translate(").append(cx).append(',').append(head - 6)
                    .append(") rotate(-50)\"><title>").append(Html.attr(columnTitles.get(c))).append("</title>");
            Html.svgText(sb, Html.shorten(columns.get(c), 26));
            sb.append("</text>");
        }
        for (int r = 0; r < rows.size(); r++) {
            int y = head + r * cell;
            label(sb, rows.get(r), rowHrefs.get(r), LABEL - 8, y + cell / 2);
            for (int c = 0; c < columns.size(); c++) {
                Cell k = cells[r][c];
                int x = LABEL + c * cell;
                boolean empty = k.count() <= 0;
                if (!empty) {
                    link(sb, k.href());
                }
                sb.append("<g class=\"cell").append(empty ? " zero" : "").append("\"><rect class=\"").append(empty ? "zero" : k.css())
                        .append("\" x=\"").append(x + 1).append("\" y=\"").append(y + 1).append("\" width=\"").append(cell - 2)
                        .append("\" height=\"").append(cell - 2).append('"');
                if (!empty) {
                    sb.append(" fill-opacity=\"").append(num(0.3 + 0.7 * Math.min(1, Math.max(0, k.strength())))).append('"');
                }
                sb.append("><title>").append(Html.attr(k.title())).append("</title></rect>");
                if (!empty) {
                    sb.append("<text class=\"cellcount\" x=\"").append(x + cell / 2).append("\" y=\"").append(y + cell / 2)
                            .append("\" text-anchor=\"middle\" dominant-baseline=\"central\">").append(k.count()).append("</text>");
                }
                sb.append("</g>");
                if (!empty) {
                    unlink(sb, k.href());
                }
            }
        }
        return sb.append("</svg>\n</figure>\n").toString();
    }

    private static void open(StringBuilder sb, String id, String caption, int width, int height) {
        sb.append("<figure class=\"chart\" id=\"").append(id).append("\">\n<figcaption>");
        Html.text(sb, caption);
        sb.append("</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" aria-label=\"").append(Html.attr(caption)).append("\">");
    }

    private static void label(StringBuilder sb, String text, String href, int x, int y) {
        link(sb, href);
        sb.append("<text class=\"label\" x=\"").append(x).append("\" y=\"").append(y)
                .append("\" text-anchor=\"end\" dominant-baseline=\"central\"><title>").append(Html.attr(text)).append("</title>");
        Html.svgText(sb, Html.shorten(text, LABEL_CHARS));
        sb.append("</text>");
        unlink(sb, href);
    }

    private static void link(StringBuilder sb, String href) {
        if (href != null) {
            sb.append("<a href=\"").append(href).append("\">");
        }
    }

    private static void unlink(StringBuilder sb, String href) {
        if (href != null) {
            sb.append("</a>");
        }
    }

    private static void legend(StringBuilder sb, List<Key> keys) {
        sb.append("<ul class=\"legend\">");
        for (Key k : keys) {
            sb.append("<li><span class=\"swatch ").append(k.css()).append("\"></span>");
            Html.text(sb, k.label());
            sb.append("</li>");
        }
        sb.append("</ul>\n");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
