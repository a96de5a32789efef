// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.text.SafeText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Totals of a review, added to one entry at a time so memory stays flat: counts by status, rejections by
 * diagnostic code, a row per model, repairs, and the few slowest and largest inputs. Summaries of parts of a
 * review, in any order, {@link #merge merge} into the summary of the whole (serializable, so the parts may be
 * made on other machines).
 */
public final class ReviewSummary implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** How many of the slowest and of the largest inputs are kept. */
    public static final int TOP = 5;

    private final Map<ReviewEntry.Status, Long> byStatus = new EnumMap<>(ReviewEntry.Status.class);
    private final Map<String, Long> byCode = new TreeMap<>();
    /** Patches with a hit of each trick rule (with --detect), and each rule's severity. */
    private final Map<String, Long> byTrick = new TreeMap<>();
    private final Map<String, String> trickSeverity = new TreeMap<>();
    private final Map<String, Row> byModel = new TreeMap<>();
    private final Set<String> repairNames = new LinkedHashSet<>();
    private final List<ReviewEntry> slowest = new ArrayList<>();
    private final List<ReviewEntry> largest = new ArrayList<>();
    private long total;
    private long passed;
    private long planMet;
    private long planUnmet;
    private boolean planGiven;

    /** One model's counts; repairs count patches whose repairs include that one. */
    public static final class Row implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        long patches;
        long passed;
        long planMet;
        final Map<ReviewEntry.Status, Long> byStatus = new EnumMap<>(ReviewEntry.Status.class);
        final Map<String, Long> repairs = new TreeMap<>();
        final Map<String, Long> tricks = new TreeMap<>();
        long repairable;

        public long count(ReviewEntry.Status s) {
            return byStatus.getOrDefault(s, 0L);
        }

        public long repairs(String name) {
            return repairs.getOrDefault(name, 0L);
        }

        public long patches() {
            return patches;
        }
    }

    public void add(ReviewEntry e) {
        total++;
        byStatus.merge(e.status(), 1L, Long::sum);
        if (e.passed()) {
            passed++;
        }
        if (e.plan() != null) {
            planGiven = true;
            if (e.plan().met()) {
                planMet++;
            } else {
                planUnmet++;
            }
        }
        e.rejecting().stream().map(ReviewEntry.Finding::code).distinct().forEach(c -> byCode.merge(c, 1L, Long::sum));
        Row row = byModel.computeIfAbsent(e.model() == null ? "-" : e.model(), k -> new Row());
        for (ReviewEntry.Finding f : e.tricks()) {
            trickSeverity.put(f.code(), f.severity());
        }
        e.tricks().stream().map(ReviewEntry.Finding::code).distinct().forEach(c -> {
            byTrick.merge(c, 1L, Long::sum);
            row.tricks.merge(c, 1L, Long::sum);
        });
        row.patches++;
        row.byStatus.merge(e.status(), 1L, Long::sum);
        if (e.passed()) {
            row.passed++;
        }
        if (e.plan() != null && e.plan().met()) {
            row.planMet++;
        }
        if (e.repair() != null) {
            for (String r : e.repair().repairs()) {
                repairNames.add(r);
                row.repairs.merge(r, 1L, Long::sum);
            }
            if (!e.repair().repairs().isEmpty() && !e.repair().outcome().equals("none")) {
                row.repairable++;
            }
        }
        keepTop(slowest, e, Comparator.comparingLong(ReviewEntry::micros));
        keepTop(largest, e, Comparator.comparingLong(ReviewEntry::bytes));
    }

    /**
     * Keeps the TOP greatest by the comparator; ties keep the entry earlier in the input, so the output is
     * deterministic whatever the order entries are added or merged in.
     */
    private static void keepTop(List<ReviewEntry> top, ReviewEntry e, Comparator<ReviewEntry> by) {
        int i = 0;
        while (i < top.size() && (by.compare(top.get(i), e) > 0
                || by.compare(top.get(i), e) == 0 && top.get(i).index() <= e.index())) {
            i++;
        }
        if (i < TOP) {
            top.add(i, e);
            if (top.size() > TOP) {
                top.remove(TOP);
            }
        }
    }

    /** Adds a summary of other entries of the same review: the result is the summary of both parts together. */
    public void merge(ReviewSummary other) {
        total += other.total;
        passed += other.passed;
        planMet += other.planMet;
        planUnmet += other.planUnmet;
        planGiven |= other.planGiven;
        other.byStatus.forEach((k, v) -> byStatus.merge(k, v, Long::sum));
        other.byCode.forEach((k, v) -> byCode.merge(k, v, Long::sum));
        other.byTrick.forEach((k, v) -> byTrick.merge(k, v, Long::sum));
        trickSeverity.putAll(other.trickSeverity);
        repairNames.addAll(other.repairNames);
        other.byModel.forEach((name, r) -> {
            Row row = byModel.computeIfAbsent(name, k -> new Row());
            row.patches += r.patches;
            row.passed += r.passed;
            row.planMet += r.planMet;
            row.repairable += r.repairable;
            r.byStatus.forEach((k, v) -> row.byStatus.merge(k, v, Long::sum));
            r.repairs.forEach((k, v) -> row.repairs.merge(k, v, Long::sum));
            r.tricks.forEach((k, v) -> row.tricks.merge(k, v, Long::sum));
        });
        other.slowest.forEach(e -> keepTop(slowest, e, Comparator.comparingLong(ReviewEntry::micros)));
        other.largest.forEach(e -> keepTop(largest, e, Comparator.comparingLong(ReviewEntry::bytes)));
    }

    public long total() {
        return total;
    }

    public long passed() {
        return passed;
    }

    public long count(ReviewEntry.Status s) {
        return byStatus.getOrDefault(s, 0L);
    }

    public Map<String, Long> rejectionsByCode() {
        return java.util.Collections.unmodifiableMap(byCode);
    }

    /** Patches with a hit of each trick rule; empty unless detection was asked for and found something. */
    public Map<String, Long> tricksByRule() {
        return java.util.Collections.unmodifiableMap(byTrick);
    }

    public Map<String, Row> byModel() {
        return java.util.Collections.unmodifiableMap(byModel);
    }

    public List<ReviewEntry> slowest() {
        return List.copyOf(slowest);
    }

    public List<ReviewEntry> largest() {
        return List.copyOf(largest);
    }

    private List<String> repairColumns() {
        List<String> cols = new ArrayList<>(repairNames);
        java.util.Collections.sort(cols);
        return cols;
    }

    /** The summary as Markdown: totals, rejections by code, the per-model table, slowest and largest inputs. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| patches | passed | accepted | rejected | empty | invalid | unreadable |");
        sb.append(planGiven ? " plan met | plan unmet |\n|---|---|---|---|---|---|---|---|---|\n" : "\n|---|---|---|---|---|---|---|\n");
        sb.append("| ").append(total).append(" | ").append(passed);
        for (ReviewEntry.Status s : ReviewEntry.Status.values()) {
            sb.append(" | ").append(count(s));
        }
        if (planGiven) {
            sb.append(" | ").append(planMet).append(" | ").append(planUnmet);
        }
        sb.append(" |\n");
        if (!byCode.isEmpty()) {
            sb.append("\n| diagnostic | patches rejected |\n|---|---|\n");
            byCode.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                    .thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> sb.append("| `").append(e.getKey()).append("` | ").append(e.getValue()).append(" |\n"));
        }
        if (!byTrick.isEmpty()) {
            sb.append("\n| trick | severity | patches |\n|---|---|---|\n");
            byTrick.forEach((rule, n) -> sb.append("| `").append(rule).append("` | ").append(trickSeverity.get(rule))
                    .append(" | ").append(n).append(" |\n"));
            sb.append("\n| model | trick | patches |\n|---|---|---|\n");
            byModel.forEach((model, r) -> r.tricks.forEach((rule, n) -> sb.append("| ").append(cell(model)).append(" | `")
                    .append(rule).append("` | ").append(n).append(" |\n")));
        }
        if (byModel.size() > 1) {
            List<String> cols = repairColumns();
            sb.append("\n| model | patches | passed | rejected | empty | invalid | unreadable |");
            if (planGiven) {
                sb.append(" plan met |");
            }
            cols.forEach(c -> sb.append(" repair: ").append(c).append(" |"));
            sb.append(" repairable |\n|---|---|---|---|---|---|---|");
            if (planGiven) {
                sb.append("---|");
            }
            cols.forEach(c -> sb.append("---|"));
            sb.append("---|\n");
            for (Map.Entry<String, Row> e : byModel.entrySet()) {
                Row r = e.getValue();
                sb.append("| ").append(cell(e.getKey())).append(" | ").append(r.patches).append(" | ").append(r.passed)
                        .append(" | ").append(r.count(ReviewEntry.Status.REJECTED)).append(" | ")
                        .append(r.count(ReviewEntry.Status.EMPTY)).append(" | ").append(r.count(ReviewEntry.Status.INVALID))
                        .append(" | ").append(r.count(ReviewEntry.Status.UNREADABLE)).append(" |");
                if (planGiven) {
                    sb.append(' ').append(r.planMet).append(" |");
                }
                cols.forEach(c -> sb.append(' ').append(r.repairs(c)).append(" |"));
                sb.append(' ').append(r.repairable).append(" |\n");
            }
        }
        if (total > 0) {
            sb.append("\n| slowest | ms |\n|---|---|\n");
            slowest.forEach(e -> sb.append("| ").append(cell(e.name())).append(" | ")
                    .append(String.format(java.util.Locale.ROOT, "%.1f", e.micros() / 1000.0)).append(" |\n"));
            sb.append("\n| largest | bytes |\n|---|---|\n");
            largest.forEach(e -> sb.append("| ").append(cell(e.name())).append(" | ").append(e.bytes()).append(" |\n"));
        }
        return sb.toString();
    }

    /** A Markdown table cell: escaped for the terminal and for Markdown (pipes included). */
    static String cell(String s) {
        return SafeText.markdown(s);
    }

    public ObjectNode json() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("patches", total);
        o.put("passed", passed);
        for (ReviewEntry.Status s : ReviewEntry.Status.values()) {
            o.put(s.wire(), count(s));
        }
        if (planGiven) {
            o.put("plan_met", planMet);
            o.put("plan_unmet", planUnmet);
        }
        ObjectNode codes = o.putObject("rejections_by_code");
        byCode.forEach(codes::put);
        if (!byTrick.isEmpty()) {
            ObjectNode t = o.putObject("tricks_by_rule");
            byTrick.forEach(t::put);
        }
        ObjectNode models = o.putObject("by_model");
        byModel.forEach((name, r) -> {
            ObjectNode m = models.putObject(name);
            m.put("patches", r.patches);
            m.put("passed", r.passed);
            for (ReviewEntry.Status s : ReviewEntry.Status.values()) {
                m.put(s.wire(), r.count(s));
            }
            if (planGiven) {
                m.put("plan_met", r.planMet);
            }
            ObjectNode rep = m.putObject("repairs");
            r.repairs.forEach(rep::put);
            m.put("repairable", r.repairable);
            if (!r.tricks.isEmpty()) {
                ObjectNode t = m.putObject("tricks");
                r.tricks.forEach(t::put);
            }
        });
        ArrayNode slow = o.putArray("slowest");
        slowest.forEach(e -> slow.addObject().put("name", e.name()).put("ms", e.micros() / 1000.0));
        ArrayNode large = o.putArray("largest");
        largest.forEach(e -> large.addObject().put("name", e.name()).put("bytes", e.bytes()));
        return o;
    }
}
