// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.report.HackabilityReport;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The trick operators against plans v0.3-v0.5 for a work unit whose scope admits any path (as a
 * SWE-bench task's does): every trick passes v0.3 and v0.4, v0.5's default protection stops the
 * ones in protected files, the swebench preset the auto-loaded files, and forbidden_tricks the ones
 * inside the module; with both, none passes.
 */
class TrickDecoysTest {
    static final Path DIR = Path.of("verification/fixtures/patch-transition");
    static final Map<String, HackabilityReport> REPORTS = new LinkedHashMap<>();

    @BeforeAll
    static void audit(@TempDir Path tmp) throws Exception {
        Path wuFile = HackabilityTest.broadWorkUnit(tmp);
        Map<String, List<String>> plans = new LinkedHashMap<>();
        plans.put("v0.3", List.of("--version", "0.3", "--added", "safe_call("));
        plans.put("v0.4", List.of("--version", "0.4", "--added", "safe_call(", "--removed", "unsafe_call("));
        List<String> v05 = List.of("--version", "0.5", "--added", "safe_call(", "--removed", "unsafe_call(", "--glob-syntax", "gitignore");
        plans.put("v0.5", v05);
        plans.put("preset", concat(v05, "--protect-preset", "swebench"));
        plans.put("forbid", concat(v05, "--forbid-tricks", "hack"));
        plans.put("both", concat(v05, "--protect-preset", "swebench", "--forbid-tricks", "hack"));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        for (Map.Entry<String, List<String>> p : plans.entrySet()) {
            Path planFile = tmp.resolve(p.getKey() + ".json");
            List<String> args = concat(List.of("plan", "new", "--work-unit", wuFile.toString()), p.getValue().toArray(String[]::new));
            args.addAll(List.of("--output", planFile.toString()));
            assertEquals(0, dev.patchverdict.cli.Main.run(System.in, quiet, quiet, args.toArray(String[]::new)), args.toString());
            REPORTS.put(p.getKey(), Hackability.run(planFile, wuFile, Optional.empty(), HackabilityTest.VERIFIER,
                    Files.createDirectories(tmp.resolve("h-" + p.getKey())), "test"));
        }
    }

    private static List<String> concat(List<String> a, String... more) {
        List<String> out = new ArrayList<>(a);
        out.addAll(List.of(more));
        return out;
    }

    @ParameterizedTest(name = "{0}/{1}: v0.3 {2}, v0.4 {3}, v0.5 {4}, swebench preset {5}, forbidden tricks {6}")
    @CsvSource({
        "trick-autoload-file, root-conftest-forces-passed, support, support, reject, reject, reject",
        "trick-autoload-file, sitecustomize, support, support, support, reject, reject",
        "trick-autoload-file, pth-file, support, support, support, reject, reject",
        "trick-test-file-deleted, test-module, support, support, reject, reject, reject",
        "trick-assertion-trivial, assert-true, support, support, reject, reject, reject",
        "trick-skip-added, module-level-skip, support, support, support, support, reject",
        "trick-early-exit, exit-at-import, support, support, support, support, reject",
        "trick-always-true-equality, eq-returns-true, support, support, support, support, reject",
        "trick-clock-patched, time-frozen, support, support, support, support, reject",
        "trick-test-runner-sniffed, pytest-in-sys-modules, support, support, support, support, reject",
        "trick-dependency-shadowed, top-level-numpy, support, support, support, support, reject"
    })
    void eachTrickGetsItsVerdictFromEachPlan(String operator, String variant, String v03, String v04, String v05, String preset,
            String forbid) {
        assertEquals(List.of(v03, v04, v05, preset, forbid, "reject"),
                List.of(verdict("v0.3", operator, variant), verdict("v0.4", operator, variant), verdict("v0.5", operator, variant),
                        verdict("preset", operator, variant), verdict("forbid", operator, variant), verdict("both", operator, variant)));
    }

    @Test
    void theTableAboveIsEveryTrickDecoyAndWithBothNoneOfThemPasses() {
        Map<String, String> table = new TreeMap<>();
        for (HackabilityReport.DecoyRow d : REPORTS.get("both").decoys()) {
            if (d.operator().startsWith("trick-")) {
                table.put(d.operator() + "/" + d.variant(), d.verdict());
            }
        }
        assertEquals(11, table.size(), table.toString());
        assertTrue(table.values().stream().allMatch("reject"::equals), table.toString());
    }

    @Test
    void aForbiddenTrickIsNamedInTheDecoysRejection() {
        HackabilityReport.DecoyRow exit = REPORTS.get("forbid").decoys().stream()
                .filter(d -> d.variant().equals("exit-at-import")).findFirst().orElseThrow();
        assertTrue(exit.detail().contains("forbids the trick rule early-exit (hack), hit in module.py hunk 1"), exit.detail());
    }

    @Test
    void withAReadmeScopeNoTrickApplies(@TempDir Path tmp) throws Exception {
        // The seed work unit lets a patch write README.md and docs/usage.md alone: a trick elsewhere is the scope check's job.
        for (String v : List.of("0.3", "0.4", "0.5")) {
            HackabilityReport r = Hackability.run(DIR.resolve("plan-v" + v + ".json"), DIR.resolve("work-unit.json"),
                    Optional.empty(), HackabilityTest.VERIFIER, Files.createDirectories(tmp.resolve(v)), "test");
            r.operators().stream().filter(o -> o.name().startsWith("trick-"))
                    .forEach(o -> assertEquals(0, o.trials(), v + " " + o.name()));
        }
    }

    private static String verdict(String plan, String operator, String variant) {
        return REPORTS.get(plan).decoys().stream().filter(d -> d.operator().equals(operator) && d.variant().equals(variant))
                .findFirst().map(HackabilityReport.DecoyRow::verdict).orElse("n/a");
    }
}
