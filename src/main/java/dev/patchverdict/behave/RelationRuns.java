// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import dev.patchverdict.behave.judge.RelationJudge;
import dev.patchverdict.behave.judge.RelationResult;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a plan's relations: each relation's source and then its followup, on the base tree and
 * then on the patched tree, after the checks and on the same trees, through the same sandbox call
 * and under the same limits as the checks, so whatever confines a check confines them.
 */
final class RelationRuns {
    /** The runner's one way into the sandbox. */
    interface Runs {
        RunRecord run(RunRequest request) throws BehaveException;
    }

    private final Runs runs;

    RelationRuns(Runs runs) {
        this.runs = runs;
    }

    /** Every relation on both trees; when nothing can run ({@code notRunWhy}), every relation abstains saying why. */
    List<RelationResult> all(BehaviouralPlan plan, Path base, Path patched, String notRunWhy) throws BehaveException {
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

    /** The relation's two runs on one tree, judged. */
    RelationRun on(Relation r, SandboxLimits limits, Path tree) throws BehaveException {
        RunRecord source = runs.run(r.source().request(tree, limits));
        RunRecord followup = runs.run(r.followup().request(tree, limits));
        return RelationJudge.judge(r, source, followup);
    }
}
