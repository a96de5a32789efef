// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import dev.patchverdict.diff.Diagnostic;
import dev.patchverdict.diff.DiffOutcome;
import java.util.List;
import java.util.Objects;

/** How filtering one patch ended: a filtered patch, or a refusal saying what and where. */
public sealed interface FilterOutcome {

    /**
     * The filtered patch: every kept section and all text outside the sections byte for byte, or nothing
     * at all when no section is kept. {@code input} is how the reader read the input.
     */
    record Filtered(DiffOutcome input, List<SectionDecision> sections, byte[] patch) implements FilterOutcome {
        public Filtered {
            Objects.requireNonNull(input, "input");
            sections = List.copyOf(sections);
            patch = patch.clone();
        }

        @Override
        public byte[] patch() {
            return patch.clone();
        }

        public List<SectionDecision> kept() {
            return sections.stream().filter(SectionDecision::kept).toList();
        }

        public List<SectionDecision> removed() {
            return sections.stream().filter(s -> !s.kept()).toList();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Filtered f && input.equals(f.input) && sections.equals(f.sections)
                    && java.util.Arrays.equals(patch, f.patch);
        }

        @Override
        public int hashCode() {
            return Objects.hash(input, sections, java.util.Arrays.hashCode(patch));
        }

        @Override
        public String toString() {
            return "Filtered[" + sections.size() + " sections, " + kept().size() + " kept, " + patch.length + " bytes]";
        }
    }

    /**
     * No output: git would not read the input ({@code errors} holds why, with lines), or the kept sections
     * would not read back as they were ({@code errors} is empty and {@code message} says which section).
     */
    record Refused(String message, long line, List<Diagnostic> errors) implements FilterOutcome {
        public Refused {
            Objects.requireNonNull(message, "message");
            errors = List.copyOf(errors);
        }
    }
}
