// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.patchverdict.behave.plan.WitnessPolarity;
import dev.patchverdict.behave.sandbox.CapturedOutput;
import dev.patchverdict.behave.sandbox.RunOutcome;
import dev.patchverdict.behave.sandbox.RunRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WitnessesTest {

    private static RunRecord run(RunOutcome outcome, String stdout) {
        byte[] b = stdout.getBytes(StandardCharsets.UTF_8);
        return new RunRecord(List.of("prog"), outcome, CapturedOutput.of(b, b.length), CapturedOutput.empty(),
                Duration.ofMillis(5));
    }

    private static WitnessReading read(String stdout) {
        return Witnesses.read(run(new RunOutcome.Exited(0), stdout));
    }

    @Test
    void positiveWitnessCarriesData() {
        WitnessReading r = read("searching\nWITNESS: {\"data\":{\"input\":[2,3],\"output\":5}}\ndone\n");
        Witness w = assertInstanceOf(WitnessReading.Present.class, r).witness();
        assertEquals(WitnessPolarity.POSITIVE, w.polarity());
        assertTrue(w.satisfies(WitnessPolarity.POSITIVE));
        assertTrue(w.satisfies(WitnessPolarity.ANY));
        assertTrue(!w.satisfies(WitnessPolarity.NEGATIVE));
    }

    @Test
    void negativeWitnessNeedsAnExhaustedSearchOrAnArgument() {
        Witness search = assertInstanceOf(WitnessReading.Present.class, read(
                "WITNESS: {\"search_exhausted\":true,\"nodes_explored\":4096,\"method\":\"bfs over inputs < 64\"}\n"))
                .witness();
        assertEquals(WitnessPolarity.NEGATIVE, search.polarity());
        Witness argued = assertInstanceOf(WitnessReading.Present.class, read(
                "WITNESS: {\"polarity\":\"negative\",\"argument\":\"the loop runs at most n times\"}\n")).witness();
        assertEquals(WitnessPolarity.NEGATIVE, argued.polarity());
    }

    @Test
    void theLastWitnessOfACleanRunCounts() {
        WitnessReading r = read("WITNESS: {\"data\":{\"a\":1}}\nWITNESS: not json\n");
        assertInstanceOf(WitnessReading.Malformed.class, r);
        WitnessReading ok = read("WITNESS: not json\nWITNESS: {\"data\":{\"a\":1}}\n");
        assertInstanceOf(WitnessReading.Present.class, ok);
    }

    @Test
    void absentWhenNoLineStartsWithThePrefix() {
        assertInstanceOf(WitnessReading.Absent.class, read("all good\n"));
        // Prose is never scraped: the prefix must start the line, exactly.
        assertInstanceOf(WitnessReading.Absent.class, read("the WITNESS: {\"data\":{\"a\":1}} line\n"));
        assertInstanceOf(WitnessReading.Absent.class, read("witness: {\"data\":{\"a\":1}}\n"));
        assertInstanceOf(WitnessReading.Absent.class, read("WITNESS:{\"data\":{\"a\":1}}\n"));
    }

    @Test
    void onlyACleanlyExitedUntruncatedRunCounts() {
        String w = "WITNESS: {\"data\":{\"a\":1}}\n";
        assertInstanceOf(WitnessReading.Absent.class, Witnesses.read(run(new RunOutcome.Signalled(11), w)));
        assertInstanceOf(WitnessReading.Absent.class, Witnesses.read(run(new RunOutcome.TimedOut(Duration.ofSeconds(1)), w)));
        byte[] b = w.getBytes(StandardCharsets.UTF_8);
        RunRecord cut = new RunRecord(List.of("p"), new RunOutcome.Exited(0), CapturedOutput.of(b, b.length + 100),
                CapturedOutput.empty(), Duration.ZERO);
        assertInstanceOf(WitnessReading.Absent.class, Witnesses.read(cut));
    }

    @Test
    void malformedWitnessesAreNamed() {
        String[] bad = {
            "WITNESS: [1,2]",
            "WITNESS: {\"data\":{}}",
            "WITNESS: {\"data\":[1]}",
            "WITNESS: {\"search_exhausted\":true,\"nodes_explored\":0,\"method\":\"dfs\"}",
            "WITNESS: {\"search_exhausted\":true,\"nodes_explored\":10}",
            "WITNESS: {\"search_exhausted\":false,\"nodes_explored\":10,\"method\":\"dfs\"}",
            "WITNESS: {\"argument\":\"\"}",
            "WITNESS: {\"argument\":\"ok\",\"data\":{\"a\":1}}",
            "WITNESS: {\"polarity\":\"positive\",\"argument\":\"x\"}",
            "WITNESS: {\"polarity\":\"maybe\",\"data\":{\"a\":1}}",
            "WITNESS: {\"data\":{\"a\":1},\"extra\":true}",
            "WITNESS: {\"nodes_explored\":\"many\",\"search_exhausted\":true,\"method\":\"m\"}",
            "WITNESS: {\"data\":{\"a\":1}} trailing",
            "WITNESS: {\"data\":{\"a\":1},\"data\":{\"b\":2}}",
        };
        for (String line : bad) {
            assertInstanceOf(WitnessReading.Malformed.class, read(line + "\n"), line);
        }
    }
}
