// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.judge.JudgeDeadline;
import dev.patchverdict.behave.judge.RelationJudge;
import dev.patchverdict.behave.judge.RelationResult;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.Command;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Runs a plan's relations: each relation's source and followup, on the base and with the patch,
 * through the same sandbox call and under the same limits as the checks, so whatever confines a
 * check confines them. Every run has a fresh tree of its own: a followup sharing the source's
 * tree could read what the source left there (its answer) and print it again, and so hold any
 * relation of equality whatever its input.
 */
final class RelationRuns {
    /** The runner's one way into the sandbox. */
    interface Runs {
        RunRecord run(RunRequest request) throws BehaveException;
    }

    /** A fresh tree for one run, or why none could be made. */
    record Fresh(Optional<Path> tree, String whyNot) {
        Fresh {
            Objects.requireNonNull(tree, "tree");
            Objects.requireNonNull(whyNot, "whyNot");
        }

        static Fresh of(Path tree) {
            return new Fresh(Optional.of(tree), "");
        }

        static Fresh none(String why) {
            return new Fresh(Optional.empty(), why);
        }
    }

    /** Makes fresh trees of one kind (the base, the candidate, a mutant), and removes them. */
    interface Trees {
        Fresh fresh(String name) throws BehaveException;

        void discard(Path tree);
    }

    private final Runs runs;
    private final LongSupplier nanoTime;

    /** {@code nanoTime} times judging, as it times the checks' (see {@link JudgeDeadline}). */
    RelationRuns(Runs runs, LongSupplier nanoTime) {
        this.runs = runs;
        this.nanoTime = nanoTime;
    }

    /** Every relation on the base and with the patch; when nothing can run ({@code notRunWhy}), every relation abstains saying why. */
    List<RelationResult> all(BehaviouralPlan plan, Trees base, Trees patched, String notRunWhy) throws BehaveException {
        List<RelationResult> out = new ArrayList<>();
        for (Relation r : plan.relations()) {
            if (notRunWhy != null) {
                out.add(new RelationResult(r, RelationRun.notRun(notRunWhy), RelationRun.notRun(notRunWhy)));
            } else {
                RelationRun onBase = on(r, plan.sandbox(), base);
                out.add(new RelationResult(r, onBase, on(r, plan.sandbox(), patched)));
            }
        }
        return out;
    }

    /** The relation's two runs, each on a fresh tree of {@code trees}, judged. */
    RelationRun on(Relation r, SandboxLimits limits, Trees trees) throws BehaveException {
        RunRecord source = run(r.source(), limits, trees, "relation-" + r.id() + "-source");
        RunRecord followup = run(r.followup(), limits, trees, "relation-" + r.id() + "-followup");
        // Judging counts against the wall limit, as a check's does: it gets what the last run left.
        return RelationJudge.judge(r, source, followup,
                JudgeDeadline.after(r.followup().timeout(limits).minus(followup.duration()), nanoTime));
    }

    private RunRecord run(Command c, SandboxLimits limits, Trees trees, String name) throws BehaveException {
        Fresh f = trees.fresh(name);
        if (f.tree().isEmpty()) {
            return RunRecord.notRun(c.argv(), f.whyNot());
        }
        try {
            return runs.run(c.request(f.tree().get(), limits));
        } finally {
            trees.discard(f.tree().get());
        }
    }
}
