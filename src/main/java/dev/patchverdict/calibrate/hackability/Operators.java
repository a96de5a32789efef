// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import java.util.List;

/** Every operator the hackability audit runs, in report order. */
public final class Operators {
    private Operators() {}

    public static List<Operator> all() {
        List<Operator> out = new java.util.ArrayList<>(List.of(new CommentOnly(), new AddedWithoutRemoval(), new RemovalWithoutAddition(), new ContextOnly(),
                new SplitAddedLine(), new CaseChanged(), new OutOfScopeFile(), new DeletedFileOnly(), new HeaderOnly(),
                new AfterNoNewlineMarker(), new DashDashRemovedLine(), new DuplicatedSection(), new UnbalancedHunk(),
                new BinarySection(), new SplitAcrossFiles(), new SplitAcrossHunks(), new RemovedAndReadded(), new OldFormKept(),
                new CopyInsteadOfEdit(), new RenameAndRecreate(), new MovedWithAChange(), new NewFormMoved(),
                new RecreatedUnchanged(), new OldFormKeptElsewhere(), new WritesOutsideScope(), new SymlinkRedirect()));
        out.addAll(TrickOperators.all());
        return List.copyOf(out);
    }
}
