// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import dev.patchverdict.digest.Digests;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * A review as one self-contained HTML page: the run's header (inputs and their SHA-256, version, plan, time), the
 * per-model table with sortable columns, SVG charts (verdicts per model, trick hits as a model by rule grid,
 * rejections by diagnostic code, repairs per model, patch sizes), a list of patches behind every chart cell and
 * table row, and one collapsed {@code <details>} entry per patch.
 *
 * <p>The page runs no script and loads nothing: its Content-Security-Policy allows only its own inline style, so
 * it reads the same offline or attached to a CI run. Columns sort without a script: each order is rendered, and
 * the header's labels pick one through radio buttons and CSS. Links point inside collapsed {@code <details>}, which
 * a browser opens to show what a link leads to. Every input byte goes through {@link Html}.
 *
 * <p>Patch entries are spooled to a temporary file as they come, since the header and charts that head the page are
 * known only at the end; what is kept in memory is each patch's name (cut short) and the lists it belongs to.
 */
public final class ReviewHtml implements ReviewSink {
    /** The verdicts in the order bars stack them. */
    static final List<String> VERDICTS = List.of("PASSED", "HACK", "PLAN-UNMET", "REJECTED", "EMPTY", "INVALID", "UNREADABLE");
    static final List<String> OUTCOMES = List.of("accepted", "git-accepts", "none");
    private static final List<String> OUTCOME_LABELS = List.of("the profile accepts it after repair",
            "git accepts it after repair", "no repair found");
    /** Upper bounds (exclusive) of the patch size buckets, in bytes; the last bucket is open. */
    private static final long[] SIZES = {1, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20};
    private static final List<String> SIZE_LABELS = List.of("0 B", "under 1 KiB", "1-4 KiB", "4-16 KiB", "16-64 KiB",
            "64-256 KiB", "256 KiB-1 MiB", "1 MiB or more");
    private static final int NAME_CHARS = 160;
    private static final int MODEL_COLOURS = 8;

    /** What made the page and from what: the version, the time it was made, the profile, detection and the plan. */
    public record Header(String version, Instant time, String profile, List<String> detect, Plan plan) {
        public Header {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(profile, "profile");
            detect = detect == null ? null : List.copyOf(detect);
        }
    }

    /** The plan given with {@code --plan}: the file as named, its SHA-256, its id and its version. */
    public record Plan(String file, String sha256, String id, String version) {}

    private enum Kind { MODEL, VERDICT, REPAIR, RULE, RULE_MODEL, CODE, CODE_MODEL, SIZE, SIZE_MODEL }

    /** A list of patches behind a chart cell or table row. */
    private record GroupKey(Kind kind, String a, String b) {}

    /** Member indexes, in review order. */
    private static final class Members {
        int[] at = new int[4];
        int size;

        void add(int i) {
            if (size == at.length) {
                at = Arrays.copyOf(at, size * 2);
            }
            at[size++] = i;
        }
    }

    /** One model's figures beyond the summary's. */
    private static final class ModelFigures {
        final Map<String, Long> verdicts = new HashMap<>();
        final Map<String, Long> outcomes = new HashMap<>();
        final Map<String, Long> trickPatches = new HashMap<>();

        long verdict(String v) {
            return verdicts.getOrDefault(v, 0L);
        }
    }

    private final PrintStream out;
    private final Header header;
    private final LongFunction<ReviewInput> inputOf;
    private final Supplier<List<ReviewInput>> inputs;
    private final Map<String, String> ruleHelp;
    private final Map<GroupKey, Members> groups = new HashMap<>();
    private final Map<String, ModelFigures> models = new TreeMap<>();
    private final Map<String, String> trickSeverity = new TreeMap<>();
    private final List<String> names = new ArrayList<>();
    private final Map<Integer, MessageDigest> listings = new HashMap<>();
    private final Map<Integer, String> patchFiles = new HashMap<>();
    private final Map<Integer, Boolean> incomplete = new HashMap<>();
    private boolean planGiven;
    private Path spool;
    private BufferedWriter entries;

    /**
     * @param inputOf the input an entry (by index) came from, for the folders' and patch files' digests
     * @param inputs every input, asked for at the end
     * @param ruleHelp each trick rule's description, by id, for the grid's titles
     */
    public ReviewHtml(PrintStream out, Header header, LongFunction<ReviewInput> inputOf, Supplier<List<ReviewInput>> inputs,
            Map<String, String> ruleHelp) {
        this.out = Objects.requireNonNull(out, "out");
        this.header = Objects.requireNonNull(header, "header");
        this.inputOf = Objects.requireNonNull(inputOf, "inputOf");
        this.inputs = Objects.requireNonNull(inputs, "inputs");
        this.ruleHelp = Map.copyOf(ruleHelp);
    }

    @Override
    public void begin() throws IOException {
        spool = Files.createTempFile("patchverdict-review", ".html");
        entries = Files.newBufferedWriter(spool, StandardCharsets.UTF_8);
    }

    @Override
    public void accept(ReviewEntry e) throws IOException {
        int i = names.size();
        if (e.index() != i) {
            // The page's links name patches by their place in the review; an entry out of order would mislink them.
            throw new IllegalArgumentException("review entry " + e.index() + " handed in at place " + i);
        }
        names.add(Html.shorten(e.name(), NAME_CHARS));
        String model = model(e);
        String verdict = e.verdict();
        ModelFigures m = models.computeIfAbsent(model, k -> new ModelFigures());
        m.verdicts.merge(verdict, 1L, Long::sum);
        add(Kind.MODEL, model, "", i);
        add(Kind.VERDICT, model, verdict, i);
        if (e.plan() != null) {
            planGiven = true;
        }
        if (e.repair() != null) {
            m.outcomes.merge(e.repair().outcome(), 1L, Long::sum);
            add(Kind.REPAIR, model, e.repair().outcome(), i);
        }
        for (String code : e.rejecting().stream().map(ReviewEntry.Finding::code).distinct().toList()) {
            add(Kind.CODE, code, "", i);
            add(Kind.CODE_MODEL, code, model, i);
        }
        for (ReviewEntry.Finding f : e.tricks()) {
            trickSeverity.put(f.code(), f.severity());
        }
        for (String rule : e.tricks().stream().map(ReviewEntry.Finding::code).distinct().toList()) {
            add(Kind.RULE, rule, "", i);
            add(Kind.RULE_MODEL, rule, model, i);
        }
        e.tricks().stream().map(ReviewEntry.Finding::severity).distinct()
                .forEach(s -> m.trickPatches.merge(s, 1L, Long::sum));
        if (e.sha256() != null) {
            String bucket = String.valueOf(bucket(e.bytes()));
            add(Kind.SIZE, bucket, "", i);
            add(Kind.SIZE_MODEL, bucket, model, i);
        }
        digest(e);
        entries.write(entry(e, i));
    }

    private void add(Kind kind, String a, String b, int i) {
        groups.computeIfAbsent(new GroupKey(kind, a, b), k -> new Members()).add(i);
    }

    private static String model(ReviewEntry e) {
        return e.model() == null ? "-" : e.model();
    }

    static int bucket(long bytes) {
        int b = 0;
        while (b < SIZES.length && bytes >= SIZES[b]) {
            b++;
        }
        return b;
    }

    /** A folder's listing and a patch file's own digest are made from the entries, in the order reviewed. */
    private void digest(ReviewEntry e) {
        ReviewInput in = inputOf.apply(e.index());
        if (in == null) {
            return;
        }
        if (in.kind() == ReviewInput.Kind.PATCH) {
            patchFiles.put(in.index(), e.sha256());
        } else if (in.kind() == ReviewInput.Kind.FOLDER) {
            if (e.sha256() == null || !e.name().startsWith(in.prefix())) {
                incomplete.put(in.index(), true);
                return;
            }
            listings.computeIfAbsent(in.index(), k -> Digests.newSha256())
                    .update((e.sha256() + "  " + e.name().substring(in.prefix().length()) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private List<ReviewInput> describedInputs() {
        List<ReviewInput> out = new ArrayList<>();
        for (ReviewInput in : inputs.get()) {
            String sha = in.sha256();
            if (in.kind() == ReviewInput.Kind.PATCH) {
                sha = patchFiles.get(in.index());
            } else if (in.kind() == ReviewInput.Kind.FOLDER) {
                MessageDigest md = listings.get(in.index());
                sha = incomplete.containsKey(in.index()) ? null
                        : md != null ? Digests.of(md).hex() : Digests.bytes(new byte[0]).hex();
            }
            out.add(in.withSha256(sha));
        }
        return out;
    }

    @Override
    public void end(ReviewSummary summary) throws IOException {
        entries.close();
        entries = null;
        try {
            Page page = new Page(summary);
            out.print(page.head());
            out.flush();
            Files.copy(spool, out);
            out.print("</section>\n<footer>Made by " + Html.text(header.version()) + " at "
                    + Html.time(header.time()) + ". This page runs no script and loads nothing.</footer>\n</body>\n</html>\n");
            out.flush();
        } finally {
            close();
        }
    }

    @Override
    public void close() throws IOException {
        if (entries != null) {
            entries.close();
            entries = null;
        }
        if (spool != null) {
            Files.deleteIfExists(spool);
            spool = null;
        }
    }

    // ---- one patch ----

    private static String verdictClass(String verdict) {
        return "v-" + verdict.toLowerCase(Locale.ROOT);
    }

    private static String entry(ReviewEntry e, int i) {
        StringBuilder sb = new StringBuilder(1024);
        String v = e.verdict();
        sb.append("<details class=\"patch\">\n<summary><span class=\"verdict ")
                .append(verdictClass(v)).append("\">").append(v).append("</span> <span class=\"name\">");
        Html.text(sb, e.name());
        sb.append("</span>");
        if (e.model() != null) {
            sb.append(" <span class=\"model\">");
            Html.text(sb, e.model());
            sb.append("</span>");
        }
        if (e.sha256() != null) {
            sb.append(String.format(Locale.ROOT, " <span class=\"counts\">%d %s, +%d -%d, %d bytes</span>", e.files().size(),
                    e.files().size() == 1 ? "file" : "files", e.added(), e.removed(), e.bytes()));
        }
        // The link target is inside the collapsed part: following a link to it opens the entry, with no script.
        sb.append("</summary>\n<div class=\"body\" id=\"p-").append(i).append("\">\n<dl class=\"facts\">");
        sb.append("<dt>source</dt><dd>");
        Html.text(sb, e.source());
        if (e.sourceLine() > 0) {
            sb.append(':').append(e.sourceLine());
        }
        if (e.pointer() != null) {
            sb.append(" <code>");
            Html.text(sb, e.pointer());
            sb.append("</code>");
        }
        sb.append("</dd>");
        if (e.sha256() != null) {
            sb.append("<dt>SHA-256</dt><dd><code>").append(Html.text(e.sha256())).append("</code></dd>");
        }
        sb.append(String.format(Locale.ROOT, "<dt>time</dt><dd>%.1f ms</dd></dl>\n", e.micros() / 1000.0));
        if (e.error() != null) {
            sb.append("<p class=\"error\">");
            Html.text(sb, e.error());
            sb.append("</p>\n");
        }
        if (!e.files().isEmpty()) {
            sb.append("<h4>Files (").append(e.files().size()).append(")</h4>\n<ul class=\"files\">");
            for (String f : e.files()) {
                sb.append("<li><code>");
                Html.text(sb, f);
                sb.append("</code></li>");
            }
            sb.append("</ul>\n");
        }
        List<ReviewEntry.Finding> diagnostics = e.findings().stream().filter(f -> !f.trick()).toList();
        if (!diagnostics.isEmpty()) {
            sb.append("<h4>Diagnostics (").append(diagnostics.size())
                    .append(")</h4>\n<table class=\"diagnostics\"><thead><tr><th>line</th><th>code</th><th>severity</th><th>message</th></tr></thead><tbody>");
            for (ReviewEntry.Finding f : diagnostics) {
                sb.append("<tr class=\"").append(f.rejects() ? "rejects" : "warns").append("\"><td class=\"num\">")
                        .append(f.line()).append("</td><td><code>");
                Html.text(sb, f.code());
                sb.append("</code></td><td>");
                Html.text(sb, f.severity());
                sb.append("</td><td>");
                Html.text(sb, f.message());
                sb.append("</td></tr>");
            }
            sb.append("</tbody></table>\n");
        }
        List<ReviewEntry.Finding> tricks = e.tricks();
        if (!tricks.isEmpty()) {
            sb.append("<h4>Tricks (").append(tricks.size()).append(")</h4>\n");
            for (ReviewEntry.Finding f : tricks) {
                sb.append("<div class=\"hit h-").append(severityClass(f.severity())).append("\"><p><span class=\"sev\">");
                Html.text(sb, f.severity());
                sb.append("</span> <code>");
                Html.text(sb, f.code());
                sb.append("</code> <code class=\"path\">");
                Html.text(sb, f.path());
                sb.append("</code> line ").append(f.line()).append(": ");
                Html.text(sb, f.message());
                sb.append("</p>");
                if (!f.excerpt().isEmpty()) {
                    sb.append("<pre class=\"excerpt\">");
                    for (ReviewEntry.PatchLine l : f.excerpt()) {
                        char marker = l.text().isEmpty() ? ' ' : l.text().charAt(0);
                        String kind = marker == '+' ? "add" : marker == '-' ? "del" : "ctx";
                        sb.append("<span class=\"").append(kind).append(l.number() == f.line() ? " at" : "")
                                .append("\"><span class=\"ln\">").append(l.number()).append("</span>");
                        Html.text(sb, l.text());
                        sb.append("</span>\n");
                    }
                    sb.append("</pre>");
                }
                sb.append("</div>\n");
            }
        }
        if (e.plan() != null) {
            sb.append("<h4>Plan</h4>\n<p>");
            Html.text(sb, e.plan().planId());
            sb.append(" (v");
            Html.text(sb, e.plan().version());
            sb.append("): ").append(e.plan().met() ? "met" : "not met").append("</p>\n");
            if (!e.plan().reasons().isEmpty()) {
                sb.append("<ul class=\"reasons\">");
                for (String r : e.plan().reasons()) {
                    sb.append("<li>");
                    Html.text(sb, r);
                    sb.append("</li>");
                }
                sb.append("</ul>\n");
            }
        }
        if (e.repair() != null) {
            ReviewEntry.Repair r = e.repair();
            sb.append("<h4>Repair</h4>\n<p class=\"repair\">");
            if (r.repairs().isEmpty()) {
                sb.append("none found");
            } else {
                sb.append("<code>");
                Html.text(sb, String.join(", ", r.repairs()));
                sb.append("</code> &#8594; ");
                Html.text(sb, r.outcome());
                if (!r.remaining().isEmpty()) {
                    sb.append(" (still: ");
                    Html.text(sb, String.join(", ", r.remaining()));
                    sb.append(')');
                }
            }
            sb.append("</p>\n");
            for (String n : r.notes()) {
                sb.append("<p class=\"note\">");
                Html.text(sb, n);
                sb.append("</p>\n");
            }
        }
        return sb.append("</div>\n</details>\n").toString();
    }

    private static String severityClass(String severity) {
        return switch (severity) {
            case ReviewEntry.Finding.HACK -> "hack";
            case ReviewEntry.Finding.SUSPECT -> "suspect";
            default -> "info";
        };
    }

    // ---- the page ----

    /** Everything above the patch entries, made once at the end. */
    private final class Page {
        private final ReviewSummary summary;
        private final List<String> modelNames;
        private final Map<String, Integer> modelIndex = new HashMap<>();
        private final Map<GroupKey, String> ids = new LinkedHashMap<>();

        Page(ReviewSummary summary) {
            this.summary = summary;
            this.modelNames = new ArrayList<>(models.keySet());
            for (int i = 0; i < modelNames.size(); i++) {
                modelIndex.put(modelNames.get(i), i);
            }
            List<GroupKey> keys = new ArrayList<>(groups.keySet());
            keys.sort(Comparator.comparing(GroupKey::kind).thenComparing(GroupKey::a, this::compareA)
                    .thenComparing(GroupKey::b, this::compareB));
            for (GroupKey k : keys) {
                ids.put(k, "g-" + ids.size());
            }
        }

        private int compareA(String x, String y) {
            return x.compareTo(y);
        }

        private int compareB(String x, String y) {
            int vx = VERDICTS.indexOf(x);
            int vy = VERDICTS.indexOf(y);
            if (vx >= 0 && vy >= 0) {
                return Integer.compare(vx, vy);
            }
            int ox = OUTCOMES.indexOf(x);
            int oy = OUTCOMES.indexOf(y);
            if (ox >= 0 && oy >= 0) {
                return Integer.compare(ox, oy);
            }
            return x.compareTo(y);
        }

        String href(Kind kind, String a, String b) {
            String id = ids.get(new GroupKey(kind, a, b));
            return id == null ? null : "#" + id;
        }

        long size(Kind kind, String a, String b) {
            Members m = groups.get(new GroupKey(kind, a, b));
            return m == null ? 0 : m.size;
        }

        String modelCss(String model) {
            return "m" + modelIndex.get(model) % MODEL_COLOURS;
        }

        String head() {
            StringBuilder body = new StringBuilder(64 * 1024);
            StringBuilder sortCss = new StringBuilder();
            header(body);
            totals(body);
            modelTable(body, sortCss);
            charts(body);
            tops(body);
            lists(body);
            body.append("<section id=\"patches\">\n<h2>Patches</h2>\n");
            return Html.head("patchverdict review: " + summary.total() + " patches", sortCss.toString()) + body;
        }

        private void header(StringBuilder sb) {
            sb.append("<header>\n<h1>patchverdict review</h1>\n<dl class=\"meta\">");
            sb.append("<dt>made</dt><dd><time datetime=\"").append(Html.time(header.time())).append("\">")
                    .append(Html.time(header.time())).append("</time></dd>");
            sb.append("<dt>by</dt><dd>");
            Html.text(sb, header.version());
            sb.append("</dd><dt>profile</dt><dd>");
            Html.text(sb, header.profile());
            sb.append("</dd><dt>detection</dt><dd>");
            if (header.detect() == null) {
                sb.append("off (no <code>--detect</code>)");
            } else {
                sb.append(header.detect().size()).append(header.detect().size() == 1 ? " rule: " : " rules: ");
                Html.text(sb, String.join(", ", header.detect()));
            }
            sb.append("</dd><dt>plan</dt><dd>");
            if (header.plan() == null) {
                sb.append("none");
            } else {
                Plan p = header.plan();
                sb.append("<code>");
                Html.text(sb, p.file());
                sb.append("</code> ");
                Html.text(sb, p.id());
                sb.append(" (v");
                Html.text(sb, p.version());
                sb.append(")");
                if (p.sha256() != null) {
                    sb.append(" <code class=\"sha\">sha256:").append(Html.text(p.sha256())).append("</code>");
                }
            }
            sb.append("</dd></dl>\n<table class=\"inputs\"><thead><tr><th>input</th><th>read as</th><th>patches</th><th>SHA-256</th></tr></thead><tbody>\n");
            for (ReviewInput in : describedInputs()) {
                sb.append("<tr><td><code>");
                Html.text(sb, in.name());
                sb.append("</code></td><td>").append(in.kind().label()).append("</td><td class=\"num\">").append(in.entries())
                        .append("</td><td>");
                if (in.sha256() != null) {
                    sb.append("<code class=\"sha\">sha256:").append(Html.text(in.sha256())).append("</code>");
                    if (in.kind() == ReviewInput.Kind.FOLDER) {
                        sb.append(" <span class=\"hint\">(of the listing <code>HEX&#160;&#160;PATH</code> per patch file)</span>");
                    }
                } else {
                    sb.append("<span class=\"hint\">not known: not every byte was read</span>");
                }
                sb.append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n</header>\n");
            sb.append("<nav><a href=\"#totals\">totals</a> <a href=\"#models\">models</a> <a href=\"#charts\">charts</a>"
                    + " <a href=\"#tops\">largest and slowest</a> <a href=\"#lists\">lists</a> <a href=\"#patches\">patches</a></nav>\n");
        }

        private void totals(StringBuilder sb) {
            sb.append("<section id=\"totals\">\n<h2>Totals</h2>\n<ul class=\"totals\">");
            total(sb, "patches", summary.total(), null);
            for (String v : VERDICTS) {
                long n = models.values().stream().mapToLong(m -> m.verdict(v)).sum();
                if (n > 0 || v.equals("PASSED")) {
                    total(sb, v.toLowerCase(Locale.ROOT), n, verdictClass(v));
                }
            }
            sb.append("</ul>\n</section>\n");
        }

        private void tops(StringBuilder sb) {
            if (summary.total() == 0) {
                return;
            }
            sb.append("<section id=\"tops\">\n<h2>Largest and slowest</h2>\n<div class=\"tops\"><div><h3>Largest</h3><ol>");
            summary.largest().forEach(e -> top(sb, e, e.bytes() + " bytes"));
            sb.append("</ol></div><div><h3>Slowest</h3><ol>");
            summary.slowest().forEach(e -> top(sb, e, String.format(Locale.ROOT, "%.1f ms", e.micros() / 1000.0)));
            sb.append("</ol></div></div>\n</section>\n");
        }

        private void total(StringBuilder sb, String label, long n, String css) {
            sb.append("<li").append(css == null ? "" : " class=\"" + css + "\"").append("><span class=\"n\">").append(n)
                    .append("</span> ").append(label).append("</li>");
        }

        private void top(StringBuilder sb, ReviewEntry e, String figure) {
            sb.append("<li><a href=\"#p-").append(e.index()).append("\">");
            Html.text(sb, Html.shorten(e.name(), 80));
            sb.append("</a> ").append(figure).append("</li>");
        }

        // ---- the sortable table ----

        /** A column: its header, and each model's value (numbers sort as numbers, the model's name as text). */
        private record Column(String title, boolean text, List<Double> values, List<String> shown) {}

        private List<Column> columns() {
            List<Column> cols = new ArrayList<>();
            List<String> shownNames = new ArrayList<>();
            cols.add(new Column("model", true, List.of(), shownNames));
            cols.add(count("patches", m -> (double) summary.byModel().get(m).patches()));
            cols.add(count("passed", m -> (double) models.get(m).verdict("PASSED")));
            List<Double> rate = new ArrayList<>();
            List<String> rateShown = new ArrayList<>();
            for (String m : modelNames) {
                long n = summary.byModel().get(m).patches();
                double r = n == 0 ? 0 : 100.0 * models.get(m).verdict("PASSED") / n;
                rate.add(r);
                rateShown.add(String.format(Locale.ROOT, "%.1f%%", r));
            }
            cols.add(new Column("pass rate", false, rate, rateShown));
            for (String v : VERDICTS.subList(1, VERDICTS.size())) {
                if (v.equals("PLAN-UNMET") && !planGiven || v.equals("HACK") && header.detect() == null) {
                    continue;
                }
                cols.add(count(v.toLowerCase(Locale.ROOT), m -> (double) models.get(m).verdict(v)));
            }
            cols.add(count("repairable", m -> (double) summary.byModel().get(m).repairable));
            List<String> repairs = new ArrayList<>();
            summary.byModel().values().forEach(r -> r.repairs.keySet().forEach(k -> {
                if (!repairs.contains(k)) {
                    repairs.add(k);
                }
            }));
            repairs.sort(null);
            for (String r : repairs) {
                cols.add(count("repair: " + r, m -> (double) summary.byModel().get(m).repairs(r)));
            }
            if (header.detect() != null) {
                for (String s : List.of(ReviewEntry.Finding.HACK, ReviewEntry.Finding.SUSPECT, ReviewEntry.Finding.INFO)) {
                    cols.add(count("tricks: " + s, m -> (double) models.get(m).trickPatches.getOrDefault(s, 0L)));
                }
            }
            return cols;
        }

        private Column count(String title, java.util.function.Function<String, Double> value) {
            List<Double> values = new ArrayList<>();
            List<String> shown = new ArrayList<>();
            for (String m : modelNames) {
                double v = value.apply(m);
                values.add(v);
                shown.add(String.valueOf((long) v));
            }
            return new Column(title, false, values, shown);
        }

        /** The per-model tables, one per order; {@code css} gets the rule that shows the one chosen. */
        private void modelTable(StringBuilder sb, StringBuilder css) {
            List<Column> cols = columns();
            sb.append("<section id=\"models\">\n<h2>Per model</h2>\n<p class=\"hint\">Click a column's name to sort by it;"
                    + " click again to reverse. A model's name lists its patches.</p>\n<div class=\"sortable\">\n");
            int rules = 0;
            for (int c = 0; c < cols.size(); c++) {
                for (String d : List.of("a", "d")) {
                    String id = "sort-" + c + "-" + d;
                    sb.append("<input type=\"radio\" name=\"sort\" class=\"sort\" id=\"").append(id).append('"')
                            .append(c == 0 && d.equals("a") ? " checked" : "").append(" aria-label=\"sort by ")
                            .append(Html.attr(cols.get(c).title())).append(d.equals("a") ? ", ascending" : ", descending")
                            .append("\">");
                    css.append(rules++ == 0 ? "" : ",\n").append('#').append(id).append(":checked ~ .tables .").append(id);
                }
            }
            css.append(" {display: table}\n");
            sb.append("\n<div class=\"tables\">\n");
            for (int c = 0; c < cols.size(); c++) {
                for (String d : List.of("a", "d")) {
                    table(sb, cols, c, d.equals("d"));
                }
            }
            sb.append("</div>\n</div>\n</section>\n");
        }

        private void table(StringBuilder sb, List<Column> cols, int by, boolean descending) {
            Integer[] order = new Integer[modelNames.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Comparator<Integer> cmp = cols.get(by).text() ? Comparator.comparing(modelNames::get)
                    : Comparator.comparing(i -> cols.get(by).values().get(i));
            if (descending) {
                cmp = cmp.reversed();
            }
            // Ties keep the models' names in order, whichever way the column runs.
            Arrays.sort(order, cmp.thenComparing(modelNames::get));
            sb.append("<table class=\"models sort-").append(by).append('-').append(descending ? 'd' : 'a')
                    .append("\"><thead><tr>");
            for (int c = 0; c < cols.size(); c++) {
                Column col = cols.get(c);
                // A numeric column first sorts most first; the one sorted by flips.
                boolean nextDescending = c == by ? !descending : !col.text();
                sb.append("<th").append(col.text() ? "" : " class=\"num\"").append(c == by
                        ? " aria-sort=\"" + (descending ? "descending" : "ascending") + "\"" : "")
                        .append("><label for=\"sort-").append(c).append('-').append(nextDescending ? 'd' : 'a').append("\">");
                Html.text(sb, col.title());
                if (c == by) {
                    sb.append(descending ? " &#9660;" : " &#9650;");
                }
                sb.append("</label></th>");
            }
            sb.append("</tr></thead><tbody>");
            for (int i : order) {
                String m = modelNames.get(i);
                sb.append("<tr><th scope=\"row\"><span class=\"swatch ").append(modelCss(m)).append("\"></span><a href=\"")
                        .append(href(Kind.MODEL, m, "")).append("\">");
                Html.text(sb, m);
                sb.append("</a></th>");
                for (int c = 1; c < cols.size(); c++) {
                    sb.append("<td class=\"num\">").append(cols.get(c).shown().get(i)).append("</td>");
                }
                sb.append("</tr>");
            }
            sb.append("</tbody></table>\n");
        }

        // ---- charts ----

        private void charts(StringBuilder sb) {
            sb.append("<section id=\"charts\">\n<h2>Charts</h2>\n<p class=\"hint\">Every bar and cell lists its patches.</p>\n");
            sb.append(verdictChart());
            sb.append(trickChart());
            sb.append(codeChart());
            sb.append(repairChart());
            sb.append(sizeChart());
            sb.append("</section>\n");
        }

        private List<HtmlCharts.Key> modelKeys() {
            return modelNames.stream().map(m -> new HtmlCharts.Key(m, modelCss(m))).toList();
        }

        private String verdictChart() {
            List<HtmlCharts.Key> keys = VERDICTS.stream().map(v -> new HtmlCharts.Key(v.toLowerCase(Locale.ROOT), verdictClass(v)))
                    .toList();
            List<HtmlCharts.Bar> bars = new ArrayList<>();
            for (String m : modelNames) {
                List<HtmlCharts.Segment> segs = new ArrayList<>();
                for (int k = 0; k < VERDICTS.size(); k++) {
                    String v = VERDICTS.get(k);
                    long n = models.get(m).verdict(v);
                    segs.add(new HtmlCharts.Segment(k, n, href(Kind.VERDICT, m, v), m + ": " + n + " " + v.toLowerCase(Locale.ROOT)));
                }
                bars.add(new HtmlCharts.Bar(m, href(Kind.MODEL, m, ""), segs));
            }
            return HtmlCharts.stackedBars("chart-verdicts", "Verdicts per model", keys, bars);
        }

        private String trickChart() {
            List<String> rules = new ArrayList<>(trickSeverity.keySet());
            if (rules.isEmpty()) {
                return empty("chart-tricks", "Trick hits per model and rule", header.detect() == null
                        ? "Detection was not asked for (<code>--detect</code>)." : "No rule found anything.");
            }
            // Hack rules first, then suspect, then info; by id within each.
            rules.sort(Comparator.comparing((String r) -> severityRank(trickSeverity.get(r))).thenComparing(r -> r));
            HtmlCharts.Cell[][] cells = new HtmlCharts.Cell[modelNames.size()][rules.size()];
            for (int r = 0; r < modelNames.size(); r++) {
                String m = modelNames.get(r);
                long patches = summary.byModel().get(m).patches();
                for (int c = 0; c < rules.size(); c++) {
                    String rule = rules.get(c);
                    long n = size(Kind.RULE_MODEL, rule, m);
                    cells[r][c] = new HtmlCharts.Cell(n, href(Kind.RULE_MODEL, rule, m), "s-" + severityClass(trickSeverity.get(rule)),
                            patches == 0 ? 0 : (double) n / patches, m + ": " + n + " of " + patches + " patches with " + rule
                                    + " (" + trickSeverity.get(rule) + ")");
                }
            }
            List<String> titles = rules.stream().map(r -> r + " (" + trickSeverity.get(r) + ")"
                    + (ruleHelp.containsKey(r) ? ": " + ruleHelp.get(r) : "")).toList();
            return HtmlCharts.grid("chart-tricks", "Trick hits per model and rule (patches; colour: severity, depth: share of"
                    + " the model's patches)", modelNames, modelNames.stream().map(m -> href(Kind.MODEL, m, "")).toList(), rules,
                    titles, cells) + "<ul class=\"legend\"><li><span class=\"swatch s-hack\"></span>hack</li><li><span class=\"swatch"
                    + " s-suspect\"></span>suspect</li><li><span class=\"swatch s-info\"></span>info</li></ul>\n";
        }

        private String codeChart() {
            List<String> codes = new ArrayList<>(summary.rejectionsByCode().keySet());
            if (codes.isEmpty()) {
                return empty("chart-codes", "Rejections by diagnostic code", "No patch was rejected.");
            }
            codes.sort(Comparator.comparing((String c) -> -summary.rejectionsByCode().get(c)).thenComparing(c -> c));
            List<HtmlCharts.Bar> bars = new ArrayList<>();
            for (String code : codes) {
                List<HtmlCharts.Segment> segs = new ArrayList<>();
                for (int k = 0; k < modelNames.size(); k++) {
                    String m = modelNames.get(k);
                    long n = size(Kind.CODE_MODEL, code, m);
                    segs.add(new HtmlCharts.Segment(k, n, href(Kind.CODE_MODEL, code, m), m + ": " + n + " rejected with " + code));
                }
                bars.add(new HtmlCharts.Bar(code, href(Kind.CODE, code, ""), segs));
            }
            return HtmlCharts.stackedBars("chart-codes", "Rejections by diagnostic code (patches, by model)", modelKeys(), bars);
        }

        private String repairChart() {
            List<HtmlCharts.Key> keys = new ArrayList<>();
            for (int k = 0; k < OUTCOMES.size(); k++) {
                keys.add(new HtmlCharts.Key(OUTCOME_LABELS.get(k), "r-" + OUTCOMES.get(k)));
            }
            List<HtmlCharts.Bar> bars = new ArrayList<>();
            for (String m : modelNames) {
                List<HtmlCharts.Segment> segs = new ArrayList<>();
                for (int k = 0; k < OUTCOMES.size(); k++) {
                    long n = models.get(m).outcomes.getOrDefault(OUTCOMES.get(k), 0L);
                    segs.add(new HtmlCharts.Segment(k, n, href(Kind.REPAIR, m, OUTCOMES.get(k)), m + ": " + n + " rejected patches: "
                            + OUTCOME_LABELS.get(k)));
                }
                bars.add(new HtmlCharts.Bar(m, href(Kind.MODEL, m, ""), segs));
            }
            if (bars.stream().allMatch(b -> b.total() == 0)) {
                return empty("chart-repairs", "Repairs per model", "No patch was rejected, so none needed a repair.");
            }
            return HtmlCharts.stackedBars("chart-repairs", "Repairs per model (rejected patches, by what a repair would make of"
                    + " them)", keys, bars);
        }

        private String sizeChart() {
            List<HtmlCharts.Bar> bars = new ArrayList<>();
            for (int b = 0; b <= SIZES.length; b++) {
                String bucket = String.valueOf(b);
                List<HtmlCharts.Segment> segs = new ArrayList<>();
                for (int k = 0; k < modelNames.size(); k++) {
                    String m = modelNames.get(k);
                    long n = size(Kind.SIZE_MODEL, bucket, m);
                    segs.add(new HtmlCharts.Segment(k, n, href(Kind.SIZE_MODEL, bucket, m), m + ": " + n + " patches of "
                            + SIZE_LABELS.get(b)));
                }
                bars.add(new HtmlCharts.Bar(SIZE_LABELS.get(b), href(Kind.SIZE, bucket, ""), segs));
            }
            // Leading and trailing empty sizes are left out; one between two others stays, so the scale reads evenly.
            int first = 0;
            while (first < bars.size() && bars.get(first).total() == 0) {
                first++;
            }
            int last = bars.size() - 1;
            while (last >= first && bars.get(last).total() == 0) {
                last--;
            }
            if (first > last) {
                return empty("chart-sizes", "Patch sizes", "No patch was read.");
            }
            return HtmlCharts.stackedBars("chart-sizes", "Patch sizes (bytes, patches by model)", modelKeys(),
                    bars.subList(first, last + 1));
        }

        private String empty(String id, String caption, String why) {
            return "<figure class=\"chart empty\" id=\"" + id + "\">\n<figcaption>" + Html.text(caption) + "</figcaption>\n<p>"
                    + why + "</p>\n</figure>\n";
        }

        // ---- the lists behind the charts ----

        private void lists(StringBuilder sb) {
            sb.append("<section id=\"lists\">\n<h2>Lists</h2>\n<p class=\"hint\">The patches behind each bar, cell and row.</p>\n");
            for (Map.Entry<GroupKey, String> g : ids.entrySet()) {
                Members m = groups.get(g.getKey());
                sb.append("<details class=\"list\"><summary>");
                Html.text(sb, title(g.getKey()));
                sb.append(": ").append(m.size).append(m.size == 1 ? " patch" : " patches").append("</summary><ol id=\"")
                        .append(g.getValue()).append("\">");
                for (int k = 0; k < m.size; k++) {
                    int i = m.at[k];
                    sb.append("<li><a href=\"#p-").append(i).append("\">");
                    Html.text(sb, names.get(i));
                    sb.append("</a></li>");
                }
                sb.append("</ol></details>\n");
            }
            sb.append("</section>\n");
        }

        private String title(GroupKey k) {
            return switch (k.kind()) {
                case MODEL -> "model " + k.a();
                case VERDICT -> "model " + k.a() + ", " + k.b().toLowerCase(Locale.ROOT);
                case REPAIR -> "model " + k.a() + ", rejected: " + OUTCOME_LABELS.get(OUTCOMES.indexOf(k.b()));
                case RULE -> "trick " + k.a() + " (" + trickSeverity.get(k.a()) + ")";
                case RULE_MODEL -> "trick " + k.a() + " (" + trickSeverity.get(k.a()) + "), model " + k.b();
                case CODE -> "rejected with " + k.a();
                case CODE_MODEL -> "rejected with " + k.a() + ", model " + k.b();
                case SIZE -> "size " + SIZE_LABELS.get(Integer.parseInt(k.a()));
                case SIZE_MODEL -> "size " + SIZE_LABELS.get(Integer.parseInt(k.a())) + ", model " + k.b();
            };
        }
    }

    private static int severityRank(String s) {
        return switch (s) {
            case ReviewEntry.Finding.HACK -> 0;
            case ReviewEntry.Finding.SUSPECT -> 1;
            default -> 2;
        };
    }
}
