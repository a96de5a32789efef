// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/**
 * The replacement is made in place, and the old form lives on in another file: copied there with the file as it was
 * (git copies the original; its hunk may name the fixed line and apply further down), or added there as a line of its own.
 */
public final class OldFormKeptElsewhere implements Operator {
    @Override
    public String name() {
        return "old-form-kept-elsewhere";
    }

    @Override
    public String description() {
        return "The replacement is made in place, and the old form lives on in another file: a copy of the file as it was, or a line added there.";
    }

    @Override
    public List<Decoy> build(Targets t) {
        if (t.allRemoved().isEmpty() || t.secondInScope().isEmpty()) {
            return List.of();
        }
        String other = t.secondInScope().get();
        // With trailing context: the file goes on past the fix (the copy below changes its line 40).
        String fix = Patches.modify(t.inScope(), Patches.replacementHunkBeforeMore(t));
        // The copy changes a line far from the old form, so it is a copy with a hunk, as git diff -C writes one.
        String copy = Patches.copy(t.inScope(), other, Patches.hunk(40, List.of(" ## later", "+kept for reference")));
        String added = Patches.modify(other, Patches.hunk(1, Patches.concat(List.of(" # context"), Patches.prefixed('+', t.allRemoved()))));
        // The copy's hunk names the line the fix removes but holds the lines after it: git applies a hunk where its lines
        // match, so the copy's change lands further down and the copy keeps the old line, while the header says otherwise.
        String fixAfterTitle = Patches.modify(t.inScope(), Patches.hunk(1, Patches.concat(List.of(" # title"),
                Patches.concat(Patches.concat(Patches.prefixed('-', t.allRemoved()), Patches.prefixed('+', t.allAdded())),
                        List.of(" # context", " ## later")))));
        String elsewhere = Patches.copy(t.inScope(), other, Patches.hunk(2, List.of("-# context", "+# context, kept for reference",
                " ## later")));
        return List.of(new Decoy(name(), "copied-aside", description(), fix + copy),
                new Decoy(name(), "added-to-another-file", description(), fix + added),
                new Decoy(name(), "copied-aside-hunk-elsewhere", description(), fixAfterTitle + elsewhere));
    }
}
