// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.BehaviouralPlans;
import dev.patchverdict.json.StrictJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code behave plan relation}: a relation written for a plan's author, checked before it is written. */
class BehavePlanRelationTest {
    @TempDir
    Path dir;

    private static final String[] REVERSAL = {"behave", "plan", "relation", "--id", "reversal",
        "--source", "python3", "--source", "-c", "--source", "import wordcount; print(wordcount.count_words('a  b'))",
        "--followup", "python3", "--followup", "-c", "--followup", "import wordcount; print(wordcount.count_words('b  a'))",
        "--relation", "numeric", "--options", "{\"comparison\": \"=\"}", "--env", "PATH=/usr/bin:/bin",
        "--timeout-seconds", "10"};

    private static String[] with(String[] base, String... more) {
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void printsTheRelationAsAPlanHoldsIt() throws Exception {
        CliRun r = CliRun.in(dir, REVERSAL);
        assertEquals(0, r.code(), r.err());
        JsonNode rel = StrictJson.withDefaults().read(r.out());
        assertEquals("[\"python3\",\"-c\",\"import wordcount; print(wordcount.count_words('b  a'))\"]",
                rel.get("followup").get("argv").toString(), "each word as given, '-c' included");
        assertEquals("=", rel.get("relation").get("options").get("comparison").textValue());
        assertEquals("/usr/bin:/bin", rel.get("source").get("env").get("PATH").textValue());
    }

    @Test
    void addsTheRelationToAPlanAsVersionTwo() throws Exception {
        Files.writeString(dir.resolve("plan.json"), ValidateBehaviouralPlanTest.PLAN);
        CliRun r = CliRun.in(dir, with(REVERSAL, "--plan", "plan.json", "--output", "plan2.json"));
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote plan2.json (BehaviouralPlan v0.2, 1 relations)" + System.lineSeparator(), r.out());
        BehaviouralPlan p = BehaviouralPlans.read(dir.resolve("plan2.json"));
        assertEquals("0.2", p.schemaVersion());
        assertEquals("reversal", p.relations().get(0).id());
        r = CliRun.in(dir, with(REVERSAL, "--plan", "plan2.json", "--output", "plan3.json"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("relation id 'reversal' is declared twice"), r.err());
        assertTrue(Files.notExists(dir.resolve("plan3.json")), "nothing is written for a plan that would not be valid");
        r = CliRun.in(dir, with(REVERSAL, "--plan", "plan.json", "--output", "plan2.json"));
        assertEquals(2, r.code(), "an existing output is replaced only with --force");
    }

    @Test
    void mistakesAreUsageErrorsNamingWhatIsWrong() {
        CliRun r = CliRun.in(dir, "behave", "plan", "relation", "--id", "x", "--source", "a", "--followup", "b",
                "--relation", "median");
        assertEquals(64, r.code());
        assertTrue(r.err().contains("unknown relation operator 'median'"), r.err());
        r = CliRun.in(dir, "behave", "plan", "relation", "--id", "x", "--source", "a", "--followup", "b",
                "--relation", "numeric", "--options", "{\"comparison\": \"~\"}");
        assertEquals(64, r.code());
        assertTrue(r.err().contains("comparison must be one of <, <=, =, >=, >"), r.err());
        r = CliRun.in(dir, "behave", "plan", "relation", "--id", "x", "--source", "a", "--followup", "a",
                "--relation", "exact");
        assertEquals(64, r.code());
        assertTrue(r.err().contains("the source and the followup are the same run"), r.err());
        r = CliRun.in(dir, with(REVERSAL, "--env", "1X=y"));
        assertEquals(64, r.code());
        assertTrue(r.err().contains("environment name '1X'"), r.err());
        r = CliRun.in(dir, with(REVERSAL, "--plan", "plan.json"));
        assertEquals(64, r.code());
        assertTrue(r.err().contains("--plan and --output go together"), r.err());
    }
}
