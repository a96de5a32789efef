package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.CALC_FIXED;
import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.VerificationResult;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole runs: real repositories, real git apply, real sandbox. */
class BehaveRunTest {
    static final String REPRO = "import calc, sys; sys.exit(0 if calc.add(2, 3) == 5 else 1)";
    static final String PRESERVE = "import calc; print(calc.mul(3, 4)); print(calc.mul(-2, 5))";
    static final String CONTRACT = "import calc; assert calc.add(-1, 1) == 0; assert calc.add(0, 0) == 0";

    @TempDir
    Path dir;

    static ArrayNode standardChecks() {
        return checks(python("add-adds", "reproduction", REPRO), python("mul-unchanged", "preserve", PRESERVE),
                python("add-identity", "contract", CONTRACT));
    }

    @Test
    void redToGreenFixIsProven() throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", CALC_FIXED)).records(standardChecks());
        Behave.Outcome o = f.run();
        assertEquals(Verdict.PROVEN, o.verdict(), o.report());
        System.out.println(o.report());
        assertEquals(0, o.exitCode());
        for (Level l : Level.values()) {
            assertTrue(o.report().contains(l.key()), o.report());
        }
        VerificationResult written = DocumentReader.strict().readVerificationResult(dir.resolve("records/behave-result.json"));
        assertEquals(VerificationResult.Status.PASSED, written.status());
        assertEquals(f.commit, written.provenance().sourceRevision());
        // Five evidence items per run: 2 runs each for reproduction and preserve, 1 for contract.
        assertEquals(3 + 5 * 5, written.evidence().size());
        JsonNode levels = written.extensions().orElseThrow().get(ResultDocument.EXTENSION).get("levels");
        for (Level l : Level.values()) {
            assertEquals("PROVEN", levels.get(l.key()).get("verdict").textValue(), l.key());
        }
    }
}
