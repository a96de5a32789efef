// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.verify;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.patchverdict.GitApply;
import dev.patchverdict.SharedData;
import dev.patchverdict.calibrate.hackability.Decoy;
import dev.patchverdict.calibrate.hackability.Operator;
import dev.patchverdict.calibrate.hackability.Operators;
import dev.patchverdict.calibrate.hackability.Targets;
import dev.patchverdict.plan.ChangePolicy;
import dev.patchverdict.plan.DiffBackend;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.GlobSyntax;
import dev.patchverdict.plan.StrictTransitionContract;
import dev.patchverdict.plan.Transition;
import dev.patchverdict.record.LogType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every candidate v0.5 passes, judged again by {@link GitOracle} on the files real {@code git apply} makes: the
 * hackability decoys, the checked-in fixtures and generated patches. Any candidate v0.5 passes that the files do not
 * bear out (or that git refuses on the tree its own hunks describe) is a failure, named with its patch.
 *
 * <p>{@code -Dpatchverdict.oracle.cases=N} sets how many patches are generated (default 3,000) and
 * {@code -Dpatchverdict.oracle.seed=S} the seed (default fixed, so a failure repeats).
 */
class V05GitOracleTest {
    static final ChangePolicy OPEN = new ChangePolicy(false, false, false, false, true, List.of(), GlobSyntax.GITIGNORE);

    static StrictTransitionContract contract(List<String> added, List<String> removed, List<Transition> transitions,
            List<String> allowedIn) {
        return new StrictTransitionContract(DiffBackend.of(1 << 20, 1000), List.of(LogType.STDOUT), added, removed, transitions,
                OPEN, allowedIn);
    }

    /** The plans generated patches and decoys are judged by. */
    static final Map<String, StrictTransitionContract> PLANS = new LinkedHashMap<>();

    static {
        PLANS.put("transition", contract(List.of(), List.of(), List.of(new Transition("unsafe_call(", "safe_call(")), List.of()));
        PLANS.put("removed", contract(List.of(), List.of("unsafe_call("), List.of(), List.of()));
        PLANS.put("added", contract(List.of("safe_call("), List.of(), List.of(), List.of()));
        PLANS.put("allowed", contract(List.of(), List.of(), List.of(new Transition("eval(", "ast.literal_eval(")),
                List.of("literal_eval(")));
        PLANS.put("both", contract(List.of("safe_call("), List.of("unsafe_call("), List.of(), List.of()));
    }

    private static GitOracle.Scratch scratch;

    @BeforeAll
    static void git() throws Exception {
        SharedData.require(GitApply.available(), "git is not installed");
        scratch = new GitOracle.Scratch();
    }

    @AfterAll
    static void clean() throws IOException {
        if (scratch != null) {
            scratch.close();
        }
    }

    /** Checks one candidate under one plan; returns whether v0.5 passed it (and so the oracle judged it). */
    private static boolean check(String label, byte[] patch, StrictTransitionContract plan, List<String> failures)
            throws IOException, InterruptedException {
        SemanticEvaluation e = StrictTransitionEvaluator.evaluate(patch, plan);
        if (!e.accepted()) {
            return false;
        }
        GitOracle.Applied a;
        try {
            a = scratch.apply(patch);
        } catch (IllegalArgumentException x) {
            failures.add(label + ": v0.5 passes a patch the oracle cannot read (" + x.getMessage() + ")\n"
                    + new String(patch, StandardCharsets.UTF_8));
            return true;
        }
        List<String> why = a.refusal() != null ? List.of(a.refusal()) : GitOracle.unmetOnFiles(a, plan);
        if (!why.isEmpty()) {
            failures.add(label + ": v0.5 passes it, but on the files " + why + "\n" + new String(patch, StandardCharsets.UTF_8));
        }
        return true;
    }

    @Test
    void everyDecoyV05PassesShowsItsTransitionOnTheFiles() throws Exception {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        int built = 0;
        for (Map.Entry<String, StrictTransitionContract> p : PLANS.entrySet()) {
            StrictTransitionContract c = p.getValue();
            Targets t = new Targets("0.5", List.of(), c.requiredAddedSubstrings(), c.requiredRemovedSubstrings(),
                    c.requiredTransitions().stream().map(x -> new Targets.Transition(x.removed(), x.added())).toList(),
                    "README.md", Optional.of("docs/usage.md"), Optional.of("outside-scope/notes.md"),
                    new Targets.Scope(List.of("**"), List.of("**"), List.of()));
            for (Operator op : Operators.all()) {
                for (Decoy d : op.build(t)) {
                    built++;
                    if (check(p.getKey() + " plan, decoy " + d.operator() + "/" + d.variant(), d.patch().getBytes(StandardCharsets.UTF_8),
                            c, failures)) {
                        checked++;
                    }
                }
            }
        }
        report("decoys", built, checked, failures);
    }

    @Test
    void everyFixtureV05PassesShowsItsTransitionOnTheFiles() throws Exception {
        List<String> failures = new ArrayList<>();
        Path fixtures = Path.of("verification/fixtures");
        StrictTransitionContract seed = V05Fixtures.transitionPlan();
        List<Path> patches;
        try (Stream<Path> s = Files.walk(fixtures)) {
            patches = s.filter(p -> p.toString().endsWith(".patch") || p.toString().endsWith(".diff")).sorted().toList();
        }
        int checked = 0;
        for (Path patch : patches) {
            List<StrictTransitionContract> plans = new ArrayList<>(PLANS.values());
            plans.add(seed);
            Path own = patch.resolveSibling("plan.json");
            if (Files.exists(own)) {
                plans.add((StrictTransitionContract) EvaluatorPlanReader.strict().read(own).contract());
            }
            for (StrictTransitionContract c : plans) {
                if (check(fixtures.relativize(patch).toString(), Files.readAllBytes(patch), c, failures)) {
                    checked++;
                }
            }
        }
        assertTrue(patches.size() > 40, patches.toString());
        report("fixtures", patches.size(), checked, failures);
    }

    /** What the oracle first found v0.5 passing, now refused by the strict reader: git refuses it too. */
    @Test
    void patchesGitCannotApplyToAnyTreeAreTheOnesTheStrictReaderRefuses() throws Exception {
        for (String name : List.of("hunk-after-a-hunk-that-ends-the-file", "file-deleted-after-the-patch-creates-it")) {
            byte[] patch = Files.readAllBytes(Path.of("verification/fixtures/diff", name + ".patch"));
            GitOracle.Applied a = scratch.apply(patch);
            assertTrue(a.refusal() != null && a.refusal().startsWith("git apply refused it"), name + ": " + a.refusal());
            for (StrictTransitionContract c : PLANS.values()) {
                assertFalse(StrictTransitionEvaluator.evaluate(patch, c).accepted(), name);
            }
        }
    }

    @Test
    void everyGeneratedPatchV05PassesShowsItsTransitionOnTheFiles() throws Exception {
        int cases = Integer.getInteger("patchverdict.oracle.cases", 3000);
        long seed = Long.getLong("patchverdict.oracle.seed", 20261202L);
        Random random = new Random(seed);
        List<String> failures = new ArrayList<>();
        int checked = 0;
        // Many cases per git run: each lives in its own folder, and only what v0.5 passes is applied.
        Map<String, List<String>> batch = new LinkedHashMap<>();
        StringBuilder batched = new StringBuilder();
        for (int n = 0; n < cases; n++) {
            String folder = "c" + n;
            String patch = OraclePatches.next(random, folder);
            List<String> passing = new ArrayList<>();
            for (var p : PLANS.entrySet()) {
                if (StrictTransitionEvaluator.evaluate(patch.getBytes(StandardCharsets.UTF_8), p.getValue()).accepted()) {
                    passing.add(p.getKey());
                }
            }
            if (passing.isEmpty()) {
                continue;
            }
            batch.put(folder + "\n" + patch, passing);
            batched.append(patch);
            checked += passing.size();
            if (batch.size() == 100 || n == cases - 1) {
                judge(batch, batched.toString(), failures);
                batch.clear();
                batched.setLength(0);
            }
        }
        if (!batch.isEmpty()) {
            judge(batch, batched.toString(), failures);
        }
        System.out.printf("v0.5 oracle: seed %d, %d generated patches%n", seed, cases);
        report("generated patches", cases, checked, failures);
    }

    /** One git run for many cases; when git refuses the lot, each case on its own finds which. */
    private static void judge(Map<String, List<String>> batch, String patches, List<String> failures) throws Exception {
        GitOracle.Applied all = scratch.apply(patches.getBytes(StandardCharsets.UTF_8));
        for (var e : batch.entrySet()) {
            String folder = e.getKey().substring(0, e.getKey().indexOf('\n'));
            String patch = e.getKey().substring(folder.length() + 1);
            GitOracle.Applied a = all.refusal() == null ? only(all, folder + "/") : scratch.apply(patch.getBytes(StandardCharsets.UTF_8));
            for (String plan : e.getValue()) {
                List<String> why = a.refusal() != null ? List.of(a.refusal()) : GitOracle.unmetOnFiles(a, PLANS.get(plan));
                if (!why.isEmpty()) {
                    failures.add(plan + " plan, generated " + folder + ": v0.5 passes it, but on the files " + why + "\n" + patch);
                }
            }
        }
    }

    private static GitOracle.Applied only(GitOracle.Applied a, String prefix) {
        Map<String, List<String>> before = new LinkedHashMap<>();
        Map<String, List<String>> after = new LinkedHashMap<>();
        a.before().forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                before.put(k, v);
            }
        });
        a.after().forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                after.put(k, v);
            }
        });
        return new GitOracle.Applied(before, after, null);
    }

    private static void report(String what, int candidates, int checked, List<String> failures) {
        System.out.printf("v0.5 oracle, %s: %d candidates, %d (candidate, plan) pairs v0.5 passes checked against git apply, "
                + "%d disagreements%n", what, candidates, checked, failures.size());
        if (!failures.isEmpty()) {
            try {
                Path all = Files.createDirectories(Path.of("target")).resolve("v05-oracle-" + what.replace(' ', '-') + ".txt");
                Files.writeString(all, String.join("\n", failures));
            } catch (IOException e) {
                // the message below still names the first ones
            }
            fail(failures.size() + " candidates v0.5 passes that the files do not bear out:\n"
                    + String.join("\n", failures.subList(0, Math.min(8, failures.size()))));
        }
    }
}
