// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.judge.CheckResult;
import dev.patchverdict.behave.judge.Comparison;
import dev.patchverdict.behave.judge.Equivalences;
import dev.patchverdict.behave.judge.Evaluation;
import dev.patchverdict.behave.judge.JudgeDeadline;
import dev.patchverdict.behave.judge.LabelledComparison;
import dev.patchverdict.behave.judge.Level;
import dev.patchverdict.behave.judge.LevelResult;
import dev.patchverdict.behave.judge.Reason;
import dev.patchverdict.behave.judge.RelationResult;
import dev.patchverdict.behave.judge.RelationRun;
import dev.patchverdict.behave.judge.RelationVerdicts;
import dev.patchverdict.behave.judge.RelationsOutcome;
import dev.patchverdict.behave.judge.TreeChanges;
import dev.patchverdict.behave.judge.Verdict;
import dev.patchverdict.behave.judge.WitnessReading;
import dev.patchverdict.behave.judge.Witnesses;
import dev.patchverdict.behave.mutation.AdequacyResult;
import dev.patchverdict.behave.mutation.MutantResult;
import dev.patchverdict.behave.mutation.Mutants;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.CheckKind;
import dev.patchverdict.behave.plan.CheckSpec;
import dev.patchverdict.behave.plan.Equivalence;
import dev.patchverdict.behave.plan.MutationAdequacy;
import dev.patchverdict.behave.plan.OutputExpectation;
import dev.patchverdict.behave.plan.Relation;
import dev.patchverdict.behave.plan.WitnessPolarity;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.GitTrees;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import dev.patchverdict.behave.sandbox.RunRequest;
import dev.patchverdict.behave.sandbox.Sandbox;
import dev.patchverdict.behave.sandbox.SandboxLimits;
import dev.patchverdict.behave.sandbox.ScratchSpace;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.Progress;
import dev.patchverdict.text.Excerpts;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * Runs a behavioural plan against a candidate and judges it from execution evidence alone: exit
 * statuses observed out of band, outputs compared with declared operators, witnesses read only
 * from their own lines. Two throw-away trees are built from the repository at the bound commit,
 * the candidate is applied to one, and every check runs in the sandbox in declared order.
 */
public final class BehaviouralRunner {
    private static final String BASE_EXPECTATION = "stdout on the base";
    private final Sandbox sandbox;
    private final GitTrees trees;
    private final Path scratch;
    private final Progress progress;
    private final LongSupplier nanoTime;
    private final RelationRuns relationRuns;

    public BehaviouralRunner(Sandbox sandbox, GitTrees trees, Path scratch) {
        this(sandbox, trees, scratch, Progress.NONE, System::nanoTime);
    }

    /**
     * Tells {@code progress} of each mutant tried; {@code nanoTime} is the monotonic clock judging is timed by (see
     * {@link JudgeDeadline}).
     */
    public BehaviouralRunner(Sandbox sandbox, GitTrees trees, Path scratch, Progress progress, LongSupplier nanoTime) {
        this.sandbox = sandbox;
        this.trees = trees;
        this.scratch = scratch;
        this.progress = java.util.Objects.requireNonNull(progress, "progress");
        this.nanoTime = java.util.Objects.requireNonNull(nanoTime, "nanoTime");
        this.relationRuns = new RelationRuns(this::run, nanoTime);
    }

    /**
     * Evaluates the plan. Check failures are verdicts; the exception is only for the runner's own
     * faults (git missing, disk full, an unreadable patch).
     */
    public Evaluation evaluate(BehaviouralPlan plan, Path repo, String commit, Path patchFile) throws BehaveException {
        // Trees this evaluation could not remove, named in its reasons.
        List<String> leftovers = new ArrayList<>();
        Optional<String> noSandbox = sandbox.unavailableReason();
        Path base = trees.export(repo, commit, "base");
        Path patched = trees.exportBlobs(repo, commit, "patched");
        GitTrees.ApplyOutcome applied = noSandbox.isPresent()
                ? new GitTrees.ApplyOutcome.Undecided("no sandbox to apply it in")
                : apply(patched, patchFile, plan.sandbox());
        List<String> forbidden = applied instanceof GitTrees.ApplyOutcome.Applied
                ? TreeChanges.forbidden(base, patched, plan.changePolicy()) : List.of();
        if (!forbidden.isEmpty()) {
            applied = new GitTrees.ApplyOutcome.Refused("it changes file types or modes the plan does not allow: "
                    + String.join("; ", forbidden));
        }
        Map<Level, LevelResult> levels = new EnumMap<>(Level.class);
        boolean applies = applied instanceof GitTrees.ApplyOutcome.Applied;
        if (applied instanceof GitTrees.ApplyOutcome.Refused r) {
            levels.put(Level.APPLIES, LevelResult.of(Level.APPLIES, Verdict.REFUTED,
                    (forbidden.isEmpty() ? "git apply refused the candidate: " : "the candidate applies, but ")
                            + r.gitMessage()));
        } else if (applied instanceof GitTrees.ApplyOutcome.Undecided u) {
            levels.put(Level.APPLIES, LevelResult.of(Level.APPLIES, Verdict.UNVERIFIED,
                    "git apply did not reach an outcome: " + u.why()));
        } else {
            levels.put(Level.APPLIES, LevelResult.of(Level.APPLIES, Verdict.PROVEN,
                    "the candidate applies to " + commit + " with git apply (no fuzz, no three-way merge, no rejects),"
                            + " checked out as the merged commit is"));
        }

        List<CheckResult> results = new ArrayList<>();
        String notRunWhy = noSandbox.map(w -> "no sandbox is available (" + w + ")")
                .orElse(applies ? null : "the candidate was not applied");
        for (CheckSpec check : plan.checks()) {
            results.add(notRunWhy != null ? CheckResult.notRun(check, notRunWhy)
                    : runCheck(check, plan.sandbox(), base, patched));
        }
        levels.put(Level.EXECUTES, executes(results, notRunWhy));
        for (CheckKind kind : CheckKind.values()) {
            levels.put(Level.fedBy(kind), kindLevel(kind, results, notRunWhy));
        }
        Optional<RelationsOutcome> relations = Optional.empty();
        if (plan.hasRelationsSection()) {
            List<RelationResult> rr = relationRuns.all(plan, freshTrees(repo, commit, Optional.empty(), plan.sandbox(),
                    leftovers), freshTrees(repo, commit, Optional.of(patchFile), plan.sandbox(), leftovers), notRunWhy);
            relations = Optional.of(notRunWhy != null ? RelationVerdicts.notRun(rr, plan.relationRules(), notRunWhy)
                    : RelationVerdicts.judge(rr, plan.relationRules()));
        }
        List<Verdict> levelVerdicts = new ArrayList<>(levels.values().stream().map(LevelResult::verdict).toList());
        relations.ifPresent(r -> levelVerdicts.add(r.verdict()));
        Verdict verdict = Verdict.combine(levelVerdicts);
        List<String> reasons = new ArrayList<>();
        for (LevelResult l : levels.values()) {
            if (l.verdict() != Verdict.PROVEN) {
                reasons.add(l.level().key() + " is " + l.verdict() + ": " + l.reasons().get(0));
            }
        }
        relations.filter(r -> r.verdict() != Verdict.PROVEN)
                .ifPresent(r -> reasons.add(RELATIONS + " is " + r.verdict() + ": " + r.reasons().get(0)));
        Optional<AdequacyResult> adequacy = Optional.empty();
        if (plan.mutationAdequacy().isPresent()) {
            MutationAdequacy spec = plan.mutationAdequacy().get();
            if (verdict == Verdict.PROVEN) {
                AdequacyResult a = adequacy(plan, spec, repo, commit, patchFile, leftovers,
                        relations.map(RelationsOutcome::relations).orElse(List.of()));
                adequacy = Optional.of(a);
                if (!a.adequate()) {
                    verdict = Verdict.UNVERIFIED;
                    reasons.add("the checks are inadequate: " + a.summary());
                }
            } else {
                adequacy = Optional.of(new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                        "not measured: the levels are already " + verdict));
            }
        }
        if (relations.isPresent() && verdict == Verdict.UNVERIFIED
                && onlyForWantOfAdequacy(plan, levels, adequacy, relations.get())) {
            RelationVerdicts.Rescue rescue = RelationVerdicts.rescue(relations.get());
            if (rescue.rescued().isPresent()) {
                relations = rescue.rescued();
                verdict = Verdict.PROVEN;
            }
            reasons.add((rescue.rescued().isPresent() ? "rescued by relations: " : "no rescue by relations: ")
                    + rescue.why());
        }
        if (reasons.isEmpty()) {
            reasons.add("every level is PROVEN");
        }
        ScratchSpace.delete(base).ifPresent(leftovers::add);
        ScratchSpace.delete(patched).ifPresent(leftovers::add);
        // A tree that could not be removed is named, never left silently to fill the disk.
        leftovers.forEach(l -> reasons.add("cleanup: " + l));
        return new Evaluation(levels, results, adequacy, verdict, reasons, sandbox.describe(), relations);
    }

    /**
     * Fresh trees of the bound commit, each with {@code patch} applied as the checks' patched tree
     * was (none for the base), for relation runs.
     */
    private RelationRuns.Trees freshTrees(Path repo, String commit, Optional<Path> patch, SandboxLimits limits,
            List<String> leftovers) {
        return new RelationRuns.Trees() {
            @Override
            public RelationRuns.Fresh fresh(String name) throws BehaveException {
                if (patch.isEmpty()) {
                    return RelationRuns.Fresh.of(trees.export(repo, commit, name));
                }
                // As the checks' patched tree: the base's stored bytes, the patch, the merged checkout.
                Path tree = trees.exportBlobs(repo, commit, name);
                GitTrees.ApplyOutcome a = apply(tree, patch.get(), limits);
                if (a instanceof GitTrees.ApplyOutcome.Applied) {
                    return RelationRuns.Fresh.of(tree);
                }
                discard(tree);
                return RelationRuns.Fresh.none("the candidate could not be applied to a fresh tree: "
                        + (a instanceof GitTrees.ApplyOutcome.Refused r ? firstLine(r.gitMessage())
                                : ((GitTrees.ApplyOutcome.Undecided) a).why()));
            }

            @Override
            public void discard(Path tree) {
                ScratchSpace.delete(tree).ifPresent(leftovers::add);
            }
        };
    }

    /** How the verdict's reasons and the report name the relations' level. */
    public static final String RELATIONS = "relations";

    /**
     * Whether the checks end UNVERIFIED only for want of adequacy, which relations may rescue:
     * every level PROVEN but the target, which has no reproduction check to show it; or every
     * level PROVEN and a mutation score measured below its floor. The relations must not speak
     * against the patch either.
     */
    private static boolean onlyForWantOfAdequacy(BehaviouralPlan plan, Map<Level, LevelResult> levels,
            Optional<AdequacyResult> adequacy, RelationsOutcome relations) {
        if (relations.verdict() != Verdict.PROVEN) {
            return false;
        }
        for (LevelResult l : levels.values()) {
            if (l.level() != Level.TARGET && l.verdict() != Verdict.PROVEN) {
                return false;
            }
        }
        Verdict target = levels.get(Level.TARGET).verdict();
        if (target == Verdict.UNVERIFIED) {
            return plan.checksOf(CheckKind.REPRODUCTION).isEmpty();
        }
        return target == Verdict.PROVEN && adequacy.isPresent() && adequacy.get().score().isPresent()
                && !adequacy.get().adequate();
    }

    /** Fixed limits for the runner's own git apply: generous, and never the plan's to choose. */
    private static final double APPLY_WALL_SECONDS = 300;
    private static final int APPLY_CPU_SECONDS = 120;
    private static final int APPLY_MEMORY_MB = 2048;
    private static final long APPLY_OUTPUT_BYTES = 1 << 20;
    private static final String PATCH_INPUT = "candidate.patch";

    /**
     * Applies the candidate with plain git apply inside the sandbox, to a tree holding the base's
     * stored bytes: the host's files are not there to be copied from, and the tree has no .git
     * whose configuration git could honour. Git reads no system or global configuration either.
     * The applied tree is then checked out as the merged commit would be ({@link MergedCheckout}),
     * so the attributes the candidate adds or changes act on what the checks run.
     */
    GitTrees.ApplyOutcome apply(Path tree, Path patch, SandboxLimits plan) throws BehaveException {
        SandboxLimits limits = new SandboxLimits(APPLY_WALL_SECONDS, APPLY_CPU_SECONDS, APPLY_MEMORY_MB,
                APPLY_OUTPUT_BYTES, plan.fileSizeBytes());
        RunRecord r = run(new RunRequest(tree, ".", List.of("git", "-c", "core.symlinks=true", "-c",
                "core.autocrlf=false", "apply", "--", RunRequest.INPUT_MOUNT + "/" + PATCH_INPUT), MergedCheckout.GIT_ENV,
                limits.wall(), limits, Map.of(PATCH_INPUT, patch)));
        if (r.outcome() instanceof RunOutcome.Exited && !r.outcome().exitedWith(0)) {
            String why = excerpt(r);
            return new GitTrees.ApplyOutcome.Refused(why.isEmpty() ? "git apply failed" : why);
        }
        if (!r.outcome().exitedWith(0)) {
            return new GitTrees.ApplyOutcome.Undecided("git apply " + r.outcome().describe());
        }
        RunRecord c = run(new RunRequest(tree, ".", MergedCheckout.argv(), MergedCheckout.GIT_ENV, limits.wall(), limits));
        if (c.outcome().exitedWith(0)) {
            return new GitTrees.ApplyOutcome.Applied();
        }
        String why = excerpt(c);
        return new GitTrees.ApplyOutcome.Undecided("the merged tree could not be checked out as git checks it out ("
                + c.outcome().describe() + (why.isEmpty() ? "" : ": " + why) + ")");
    }

    /** A run's standard error as a short, escaped excerpt for a reason. */
    private static String excerpt(RunRecord r) {
        return Excerpts.clipLines(SafeText.escapeKeepingLines(r.stderr().text().strip(), REPORT), Excerpts.BLOCK / 4);
    }

    private RunRecord run(RunRequest request) throws BehaveException {
        try {
            return sandbox.run(request);
        } catch (IOException e) {
            throw new BehaveException("sandbox", "cannot run " + request.argv().get(0) + ": " + IoMessages.describe(e), e);
        }
    }

    private CheckResult runCheck(CheckSpec check, SandboxLimits limits, Path base, Path patched)
            throws BehaveException {
        Optional<RunRecord> baseRun = check.runsOnBase()
                ? Optional.of(run(check.command().request(base, limits))) : Optional.empty();
        RunRecord patchedRun = run(check.command().request(patched, limits));
        return judge(check, baseRun, patchedRun, deadline(check, limits, patchedRun));
    }

    /** Judging a run counts against its wall limit: it gets what the run left of it. */
    private JudgeDeadline deadline(CheckSpec check, SandboxLimits limits, RunRecord run) {
        return JudgeDeadline.after(check.command().timeout(limits).minus(run.duration()), nanoTime);
    }

    /** The verdict of one check from its runs. */
    public static CheckResult judge(CheckSpec check, Optional<RunRecord> baseRun, RunRecord patchedRun) {
        return judge(check, baseRun, patchedRun, JudgeDeadline.NONE);
    }

    /** As {@link #judge(CheckSpec, Optional, RunRecord)}, comparisons not decided past {@code deadline}. */
    public static CheckResult judge(CheckSpec check, Optional<RunRecord> baseRun, RunRecord patchedRun,
            JudgeDeadline deadline) {
        Judgement j = new Judgement();
        List<LabelledComparison> comparisons = new ArrayList<>();
        int pass = check.expectedExitCode();
        RunOutcome after = patchedRun.outcome();
        boolean patchedPassed = after.exitedWith(pass);
        switch (check.kind()) {
            case REPRODUCTION -> judgeReproductionBase(check, baseRun.orElseThrow(), j);
            case PRESERVE -> judgePreserveBase(check, baseRun.orElseThrow(), j, comparisons, deadline);
            case CONTRACT -> { }
        }
        if (!after.reachedOutcome()) {
            j.add(Verdict.UNVERIFIED, "with the patch it " + after.describe());
        } else if (!patchedPassed) {
            j.add(Verdict.REFUTED, "with the patch it " + after.describe() + ", not status " + pass);
        } else {
            j.add(Verdict.PROVEN, "with the patch it exited with status " + pass);
        }
        if (check.kind() == CheckKind.PRESERVE && patchedPassed && baseRun.orElseThrow().outcome().exitedWith(pass)) {
            Comparison c = compare(check.equivalence(), baseRun.get().stdout(), patchedRun.stdout(), deadline);
            comparisons.add(new LabelledComparison("stdout, base vs patched", c));
            j.add(c.verdict(), "stdout, base vs patched: " + c.describe());
        }
        if (patchedPassed && check.expectStdout().isPresent()) {
            LabelledComparison c = expectation(check.expectStdout().get(), patchedRun, "stdout with the patch", deadline);
            comparisons.add(c);
            boolean expectationFailsOnBase = comparisons.stream()
                    .anyMatch(x -> x.subject().equals(BASE_EXPECTATION) && x.comparison().verdict() != Verdict.PROVEN);
            if (expectationFailsOnBase && c.comparison().verdict() == Verdict.REFUTED) {
                // An expectation the base does not meet either cannot tell against the candidate.
                j.add(Verdict.UNVERIFIED, "expected stdout with the patch: " + c.comparison().describe()
                        + ", but the base does not meet the expectation either");
            } else {
                j.add(c.comparison().verdict(), "expected stdout with the patch: " + c.comparison().describe());
            }
        }
        WitnessReading witness = Witnesses.read(patchedRun);
        Optional<Verdict> witnessVerdict = Optional.empty();
        if (check.witness().isPresent()) {
            WitnessPolarity required = check.witness().get();
            Verdict wv;
            String why;
            if (witness instanceof WitnessReading.Present p && p.witness().satisfies(required)) {
                wv = Verdict.PROVEN;
                why = "a valid " + p.witness().polarity().key() + " witness was printed";
            } else if (witness instanceof WitnessReading.Present p) {
                wv = Verdict.UNVERIFIED;
                why = "a " + p.witness().polarity().key() + " witness was printed where a " + required.key()
                        + " one is required";
            } else {
                wv = Verdict.UNVERIFIED;
                why = "a " + required.key() + " witness is required: " + witness.describe();
            }
            witnessVerdict = Optional.of(wv);
            j.add(wv, why);
        } else if (witness instanceof WitnessReading.Malformed m) {
            // A certificate that does not parse is suspect even where none was asked for.
            witnessVerdict = Optional.of(Verdict.UNVERIFIED);
            j.add(Verdict.UNVERIFIED, m.describe());
        }
        boolean printed = !(witness instanceof WitnessReading.Absent);
        return new CheckResult(check, baseRun, Optional.of(patchedRun), j.verdict(), j.reasons(), comparisons,
                printed || check.witness().isPresent() ? Optional.of(witness) : Optional.empty(), witnessVerdict);
    }

    private static void judgeReproductionBase(CheckSpec check, RunRecord baseRun, Judgement j) {
        RunOutcome before = baseRun.outcome();
        int pass = check.expectedExitCode();
        if (!before.reachedOutcome()) {
            j.add(Verdict.UNVERIFIED, "on the base it " + before.describe());
        } else if (before.exitedWith(pass)) {
            j.add(Verdict.UNVERIFIED, "on the base it passes too (status " + pass
                    + "), so it does not reproduce the defect");
        } else if (check.baseExpectedExitCode().isPresent() && !before.exitedWith(check.baseExpectedExitCode().getAsInt())) {
            j.add(Verdict.UNVERIFIED, "on the base it " + before.describe() + ", but the plan declares failure with status "
                    + check.baseExpectedExitCode().getAsInt());
        } else {
            j.add(Verdict.PROVEN, "on the base it fails as declared (" + before.describe() + ")");
        }
    }

    private static void judgePreserveBase(CheckSpec check, RunRecord baseRun, Judgement j,
            List<LabelledComparison> comparisons, JudgeDeadline deadline) {
        RunOutcome before = baseRun.outcome();
        int pass = check.expectedExitCode();
        if (!before.reachedOutcome()) {
            j.add(Verdict.UNVERIFIED, "on the base it " + before.describe());
            return;
        }
        if (!before.exitedWith(pass)) {
            j.add(Verdict.UNVERIFIED, "on the base it already " + before.describe()
                    + ", so there is no behaviour to preserve");
            return;
        }
        j.add(Verdict.PROVEN, "on the base it exited with status " + pass);
        if (check.expectStdout().isPresent()) {
            LabelledComparison c = expectation(check.expectStdout().get(), baseRun, BASE_EXPECTATION, deadline);
            comparisons.add(c);
            // The plan's expectation failing on the base is the plan's problem, not the candidate's.
            j.add(c.comparison().verdict() == Verdict.REFUTED ? Verdict.UNVERIFIED : c.comparison().verdict(),
                    "expected stdout on the base: " + c.comparison().describe());
        }
    }

    private static LabelledComparison expectation(OutputExpectation e, RunRecord run, String subject,
            JudgeDeadline deadline) {
        byte[] body = e.body().getBytes(StandardCharsets.UTF_8);
        return new LabelledComparison(subject, compare(e.equivalence(), CapturedOutput.of(body, body.length),
                run.stdout(), deadline));
    }

    /** Truncated output cannot be compared: the part that was not kept might differ. */
    static Comparison compare(Equivalence eq, CapturedOutput expected, CapturedOutput observed, JudgeDeadline deadline) {
        if (expected.truncated() || observed.truncated()) {
            CapturedOutput t = expected.truncated() ? expected : observed;
            return new Comparison.Undecidable(eq.operator(), "stdout was cut at the output cap (" + t.length()
                    + " of " + t.totalBytes() + " bytes kept)");
        }
        return Equivalences.compare(eq, expected.bytes(), observed.bytes(), deadline);
    }

    private static LevelResult executes(List<CheckResult> results, String notRunWhy) {
        if (notRunWhy != null) {
            return LevelResult.of(Level.EXECUTES, Verdict.UNVERIFIED, "no check was run: " + notRunWhy);
        }
        List<String> missing = new ArrayList<>();
        int runs = 0;
        for (CheckResult r : results) {
            if (r.base().isPresent()) {
                runs++;
                if (!r.base().get().outcome().reachedOutcome()) {
                    missing.add(r.spec().id() + " on the base " + r.base().get().outcome().describe());
                }
            }
            if (r.patched().isPresent()) {
                runs++;
                if (!r.patched().get().outcome().reachedOutcome()) {
                    missing.add(r.spec().id() + " with the patch " + r.patched().get().outcome().describe());
                }
            }
        }
        if (missing.isEmpty()) {
            return LevelResult.of(Level.EXECUTES, Verdict.PROVEN, "all " + runs + " runs reached an outcome");
        }
        return new LevelResult(Level.EXECUTES, Verdict.UNVERIFIED, missing);
    }

    private static LevelResult kindLevel(CheckKind kind, List<CheckResult> results, String notRunWhy) {
        Level level = Level.fedBy(kind);
        if (notRunWhy != null) {
            return LevelResult.of(level, Verdict.UNVERIFIED, "not run: " + notRunWhy);
        }
        List<Verdict> verdicts = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (CheckResult r : results) {
            if (r.spec().kind() == kind) {
                verdicts.add(r.verdict());
                reasons.add(r.spec().id() + " " + r.verdict() + ": " + r.decidingReason());
            } else if (kind == CheckKind.CONTRACT && r.witnessVerdict().isPresent()) {
                verdicts.add(r.witnessVerdict().get());
                reasons.add(r.spec().id() + " witness " + r.witnessVerdict().get());
            }
        }
        if (verdicts.isEmpty()) {
            return LevelResult.of(level, Verdict.UNVERIFIED, "no " + kind.key() + " checks"
                    + (kind == CheckKind.CONTRACT ? " or witnesses" : "") + " are declared, so nothing shows it");
        }
        Verdict v = Verdict.combine(verdicts);
        // The reasons that decide the level come first.
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < verdicts.size(); i++) {
            if (verdicts.get(i) == v) {
                ordered.add(reasons.get(i));
            }
        }
        for (int i = 0; i < verdicts.size(); i++) {
            if (verdicts.get(i) != v) {
                ordered.add(reasons.get(i));
            }
        }
        return new LevelResult(level, v, ordered);
    }

    private AdequacyResult adequacy(BehaviouralPlan plan, MutationAdequacy spec, Path repo, String commit,
            Path patchFile, List<String> leftovers, List<RelationResult> relations) throws BehaveException {
        byte[] patch;
        try {
            // Bytes, not text: a candidate need not be UTF-8, and mutants keep every other byte as it was.
            patch = Files.readAllBytes(patchFile);
        } catch (IOException e) {
            throw new BehaveException(patchFile.toString(), "cannot read the candidate: " + IoMessages.describe(e), e);
        }
        List<CheckSpec> killers = new ArrayList<>(plan.checksOf(CheckKind.REPRODUCTION));
        killers.addAll(plan.checksOf(CheckKind.CONTRACT));
        // A relation kills a mutant only where it holds with the patch: there it tells them apart.
        List<Relation> relationKillers = relations.stream().filter(r -> r.patched().held()).map(RelationResult::spec)
                .toList();
        if (killers.isEmpty() && relationKillers.isEmpty()) {
            return new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                    "no reproduction or contract checks are declared to kill mutants with");
        }
        Mutants.Generated generated = Mutants.generate(patch, spec.operators(), spec.maxMutants());
        if (generated.refused().isPresent()) {
            return new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                    "the candidate cannot be mutated: " + generated.refused().get());
        }
        List<Mutants.Mutant> mutants = generated.mutants();
        if (mutants.isEmpty()) {
            return new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                    "no mutant can be made from the candidate's added lines");
        }
        if (spec.build().isPresent()) {
            Path tree = trees.exportBlobs(repo, commit, "build-check");
            GitTrees.ApplyOutcome a = apply(tree, patchFile, plan.sandbox());
            // The build is of the candidate as checked out, never of the base it failed to go into.
            RunRecord b = a instanceof GitTrees.ApplyOutcome.Applied ? run(spec.build().get().request(tree, plan.sandbox()))
                    : null;
            ScratchSpace.delete(tree).ifPresent(leftovers::add);
            if (b == null) {
                return new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                        "the candidate could not be applied again for the build: "
                                + (a instanceof GitTrees.ApplyOutcome.Refused r ? firstLine(r.gitMessage())
                                : ((GitTrees.ApplyOutcome.Undecided) a).why()));
            }
            if (!b.outcome().exitedWith(0)) {
                return new AdequacyResult(spec, List.of(), OptionalDouble.empty(),
                        "the build fails on the candidate itself (" + b.outcome().describe() + ")");
            }
        }
        Path mutantDir = scratch.resolve("mutants");
        try {
            Files.createDirectories(mutantDir);
        } catch (IOException e) {
            throw new BehaveException(mutantDir.toString(), "cannot create: " + IoMessages.describe(e), e);
        }
        List<MutantResult> results = new ArrayList<>();
        progress.total(mutants.size());
        for (Mutants.Mutant m : mutants) {
            results.add(tryMutant(plan, spec, killers, relationKillers, m, repo, commit, mutantDir, leftovers));
            progress.step();
        }
        long killed = results.stream().filter(r -> r instanceof MutantResult.Killed).count();
        long survived = results.stream().filter(r -> r instanceof MutantResult.Survived).count();
        long viable = killed + survived;
        if (viable == 0) {
            return new AdequacyResult(spec, results, OptionalDouble.empty(), "none of " + results.size()
                    + " mutants is viable, so adequacy cannot be measured");
        }
        double score = (double) killed / viable;
        String summary = String.format(java.util.Locale.ROOT, "score %.3f (%d killed, %d survived, %d not viable) %s %s",
                score, killed, survived, results.size() - viable, score >= spec.minScore() ? ">=" : "<",
                Double.toString(spec.minScore()));
        return new AdequacyResult(spec, results, OptionalDouble.of(score), summary);
    }

    private MutantResult tryMutant(BehaviouralPlan plan, MutationAdequacy spec, List<CheckSpec> killers,
            List<Relation> relationKillers, Mutants.Mutant m, Path repo, String commit, Path mutantDir,
            List<String> leftovers) throws BehaveException {
        Path patchFile = mutantDir.resolve(m.id() + ".patch");
        try {
            Files.write(patchFile, m.patch());
        } catch (IOException e) {
            throw new BehaveException(patchFile.toString(), "cannot write a mutant: " + IoMessages.describe(e), e);
        }
        Path tree = trees.exportBlobs(repo, commit, "mutant-" + m.id());
        try {
            GitTrees.ApplyOutcome a = apply(tree, patchFile, plan.sandbox());
            if (a instanceof GitTrees.ApplyOutcome.Refused r) {
                return new MutantResult.NotViable(m, "does not apply: " + firstLine(r.gitMessage()));
            }
            if (a instanceof GitTrees.ApplyOutcome.Undecided u) {
                return new MutantResult.NotViable(m, "was not applied: " + u.why());
            }
            if (spec.build().isPresent()) {
                RunRecord b = run(spec.build().get().request(tree, plan.sandbox()));
                if (!b.outcome().exitedWith(0)) {
                    return new MutantResult.NotViable(m, "does not compile: the build " + b.outcome().describe());
                }
            }
            for (CheckSpec check : killers) {
                RunRecord r = run(check.command().request(tree, plan.sandbox()));
                if (r.outcome() instanceof RunOutcome.NotRun n) {
                    return new MutantResult.NotViable(m, "could not be run: " + n.reason());
                }
                Optional<String> failure = failureOnMutant(check, r, deadline(check, plan.sandbox(), r));
                if (failure.isPresent()) {
                    return new MutantResult.Killed(m, check.id(), failure.get());
                }
            }
            for (Relation relation : relationKillers) {
                RelationRun r = relationRuns.on(relation, plan.sandbox(),
                        freshTrees(repo, commit, Optional.of(patchFile), plan.sandbox(), leftovers));
                Optional<String> notRun = r.runs().stream().filter(x -> x.outcome() instanceof RunOutcome.NotRun)
                        .map(x -> x.outcome().describe()).findFirst();
                if (notRun.isPresent()) {
                    return new MutantResult.NotViable(m, "could not be run: " + notRun.get());
                }
                if (!r.held()) {
                    return new MutantResult.Killed(m, "relation " + relation.id(), r.reason());
                }
            }
            return new MutantResult.Survived(m);
        } finally {
            ScratchSpace.delete(tree).ifPresent(leftovers::add);
        }
    }

    /** Why a check does not pass on a mutant: status, expected stdout, or witness. */
    private static Optional<String> failureOnMutant(CheckSpec check, RunRecord r, JudgeDeadline deadline) {
        if (!r.outcome().exitedWith(check.expectedExitCode())) {
            return Optional.of(r.outcome().describe());
        }
        if (check.expectStdout().isPresent()) {
            LabelledComparison c = expectation(check.expectStdout().get(), r, "stdout", deadline);
            if (!(c.comparison() instanceof Comparison.Equivalent)) {
                return Optional.of("stdout " + c.comparison().describe());
            }
        }
        if (check.witness().isPresent()) {
            WitnessReading w = Witnesses.read(r);
            if (!(w instanceof WitnessReading.Present p && p.witness().satisfies(check.witness().get()))) {
                return Optional.of(w.describe());
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Collects verdict contributions with their reasons. */
    private static final class Judgement {
        private final List<Reason> reasons = new ArrayList<>();

        void add(Verdict v, String reason) {
            reasons.add(new Reason(v, reason));
        }

        Verdict verdict() {
            return Verdict.combine(reasons.stream().map(Reason::verdict).toList());
        }

        List<Reason> reasons() {
            return reasons;
        }
    }
}
