// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.plan.Equivalence;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.RelationOperator;
import dev.patchverdict.behave.plan.WitnessPolarity;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.json.CanonicalJson;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Judges a relation from its two runs on one tree. A run that did not exit with the declared
 * status, whose output was cut at the cap, or that lacks a required witness, makes the relation
 * abstain: what such a run printed says nothing. Otherwise the followup's output is compared with
 * the source's (the source as "expected", the followup as "observed") by the judge's own
 * comparisons: the checks' equivalence operators, their line multisets, the bounded JSON reader
 * and its numbers.
 */
public final class RelationJudge {
    private static final byte[] WITNESS_PREFIX = Witnesses.PREFIX.getBytes(StandardCharsets.US_ASCII);

    private RelationJudge() {}

    public static RelationRun judge(Relation relation, RunRecord source, RunRecord followup) {
        return judge(relation, source, followup, JudgeDeadline.NONE);
    }

    /** As {@link #judge(Relation, RunRecord, RunRecord)}, the comparison not decided past {@code deadline}. */
    public static RelationRun judge(Relation relation, RunRecord source, RunRecord followup, JudgeDeadline deadline) {
        List<String> unfit = new ArrayList<>();
        unfit(relation, "source", source).ifPresent(unfit::add);
        unfit(relation, "followup", followup).ifPresent(unfit::add);
        if (!unfit.isEmpty()) {
            return new RelationRun(Optional.of(source), Optional.of(followup), RelationRun.State.ABSTAINED,
                    String.join("; ", unfit), Optional.empty());
        }
        byte[] sourceOut = output(relation, source);
        byte[] followupOut = output(relation, followup);
        Optional<String> trivial = trivially(relation.relation(), sourceOut, followupOut);
        if (trivial.isPresent()) {
            return new RelationRun(Optional.of(source), Optional.of(followup), RelationRun.State.ABSTAINED, trivial.get(),
                    Optional.empty());
        }
        Comparison c = compare(relation.relation(), sourceOut, followupOut, deadline);
        RelationRun.State state = c instanceof Comparison.Equivalent ? RelationRun.State.HELD
                : c instanceof Comparison.Different ? RelationRun.State.BROKEN : RelationRun.State.ABSTAINED;
        String why = switch (state) {
            case HELD -> "holds: ";
            case BROKEN -> "breaks: ";
            case ABSTAINED -> "cannot be judged: ";
        };
        String outputs = state == RelationRun.State.BROKEN ? " (the source printed " + start(source)
                + ", the followup " + start(followup) + ")" : "";
        return new RelationRun(Optional.of(source), Optional.of(followup), state,
                why + "followup against source " + c.describe() + outputs, Optional.of(c));
    }

    /** How an output starts, quoted and escaped, for a reason naming both outputs. */
    private static String start(RunRecord run) {
        byte[] b = run.stdout().bytes();
        String head = Excerpts.utf8Head(b, SAMPLE_BYTES);
        return "\"" + SafeText.escape(head, REPORT) + "\"" + (b.length > SAMPLE_BYTES ? "..." : "");
    }

    private static final int SAMPLE_BYTES = 60;

    /** Why one run cannot count: it did not end as declared, its output is cut, or its witness is missing. */
    private static Optional<String> unfit(Relation relation, String which, RunRecord run) {
        RunOutcome o = run.outcome();
        if (!(o instanceof RunOutcome.Exited)) {
            return Optional.of("the " + which + " run " + o.describe());
        }
        if (!o.exitedWith(relation.expectedExitCode())) {
            return Optional.of("the " + which + " run " + o.describe() + ", not " + relation.expectedExitCode());
        }
        if (run.stdout().truncated()) {
            return Optional.of("the " + which + " run's stdout was cut at the output cap (" + run.stdout().length()
                    + " of " + run.stdout().totalBytes() + " bytes kept)");
        }
        if (relation.witness().isPresent()) {
            WitnessPolarity required = relation.witness().get();
            WitnessReading w = Witnesses.read(run);
            if (!(w instanceof WitnessReading.Present p && p.witness().satisfies(required))) {
                return Optional.of("the " + which + " run has no valid " + required.key() + " witness ("
                        + w.describe() + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * Outputs that would make the relation hold whatever the program does: two outputs of nothing
     * but white space (equal under every operator), or, for {@code subset_of}, a followup of no
     * item (nothing, white space, or an empty array beside a source array). A program can end
     * before it prints anything, or after a bare newline, and still exit as declared, so that is
     * no evidence.
     */
    private static Optional<String> trivially(RelationOperator op, byte[] source, byte[] followup) {
        if (!blank(followup) && !(op instanceof RelationOperator.SubsetOf && emptyArray(followup))) {
            return Optional.empty();
        }
        if (blank(source) && blank(followup)) {
            return Optional.of(source.length + followup.length == 0 ? "both runs printed nothing to compare"
                    : "both runs printed nothing to compare (at most white space)");
        }
        if (!(op instanceof RelationOperator.SubsetOf)) {
            return Optional.empty();
        }
        if (followup.length == 0) {
            return Optional.of("the followup run printed nothing, which is a subset of anything");
        }
        // "[]" is no item only where the items are array elements; beside lines it is a line.
        boolean noItem = blank(followup) || JsonEquivalence.document(source).filter(JsonNode::isArray).isPresent();
        return noItem ? Optional.of("the followup printed no item, which is a subset of anything") : Optional.empty();
    }

    private static boolean blank(byte[] b) {
        for (byte x : b) {
            if (!whiteSpace(x)) {
                return false;
            }
        }
        return true;
    }

    private static boolean whiteSpace(byte x) {
        return x == ' ' || x == '\t' || x == '\n' || x == '\r' || x == '\f' || x == 0x0b;
    }

    /** Whether {@code b} is {@code []} with white space around or inside it; a scan, nothing parsed. */
    private static boolean emptyArray(byte[] b) {
        int i = 0;
        while (i < b.length && whiteSpace(b[i])) {
            i++;
        }
        if (i == b.length || b[i++] != '[') {
            return false;
        }
        while (i < b.length && whiteSpace(b[i])) {
            i++;
        }
        if (i == b.length || b[i++] != ']') {
            return false;
        }
        while (i < b.length && whiteSpace(b[i])) {
            i++;
        }
        return i == b.length;
    }

    /** What is compared: stdout, less the witness line that counts where a witness is required. */
    private static byte[] output(Relation relation, RunRecord run) {
        byte[] out = run.stdout().bytes();
        return relation.witness().isPresent() ? withoutLastWitnessLine(out) : out;
    }

    /**
     * The output without its last line starting with the witness prefix, the one {@link Witnesses}
     * reads; found by bytes, line starts being the same in bytes as in the decoded text.
     */
    static byte[] withoutLastWitnessLine(byte[] out) {
        int last = -1;
        for (int p = 0; p < out.length; ) {
            if (startsWith(out, p, WITNESS_PREFIX)) {
                last = p;
            }
            int nl = indexOfNewline(out, p);
            if (nl < 0) {
                break;
            }
            p = nl + 1;
        }
        if (last < 0) {
            return out;
        }
        int nl = indexOfNewline(out, last);
        int end = nl < 0 ? out.length : nl + 1;
        byte[] kept = new byte[out.length - (end - last)];
        System.arraycopy(out, 0, kept, 0, last);
        System.arraycopy(out, end, kept, last, out.length - end);
        return kept;
    }

    private static boolean startsWith(byte[] b, int at, byte[] prefix) {
        if (b.length - at < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOfNewline(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The comparison of the followup's output (observed) against the source's (expected); past
     * {@code deadline} it decides nothing.
     */
    static Comparison compare(RelationOperator op, byte[] source, byte[] followup, JudgeDeadline deadline) {
        if (op instanceof RelationOperator.Equivalent e) {
            return Equivalences.compare(e.equivalence(), source, followup, deadline);
        }
        JudgeDeadline.Work work = new JudgeDeadline.Work(deadline);
        try {
            if (op instanceof RelationOperator.PermutationOf) {
                return items(op.operator(), source, followup, false, deadline, work);
            }
            if (op instanceof RelationOperator.SubsetOf) {
                return items(op.operator(), source, followup, true, deadline, work);
            }
            if (op instanceof RelationOperator.Numeric n) {
                return JsonEquivalence.compareNumbers(op.operator(), source, followup, n.comparison(), n.absTol(),
                        n.relTol(), work);
            }
        } catch (JudgeDeadline.OutOfTime e) {
            return new Comparison.Undecidable(op.operator(), e.getMessage());
        }
        throw new IllegalStateException("no judgement for relation " + op.operator());
    }

    /**
     * Items the same number of times ({@code subset} false) or no item more often in the followup
     * than in the source ({@code subset}): elements when both outputs are JSON arrays, lines
     * otherwise. Elements are counted by value as read (object key order aside, 1 and 1.0 differ,
     * as in their canonical form), never rendered to text but to name the first difference.
     */
    private static Comparison items(String operator, byte[] source, byte[] followup, boolean subset,
            JudgeDeadline deadline, JudgeDeadline.Work work) {
        Optional<JsonNode> a = JsonEquivalence.document(source);
        Optional<JsonNode> b = a.isPresent() && a.get().isArray() ? JsonEquivalence.document(followup) : Optional.empty();
        boolean arrays = b.isPresent() && b.get().isArray();
        if (!arrays && !subset) {
            // A permutation of lines is the checks' line multiset, stamped with the relation's name.
            return restamp(operator, Equivalences.compare(new Equivalence.LineMultiset(), source, followup, deadline));
        }
        if (arrays) {
            List<JsonNode> sa = new ArrayList<>(a.get().size());
            a.get().forEach(sa::add);
            List<JsonNode> sb = new ArrayList<>(b.get().size());
            b.get().forEach(sb::add);
            return firstDifference(sa, sb, subset, e -> "element " + quoted(CanonicalJson.string(e)), work)
                    .<Comparison>map(d -> new Comparison.Different(operator, d, ""))
                    .orElseGet(() -> new Comparison.Equivalent(operator));
        }
        boolean text = Bytes.validUtf8(source) && Bytes.validUtf8(followup);
        List<String> sa = TextDiff.lines(Bytes.decode(source, text));
        List<String> sb = TextDiff.lines(Bytes.decode(followup, text));
        return firstDifference(sa, sb, subset, l -> "line " + quoted(l), work)
                .<Comparison>map(d -> new Comparison.Different(operator, d, TextDiff.unified(sa, sb, work)))
                .orElseGet(() -> new Comparison.Equivalent(operator));
    }

    /**
     * Where the two multisets first part: the followup's items in its order (one it has too
     * often, or, for a permutation, too rarely), then, for a permutation, a source item it lacks.
     */
    private static <T> Optional<String> firstDifference(List<T> source, List<T> followup, boolean subset,
            java.util.function.Function<T, String> name, JudgeDeadline.Work work) {
        Map<T, Long> ca = counts(source, work);
        Map<T, Long> cb = counts(followup, work);
        for (T item : followup) {
            work.step();
            long x = ca.getOrDefault(item, 0L);
            long y = cb.get(item);
            if (subset ? y > x : y != x) {
                return Optional.of(name.apply(item) + " (" + y + " times in the followup, " + x + " in the source)");
            }
        }
        if (!subset) {
            for (T item : source) {
                work.step();
                long x = ca.get(item);
                long y = cb.getOrDefault(item, 0L);
                if (x != y) {
                    return Optional.of(name.apply(item) + " (" + y + " times in the followup, " + x + " in the source)");
                }
            }
        }
        return Optional.empty();
    }

    private static String quoted(String item) {
        return "\"" + SafeText.escape(Excerpts.fit(item, 80, "..."), REPORT) + "\"";
    }

    private static <T> Map<T, Long> counts(List<T> items, JudgeDeadline.Work work) {
        Map<T, Long> m = new HashMap<>();
        for (T item : items) {
            work.step();
            m.merge(item, 1L, Long::sum);
        }
        return m;
    }

    /** The same outcome under the relation's own name. */
    private static Comparison restamp(String operator, Comparison c) {
        if (c instanceof Comparison.Equivalent) {
            return new Comparison.Equivalent(operator);
        }
        if (c instanceof Comparison.Different d) {
            return new Comparison.Different(operator, d.firstDifference(), d.unifiedDiff());
        }
        return new Comparison.Undecidable(operator, ((Comparison.Undecidable) c).reason());
    }
}
