// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.text.Excerpts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A relation on one tree: its source and followup runs (when they happened) and what they
 * showed. It holds, breaks, or abstains; an abstention says why and never counts as holding.
 */
public record RelationRun(Optional<RunRecord> source, Optional<RunRecord> followup, State state, String reason,
        Optional<Comparison> comparison) {

    /** What a relation showed on one tree. */
    public enum State {
        /** Both runs ended as declared and their outputs stand in the relation. */
        HELD,
        /** Both runs ended as declared and their outputs do not stand in the relation. */
        BROKEN,
        /** The relation could not be judged: a run did not end as declared, or its output cannot be compared. */
        ABSTAINED;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public RelationRun {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(followup, "followup");
        Objects.requireNonNull(state, "state");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a relation's state needs a reason");
        }
        reason = Excerpts.clip(reason, Excerpts.FIELD);
        Objects.requireNonNull(comparison, "comparison");
        if (state != State.ABSTAINED && comparison.isEmpty()) {
            throw new IllegalArgumentException("a relation that held or broke was compared");
        }
    }

    /** Nothing ran on this tree. */
    public static RelationRun notRun(String why) {
        return new RelationRun(Optional.empty(), Optional.empty(), State.ABSTAINED, "not run: " + why, Optional.empty());
    }

    public boolean held() {
        return state == State.HELD;
    }

    public boolean broken() {
        return state == State.BROKEN;
    }

    public boolean abstained() {
        return state == State.ABSTAINED;
    }

    /** The runs that happened, source first. */
    public List<RunRecord> runs() {
        List<RunRecord> r = new ArrayList<>(2);
        source.ifPresent(r::add);
        followup.ifPresent(r::add);
        return r;
    }
}
