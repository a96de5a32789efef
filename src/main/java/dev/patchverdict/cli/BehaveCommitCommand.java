// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.PlanCommitment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "commit",
        header = "Commit a behavioural plan before any run.",
        mixinStandardHelpOptions = true,
        description = {
            "Commit a BehaviouralPlan before any run.",
            "",
            "Writes the plan's canonical digest and the time to a commitment record (default"
                    + " <plan>.commitment.json). An existing commitment is never replaced."
        })
final class BehaveCommitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--plan", paramLabel = "FILE", required = true, description = "The BehaviouralPlan v0.1 or v0.2.")
    String plan;

    @Option(names = "--output", paramLabel = "FILE", description = "Where to write the commitment record.")
    String output;

    @Override
    public Integer call() {
        CliContext ctx = RootCommand.contextOf(spec);
        Path planFile = ctx.resolve(plan);
        Optional<Path> out = Optional.ofNullable(output).map(ctx::resolve);
        try {
            PlanCommitment c = Behave.commit(planFile, out, ctx.clock(), Version.get());
            ctx.out().println("committed " + c.planId() + " " + c.planDigest() + " at " + c.committedAt() + " -> "
                    + out.orElse(PlanCommitment.defaultLocation(planFile)));
            return ExitCode.PASSED;
        } catch (BehaveException e) {
            throw CliException.undecided(e.what(), e.getMessage());
        }
    }
}
