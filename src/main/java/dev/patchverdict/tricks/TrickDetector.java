// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.tricks;

import dev.patchverdict.diff.DiffResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs a chosen set of trick rules over a diff read with its lines ({@code DiffReader.readLines}). Static:
 * it sees only the lines a patch adds and removes, its paths and hunk headings, never the repository.
 */
public final class TrickDetector {
    private final List<TrickRule> rules;
    /** The sections of the evaluation's test patch, read with their lines; empty without one. */
    private final List<PatchView.Section> testPatch;
    /** Each rule's place in {@link #rules}, for ordering hits: a list search per comparison would grow with the rule set. */
    private final Map<String, Integer> rank = new HashMap<>();

    private TrickDetector(List<TrickRule> rules) {
        this(rules, List.of());
    }

    private TrickDetector(List<TrickRule> rules, List<PatchView.Section> testPatch) {
        this.rules = List.copyOf(rules);
        this.testPatch = List.copyOf(testPatch);
        for (int i = 0; i < this.rules.size(); i++) {
            rank.put(this.rules.get(i).id(), i);
        }
    }

    public static TrickDetector all() {
        return new TrickDetector(TrickRules.all());
    }

    /** The named rules, in the rule set's order; an unknown id is an {@link IllegalArgumentException} naming it. */
    public static TrickDetector of(Collection<String> ruleIds) {
        return of(ruleIds, "the rule list");
    }

    /** As {@link #of(Collection)}, the error saying where the ids came from (an option, a plan field). */
    public static TrickDetector of(Collection<String> ruleIds, String where) {
        Objects.requireNonNull(ruleIds, "ruleIds");
        Set<String> wanted = new LinkedHashSet<>();
        for (String id : ruleIds) {
            wanted.add(TrickRules.require(id, where).id());
        }
        return new TrickDetector(TrickRules.all().stream().filter(r -> wanted.contains(r.id())).toList());
    }

    public List<TrickRule> rules() {
        return rules;
    }

    /**
     * This detector with the evaluation's own test patch (read with {@code DiffReader.readLines}) as a source of the
     * tests' literals, for the rules that look for a test's exact inputs in the code under test. The test patch is
     * only read, never searched for tricks itself.
     */
    public TrickDetector withTestPatch(DiffResult testPatchDiff) {
        List<PatchView.Section> more = new ArrayList<>(testPatch);
        more.addAll(PatchView.of(testPatchDiff).sections());
        return new TrickDetector(rules, more);
    }

    /**
     * This detector with the named rules added, in the rule set's order: one search for two callers that want
     * different rules (review's {@code --detect} and a plan's forbidden tricks); {@link #only} splits the hits.
     */
    public TrickDetector and(Collection<String> ruleIds, String where) {
        Set<String> wanted = new LinkedHashSet<>(rules.stream().map(TrickRule::id).toList());
        wanted.addAll(of(ruleIds, where).rules().stream().map(TrickRule::id).toList());
        return new TrickDetector(of(wanted).rules, testPatch);
    }

    /**
     * The hits of the named rules, in their order: what a detector of just those rules finds in the same diff,
     * since each rule looks at the patch alone and the order of hits is the patch's, then the rule set's.
     */
    public static List<TrickHit> only(List<TrickHit> hits, Collection<String> ruleIds) {
        Set<String> ids = Set.copyOf(ruleIds);
        return hits.stream().filter(h -> ids.contains(h.ruleId())).toList();
    }

    /**
     * The hits in patch order (then rule order).
     *
     * @throws IllegalArgumentException when the diff has hunk bodies but was read without its lines
     */
    public List<TrickHit> detect(DiffResult diff) {
        PatchView view = PatchView.of(diff).withTestPatch(testPatch);
        List<TrickHit> out = new ArrayList<>();
        for (TrickRule r : rules) {
            TrickRules.check(r.id()).run(r, view, out);
        }
        out.sort(Comparator.comparingInt(TrickHit::section).thenComparingLong(TrickHit::patchLine)
                .thenComparingInt(h -> rank.get(h.ruleId())));
        return List.copyOf(out);
    }
}
