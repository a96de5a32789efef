// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.plan.EvaluatorPlan;
import dev.patchverdict.plan.EvaluatorPlanReader;
import dev.patchverdict.plan.StrictTransitionContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code removed_text_allowed_in}: written by {@code plan new --removed-allowed-in}, read back the same, absent
 * when empty, and refused by {@code validate} and the plan reader when it would forgive nothing or everything.
 */
class PlanRemovedAllowedInTest {
    static final Path WORK_UNIT = Path.of("verification/fixtures/patch-transition/work-unit.json").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private CliRun planNew(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("plan", "new", "--work-unit", WORK_UNIT.toString(), "--version",
                "0.5", "--transition", "eval(=>ast.literal_eval(", "--glob-syntax", "gitignore", "--output", "plan.json"));
        args.addAll(List.of(extra));
        return CliRun.in(dir, args.toArray(String[]::new));
    }

    @Test
    void planNewWritesItAndTheReaderReadsItBack() throws Exception {
        CliRun r = planNew("--removed-allowed-in", "literal_eval(");
        assertEquals(0, r.code(), r.err());
        ObjectNode written = (ObjectNode) JSON.readTree(dir.resolve("plan.json").toFile());
        assertEquals("[\"literal_eval(\"]", written.path("backend").path("removed_text_allowed_in").toString());
        EvaluatorPlan plan = EvaluatorPlanReader.strict().read(dir.resolve("plan.json"));
        assertEquals(List.of("literal_eval("), ((StrictTransitionContract) plan.contract()).removedTextAllowedIn());
        assertEquals(written, plan.toJson());
        assertEquals(0, CliRun.in(dir, "validate", "plan.json").code());
    }

    @Test
    void withoutItThePlanHasNoSuchField() throws Exception {
        assertEquals(0, planNew().code());
        assertFalse(JSON.readTree(dir.resolve("plan.json").toFile()).path("backend").has("removed_text_allowed_in"));
    }

    @Test
    void anAllowanceThatForgivesNothingOrEverythingIsRefused() throws Exception {
        for (String bad : List.of("ast.", "eval(")) {
            CliRun r = planNew("--removed-allowed-in", bad);
            assertEquals(2, r.code(), bad + ": " + r.out() + r.err());
            assertTrue(r.err().contains("removed_text_allowed_in item '" + bad + "' must hold a required removed text"), r.err());
        }
        // The same refused by the reader of a plan written by hand, and an empty list refused by the schema.
        assertEquals(0, planNew("--removed-allowed-in", "literal_eval(").code());
        ObjectNode plan = (ObjectNode) JSON.readTree(dir.resolve("plan.json").toFile());
        ArrayNode allowed = (ArrayNode) plan.path("backend").path("removed_text_allowed_in");
        allowed.removeAll().add("nothing here");
        Files.writeString(dir.resolve("bad.json"), plan.toString());
        CliRun r = CliRun.in(dir, "validate", "bad.json");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("removed_text_allowed_in"), r.out() + r.err());
        allowed.removeAll();
        Files.writeString(dir.resolve("empty.json"), plan.toString());
        CliRun empty = CliRun.in(dir, "validate", "empty.json");
        assertEquals(2, empty.code(), empty.out() + empty.err());
        assertTrue((empty.out() + empty.err()).contains("removed_text_allowed_in"), empty.out() + empty.err());
    }

    @Test
    void onlyV05HasIt() {
        CliRun r = CliRun.in(dir, "plan", "new", "--work-unit", WORK_UNIT.toString(), "--version", "0.4", "--added", "safe_call(",
                "--removed", "unsafe_call(", "--removed-allowed-in", "xunsafe_call(", "--output", "plan.json");
        assertEquals(64, r.code(), r.err());
        assertTrue(r.err().contains("removed_text_allowed_in"), r.err());
    }
}
