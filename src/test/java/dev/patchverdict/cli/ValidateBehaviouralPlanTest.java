// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} recognises the behavioural runner's plans and checks them with their own schema. */
class ValidateBehaviouralPlanTest {
    private static final String DIGEST = "sha256:" + "ab".repeat(32);
    static final String PLAN = """
            {"schema_version":"0.1","kind":"behavioural_plan","execution_mode":"sandboxed_behavioural",
             "id":"calc-fix.behave",
             "binding":{"work_unit_id":"wu-calc-fix","work_unit_version":1,"work_unit_digest":"%s",
                        "source_revision":"%s","static_plan_digest":"%s"},
             "runner":{"id":"patchverdict-behavioural-runner","adapter":"sandboxed-behavioural-runner",
                       "adapter_version":"0.1.0"},
             "sandbox":{"wall_seconds":30,"cpu_seconds":10,"memory_mb":256,"output_bytes":65536,
                        "file_size_bytes":1048576},
             "checks":[{"id":"prop","kind":"contract","argv":["true"]}]}
            """.formatted(DIGEST, "a".repeat(40), DIGEST);

    @TempDir
    Path dir;

    private String[] run(String... args) {
        CliRun r = CliRun.in(dir, args);
        return new String[] {Integer.toString(r.code()), r.out()};
    }

    @Test
    void validPlanIsOk() throws Exception {
        Files.writeString(dir.resolve("plan.json"), PLAN);
        assertEquals("0|OK BehaviouralPlan v0.1 plan.json" + System.lineSeparator(), String.join("|", run("validate", "plan.json")));
    }

    @Test
    void invalidPlanIsNamedAndUndecided() throws Exception {
        Files.writeString(dir.resolve("plan.json"), PLAN.replace("\"argv\":[\"true\"]", "\"argv\":[]"));
        String[] r = run("validate", "plan.json");
        assertEquals("2", r[0]);
        assertEquals(true, r[1].startsWith("plan.json: "), r[1]);
        assertEquals(true, r[1].contains("/checks/0/argv"), r[1]);
    }

    static final String V02 = PLAN.replace("\"schema_version\":\"0.1\"", "\"schema_version\":\"0.2\"")
            .replace("\"checks\":[", "\"relations\":[{\"id\":\"grows\",\"source\":{\"argv\":[\"echo\",\"1\"]},"
                    + "\"followup\":{\"argv\":[\"echo\",\"2\"]},"
                    + "\"relation\":{\"operator\":\"numeric\",\"options\":{\"comparison\":\">\"}}}],\"checks\":[");

    @Test
    void aPlanWithRelationsIsReadAgainstTheVersionTwoSchema() throws Exception {
        Files.writeString(dir.resolve("plan.json"), V02);
        assertEquals("0|OK BehaviouralPlan v0.2 plan.json" + System.lineSeparator(), String.join("|", run("validate", "plan.json")));
        Files.writeString(dir.resolve("bad.json"), V02.replace("\">\"", "\"=>\""));
        String[] r = run("validate", "bad.json");
        assertEquals("2", r[0]);
        assertEquals(true, r[1].contains("/relations/0/relation: comparison must be one of <, <=, =, >=, >"), r[1]);
        Files.writeString(dir.resolve("v3.json"), V02.replace("\"schema_version\":\"0.2\"", "\"schema_version\":\"0.3\""));
        r = run("validate", "v3.json");
        assertEquals("2", r[0]);
        assertEquals(true, r[1].contains("\"0.3\" is not supported; this runner reads \"0.1\" or \"0.2\""), r[1]);
    }
}
