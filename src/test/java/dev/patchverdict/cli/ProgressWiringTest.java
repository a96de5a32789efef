// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.patchverdict.TestGroups;
import dev.patchverdict.behave.Behave;
import dev.patchverdict.behave.BehaveFixture;
import dev.patchverdict.calibrate.hackability.Hackability;
import dev.patchverdict.report.HackabilityReport;
import dev.patchverdict.report.RecordingProgress;
import dev.patchverdict.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each long piece of work counts its steps against its total, and the commands pass the count to their progress
 * line (which {@link ProgressTerminalTest} watches on a real terminal).
 */
class ProgressWiringTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    static final Path TRANSITION = ROOT.resolve("verification/fixtures/patch-transition");

    static final Verifier VERIFIER = new Verifier(new Verifier.Environment(java.time.Clock.systemUTC(), "test", "test", "test"));

    @TempDir
    Path tmp;

    @Test
    void hackabilityCountsEveryDecoyAgainstTheirTotalKnownUpFront() throws Exception {
        RecordingProgress p = new RecordingProgress();
        HackabilityReport r = Hackability.run(TRANSITION.resolve("plan-v0.5.json"), TRANSITION.resolve("work-unit.json"),
                Optional.empty(), VERIFIER, Files.createDirectories(tmp.resolve("s")), "test", p);
        long decoys = r.json().path("decoys").size();
        assertTrue(decoys > 0);
        assertEquals(List.of(decoys), p.totals);
        assertEquals(Collections.nCopies((int) decoys, decoys), p.stepsAgainst);
    }

    @Test
    void auditDrawsItsLineOnStandardErrorOnlyWhereAskedAndNeverOnStandardOutput() throws Exception {
        Path all = Files.createDirectories(tmp.resolve("results"));
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.4", "--bundle", all.resolve("a").toString())).code());
        assertEquals(0, CliRun.in(ROOT, VerifyCommandTest.verify("correct", "0.5", "--bundle", all.resolve("b").toString())).code());
        CliRun asked = CliRun.in(ROOT, "audit", "--progress", all.toString());
        assertEquals(0, asked.code(), asked.err());
        assertTrue(asked.err().startsWith("\raudit: 1/2 bundles"), asked.err());
        assertTrue(asked.err().endsWith("\r\033[K"), "erased at the end: " + asked.err());
        assertFalse(asked.out().contains("\r") || asked.out().contains("audit:"), asked.out());
        CliRun plain = CliRun.in(ROOT, "audit", all.toString());
        assertEquals("", plain.err(), "standard error is no terminal here, and nothing asked for the line");
        assertEquals(asked.out(), plain.out());
    }

    @Test
    @Tag(TestGroups.GIT)
    @Tag(TestGroups.BUBBLEWRAP)
    @Tag(TestGroups.PYTHON3)
    void behaveCountsTheMutantsItTries() throws Exception {
        ArrayNode checks = BehaveFixture.checks(
                BehaveFixture.python("add-adds", "reproduction", "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)"),
                BehaveFixture.python("mul-unchanged", "preserve", "import calc; print(calc.mul(3, 4))"),
                BehaveFixture.python("add-identity", "contract", "import calc; assert calc.add(-1, 1) == 0"));
        BehaveFixture f = BehaveFixture.create(tmp, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED)).records(checks);
        f.plan.set("mutation_adequacy", BehaveFixture.parse("{\"max_mutants\":10,\"min_score\":0.5}"));
        RecordingProgress p = new RecordingProgress();
        Behave.Outcome o = Behave.run(f.writeAndCommit(), f.settings(), p);
        int mutants = o.result().toJson().path("extensions").path("dev.patchverdict.behave").path("mutation_adequacy")
                .path("mutants").size();
        assertTrue(mutants > 0, o.report());
        assertEquals(List.of((long) mutants), p.totals);
        assertEquals(mutants, p.stepsAgainst.size());
    }
}
