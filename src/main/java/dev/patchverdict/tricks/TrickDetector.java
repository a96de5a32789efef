package dev.patchverdict.tricks;

import dev.patchverdict.diff.DiffResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs a chosen set of trick rules over a diff read with its lines ({@code DiffReader.readLines}). Static:
 * it sees only the lines a patch adds and removes, its paths and hunk headings, never the repository.
 */
public final class TrickDetector {
    private final List<TrickRule> rules;

    private TrickDetector(List<TrickRule> rules) {
        this.rules = List.copyOf(rules);
    }

    public static TrickDetector all() {
        return new TrickDetector(TrickRules.all());
    }

    /** The named rules, in the rule set's order; an unknown id is an {@link IllegalArgumentException} naming it. */
    public static TrickDetector of(Collection<String> ruleIds) {
        Objects.requireNonNull(ruleIds, "ruleIds");
        Set<String> wanted = new LinkedHashSet<>();
        for (String id : ruleIds) {
            if (id == null || TrickRules.byId(id).isEmpty()) {
                throw new IllegalArgumentException("unknown trick rule id '" + id + "'; known: "
                        + String.join(", ", TrickRules.all().stream().map(TrickRule::id).toList()));
            }
            wanted.add(id);
        }
        return new TrickDetector(TrickRules.all().stream().filter(r -> wanted.contains(r.id())).toList());
    }

    public List<TrickRule> rules() {
        return rules;
    }

    /**
     * The hits in patch order (then rule order).
     *
     * @throws IllegalArgumentException when the diff has hunk bodies but was read without its lines
     */
    public List<TrickHit> detect(DiffResult diff) {
        PatchView view = PatchView.of(diff);
        List<TrickHit> out = new ArrayList<>();
        List<String> order = rules.stream().map(TrickRule::id).toList();
        for (TrickRule r : rules) {
            TrickRules.check(r.id()).run(r, view, out);
        }
        out.sort(Comparator.comparingInt(TrickHit::section).thenComparingLong(TrickHit::patchLine)
                .thenComparingInt(h -> order.indexOf(h.ruleId())));
        return List.copyOf(out);
    }
}
