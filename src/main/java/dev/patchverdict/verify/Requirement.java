// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import dev.patchverdict.plan.Transition;
import java.util.Objects;

/** One thing a v0.5 plan requires of the patch's lines; one type per kind of evidence it needs. */
public sealed interface Requirement permits Requirement.Added, Requirement.Removed, Requirement.Replaced {
    /** The kind as the result names it: {@code added_substring}, {@code removed_substring} or {@code transition}. */
    String kind();

    /** An added line must hold {@code text}. */
    record Added(String text) implements Requirement {
        public Added {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String kind() {
            return "added_substring";
        }

        @Override
        public String toString() {
            return kind() + " '" + text + "'";
        }
    }

    /** A removed line must hold {@code text}. */
    record Removed(String text) implements Requirement {
        public Removed {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String kind() {
            return "removed_substring";
        }

        @Override
        public String toString() {
            return kind() + " '" + text + "'";
        }
    }

    /** A removed and an added line of one hunk must hold the transition's two texts. */
    record Replaced(Transition transition) implements Requirement {
        public Replaced {
            Objects.requireNonNull(transition, "transition");
        }

        @Override
        public String kind() {
            return "transition";
        }

        @Override
        public String toString() {
            return kind() + " " + transition;
        }
    }
}
