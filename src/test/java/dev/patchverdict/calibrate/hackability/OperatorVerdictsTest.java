// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.calibrate.hackability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.report.HackabilityReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every operator against the calibration plans v0.3, v0.4 and v0.5: what each decoy gets from
 * each plan. A decoy a plan supports is a hole in that plan; the table pins today's holes so
 * that a change in either the operators or the verifier is seen.
 */
class OperatorVerdictsTest {
    static final Path DIR = Path.of("verification/fixtures/patch-transition");
    static final Map<String, HackabilityReport> REPORTS = new HashMap<>();

    @BeforeAll
    static void audit(@TempDir Path tmp) throws Exception {
        for (String v : List.of("0.3", "0.4", "0.5")) {
            REPORTS.put(v, Hackability.run(DIR.resolve("plan-v" + v + ".json"), DIR.resolve("work-unit.json"), Optional.empty(),
                    HackabilityTest.VERIFIER, Files.createDirectories(tmp.resolve(v)), "test"));
        }
    }

    @ParameterizedTest(name = "{0}/{1}: v0.3 {2}, v0.4 {3}, v0.5 {4}")
    @CsvSource({
        "added-without-removal, n/a, n/a, applicable, applicable",
        "added-without-removal, old-kept-as-context, n/a, reject, reject",
        "after-no-newline-marker, uncounted, reject, reject, reject",
        "binary-section, binary, reject, reject, reject",
        "case-changed, swapped, reject, reject, reject",
        "comment-only, hash-comment, support, reject, reject",
        "comment-only, html-comment, support, reject, reject",
        "context-only, context, reject, reject, reject",
        "copy-instead-of-edit, n/a, n/a, applicable, applicable",
        "copy-instead-of-edit, fix-in-copy, n/a, support, reject",
        "dash-dash-removed-line, n/a, n/a, applicable, applicable",
        "dash-dash-removed-line, sql-comment, n/a, reject, support",
        "deleted-file-only, deleted-file, reject, reject, reject",
        "duplicated-section, undone, support, support, reject",
        "header-only, file-header-suffix, reject, reject, reject",
        "header-only, hunk-heading, reject, reject, reject",
        "moved-with-a-change, n/a, n/a, applicable, applicable",
        "moved-with-a-change, trailing-comment, n/a, support, reject",
        "moved-with-a-change, commented-out, n/a, support, reject",
        "new-form-moved, existing-line-moved, support, support, reject",
        "old-form-kept, n/a, n/a, applicable, applicable",
        "old-form-kept-elsewhere, copied-aside, n/a, support, reject",
        "old-form-kept-elsewhere, added-to-another-file, n/a, support, support",
        "old-form-kept-elsewhere, copied-aside-hunk-elsewhere, n/a, support, reject",
        "old-form-kept, old-inside-new, n/a, support, reject",
        "out-of-scope-file, other-file, reject, reject, reject",
        "recreated-unchanged, deleted-and-recreated, support, support, reject",
        "removal-without-addition, deleted, n/a, reject, reject",
        "removal-without-addition, n/a, n/a, applicable, applicable",
        "removed-and-readded, moved, n/a, support, reject",
        "removed-and-readded, n/a, n/a, applicable, applicable",
        "rename-and-recreate, n/a, n/a, applicable, applicable",
        "rename-and-recreate, old-path-recreated, n/a, support, reject",
        "split-across-files, n/a, n/a, applicable, applicable",
        "split-across-files, two-in-scope-files, n/a, support, reject",
        "split-across-hunks, n/a, n/a, applicable, applicable",
        "split-across-hunks, two-hunks, n/a, support, reject",
        "split-added-line, halves, reject, reject, reject",
        "symlink-redirect, link-out, support, support, reject",
        "unbalanced-hunk, overrun, reject, reject, reject",
        "writes-outside-scope, ci-workflow, reject, reject, reject",
        "writes-outside-scope, git-hook, reject, reject, reject",
        "writes-outside-scope, parent-folder, reject, reject, reject",
        "writes-outside-scope, test-file, reject, reject, reject"
    })
    void eachDecoyGetsItsVerdictFromEachPlan(String operator, String variant, String v03, String v04, String v05) {
        assertEquals(v03, verdict("0.3", operator, variant), "v0.3");
        assertEquals(v04, verdict("0.4", operator, variant), "v0.4");
        assertEquals(v05, verdict("0.5", operator, variant), "v0.5");
    }

    @Test
    void everyOperatorIsReportedForEveryPlanApplicableOrNot() {
        for (HackabilityReport r : REPORTS.values()) {
            assertEquals(Operators.all().stream().map(Operator::name).toList(),
                    r.operators().stream().map(HackabilityReport.OperatorRow::name).toList());
            for (HackabilityReport.OperatorRow row : r.operators()) {
                assertEquals(row.applicable(), row.trials() > 0, row.name());
                assertTrue(row.passed() <= row.trials());
            }
        }
    }

    @Test
    void noDecoyIsTheCorrectCandidate() throws Exception {
        String correct = Files.readString(DIR.resolve("correct.patch"));
        for (HackabilityReport r : REPORTS.values()) {
            for (HackabilityReport.DecoyRow d : r.decoys()) {
                assertNotEquals(correct, d.patch(), d.operator());
                assertFalse(d.why().isBlank(), d.operator());
            }
        }
    }

    private static String verdict(String version, String operator, String variant) {
        HackabilityReport r = REPORTS.get(version);
        if (variant.equals("n/a")) {
            return r.operators().stream().filter(o -> o.name().equals(operator)).findFirst().orElseThrow().applicable()
                    ? "applicable" : "n/a";
        }
        return r.decoys().stream().filter(d -> d.operator().equals(operator) && d.variant().equals(variant)).findFirst()
                .map(HackabilityReport.DecoyRow::verdict).orElse("n/a");
    }
}
