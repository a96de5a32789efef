// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * At the end of a test run, one line per {@link TestGroups} group that was skipped: its name, how many tests it
 * held, why it could not run and how to enable it. Registered through META-INF/services, so Surefire, an IDE and
 * the console launcher all print it.
 */
public final class SkippedGroupsListener implements TestExecutionListener {
    /** What each line starts with, for scripts that check which groups a run skipped. */
    public static final String PREFIX = "Skipped test group ";

    private final PrintStream out;
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<String, String> reasons = new LinkedHashMap<>();
    private TestPlan plan;

    public SkippedGroupsListener() {
        this(System.out);
    }

    SkippedGroupsListener(PrintStream out) {
        this.out = out;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        counts.clear();
        reasons.clear();
    }

    @Override
    public synchronized void executionSkipped(TestIdentifier id, String reason) {
        Set<String> tags = id.getTags().stream().map(TestTag::getName).collect(Collectors.toSet());
        GroupCondition.firstMissing(tags).ifPresent(g -> add(g.name(), leaves(id), TestGroups.missing(g.name()).orElse(reason)));
    }

    @Override
    public synchronized void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (result.getStatus() != TestExecutionResult.Status.ABORTED) {
            return;
        }
        Optional<Throwable> t = result.getThrowable();
        if (t.isPresent() && t.get() instanceof TestGroups.Missing m) {
            add(m.group(), leaves(id), m.why());
        }
    }

    private void add(String group, int tests, String reason) {
        counts.merge(group, tests, Integer::sum);
        // One line per group: a tool's long message (pip's retry warnings) is cut.
        reasons.putIfAbsent(group, reason.length() <= 160 ? reason : reason.substring(0, 160) + "...");
    }

    /** The tests under a skipped node; a node never expanded (a parameterized method, a class) counts as what it holds, at least one. */
    private int leaves(TestIdentifier id) {
        if (plan == null) {
            return 1;
        }
        Set<TestIdentifier> children = plan.getChildren(id);
        if (children.isEmpty()) {
            return 1;
        }
        int n = 0;
        for (TestIdentifier c : children) {
            n += leaves(c);
        }
        return n;
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
        for (String line : lines()) {
            out.println(line);
        }
        out.flush();
    }

    List<String> lines() {
        return TestGroups.ALL.stream().filter(g -> counts.containsKey(g.name())).map(g -> {
            int n = counts.get(g.name());
            return PREFIX + g.name() + ": " + n + (n == 1 ? " test" : " tests") + " (" + reasons.get(g.name())
                    + "); to run them: " + g.enable();
        }).toList();
    }
}
