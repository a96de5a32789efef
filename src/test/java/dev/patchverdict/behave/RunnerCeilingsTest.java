// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave;

import static dev.patchverdict.behave.BehaveFixture.checks;
import static dev.patchverdict.behave.BehaveFixture.python;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.patchverdict.behave.RunnerCeilings.Excess;
import dev.patchverdict.behave.RunnerCeilings.Limit;
import dev.patchverdict.behave.plan.BehaviouralPlan;
import dev.patchverdict.behave.plan.BehaviouralPlans;
import dev.patchverdict.behave.sandbox.HostLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The library names each limit a plan exceeds and both values; how the limit is set is the caller's to say. */
class RunnerCeilingsTest {
    @TempDir
    Path dir;

    /** The fixture's plan of three checks, asking {@code wallSeconds} and {@code memoryMb}. */
    private BehaviouralPlan plan(double wallSeconds, int memoryMb) throws Exception {
        BehaveFixture f = BehaveFixture.create(dir, BehaveFixture.calcRepo())
                .candidate(Map.of("calc.py", BehaveFixture.CALC_FIXED)).records(checks(
                        python("a", "contract", "pass"), python("b", "contract", "pass"), python("c", "contract", "pass")));
        ObjectNode sandbox = (ObjectNode) f.plan.get("sandbox");
        sandbox.put("wall_seconds", wallSeconds);
        sandbox.put("memory_mb", memoryMb);
        return BehaviouralPlans.parse(f.plan, "plan");
    }

    @Test
    void eachExcessIsNamedInTheOrderTheLimitsAreDeclared() throws Exception {
        BehaviouralPlan plan = plan(1.5, 512);
        RunnerCeilings ceilings = new RunnerCeilings(600, 600, 256, 8L << 20, 256L << 20, 2, 50, HostLimits.DEFAULT);
        List<Excess> over = ceilings.exceededBy(plan);
        assertEquals(List.of(new Excess(Limit.MEMORY_MB, 512, 256), new Excess(Limit.CHECKS, 3, 2)), over);
        assertEquals("sandbox.memory_mb is 512, over the runner's limit of 256", over.get(0).describe());
        assertEquals("the number of checks is 3, over the runner's limit of 2", over.get(1).describe());
        assertEquals(List.of(), RunnerCeilings.DEFAULT.exceededBy(plan));
        Excess wall = new RunnerCeilings(1.25, 600, 4096, 8L << 20, 256L << 20, 64, 50, HostLimits.DEFAULT)
                .exceededBy(plan).get(0);
        assertEquals("sandbox.wall_seconds is 1.5, over the runner's limit of 1.25", wall.describe());
    }

    @Test
    void theRefusalCanBeWordedByTheCaller() {
        CeilingsExceeded e = new CeilingsExceeded("plan.json", List.of(new Excess(Limit.MUTANTS, 500, 50),
                new Excess(Limit.CPU_SECONDS, 700, 600)));
        assertEquals("the plan asks for more than this runner allows: mutation_adequacy.max_mutants is 500, over the"
                + " runner's limit of 50; sandbox.cpu_seconds is 700, over the runner's limit of 600", e.getMessage());
        assertFalse(e.getMessage().contains("--"), "the library names no flag");
        assertEquals("the plan asks for more than this runner allows: MUTANTS; CPU_SECONDS",
                e.message(x -> x.limit().name()));
        assertThrows(IllegalArgumentException.class, () -> new CeilingsExceeded("plan.json", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Excess(Limit.CHECKS, 2, 2));
    }
    @Test
    void aCeilingOutOfRangeIsNamedWithItsValue() {
        IllegalArgumentException memory = assertThrows(IllegalArgumentException.class,
                () -> new RunnerCeilings(600, 600, 8, 8L << 20, 256L << 20, 64, 50, HostLimits.DEFAULT));
        assertEquals("the runner's limit on sandbox.memory_mb must be at least 16: 8", memory.getMessage());
        IllegalArgumentException wall = assertThrows(IllegalArgumentException.class,
                () -> new RunnerCeilings(Double.NaN, 600, 4096, 8L << 20, 256L << 20, 64, 50, HostLimits.DEFAULT));
        assertEquals("the runner's limit on sandbox.wall_seconds must be positive: NaN", wall.getMessage());
        IllegalArgumentException mutants = assertThrows(IllegalArgumentException.class,
                () -> new RunnerCeilings(600, 600, 4096, 8L << 20, 256L << 20, 64, -1, HostLimits.DEFAULT));
        assertEquals("the runner's limit on mutation_adequacy.max_mutants must be 0 or more: -1", mutants.getMessage());
        assertEquals(0, new RunnerCeilings(600, 600, 16, 1, 1, 1, 0, HostLimits.DEFAULT).mutants(), "the least allowed");
    }
}
