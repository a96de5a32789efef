// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

class TestGroupsTest {
    @Test
    void everyGroupButTheNetworkOnesIsRequiredUnderRequireSharedAndSkippableOnesStaySkippable() {
        Map<String, String> all = Map.of(TestGroups.REQUIRE_ALL, "true");
        assertTrue(TestGroups.required(TestGroups.BUBBLEWRAP, all::get));
        assertTrue(TestGroups.required(TestGroups.REFERENCE, all::get));
        assertFalse(TestGroups.required(TestGroups.PYPI, all::get), "a network group is required only by name");
        assertFalse(TestGroups.required(TestGroups.GIT, Map.<String, String>of()::get));

        Map<String, String> named = Map.of(TestGroups.REQUIRE, "git, pypi");
        assertTrue(TestGroups.required(TestGroups.GIT, named::get));
        assertTrue(TestGroups.required(TestGroups.PYPI, named::get));
        assertFalse(TestGroups.required(TestGroups.BUBBLEWRAP, named::get));

        Map<String, String> bare = Map.of(TestGroups.REQUIRE_ALL, "true", TestGroups.SKIPPABLE, "bubblewrap,python3");
        assertFalse(TestGroups.required(TestGroups.BUBBLEWRAP, bare::get));
        assertTrue(TestGroups.required(TestGroups.GIT, bare::get));
    }

    /**
     * The classes that failed on a machine with JDK and Maven alone (no ../shared, no bubblewrap, no python3) now
     * skip what needs those, as whole groups, and the end of the run names each group with its count.
     */
    @Test
    void onABareMachineTheReportedClassesSkipByGroupAndTheRunSumsThemUp() throws Exception {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestGroups.simulateMissing(Set.of(TestGroups.SHARED_CORPUS, TestGroups.REFERENCE, TestGroups.BUBBLEWRAP,
                TestGroups.PYTHON3), () -> {
                    Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                            .enableTestExecutionListenerAutoRegistration(false).build());
                    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(
                            selectClass("dev.patchverdict.record.PythonSchemaMessagesTest"),
                            selectClass("dev.patchverdict.behave.sandbox.BubblewrapSandboxTest"),
                            selectClass("dev.patchverdict.cli.BehaveCommandTest"),
                            selectClass("dev.patchverdict.behave.ExampleScriptsTest"),
                            selectClass("dev.patchverdict.behave.sandbox.TreeWalkRaceTest")).build();
                    launcher.execute(request, summary,
                            new SkippedGroupsListener(new PrintStream(lines, true, StandardCharsets.UTF_8)));
                });
        TestExecutionSummary s = summary.getSummary();
        assertEquals(0, s.getTotalFailureCount(), () -> s.getFailures().stream()
                .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException()).collect(Collectors.joining("\n")));
        assertTrue(s.getTestsSucceededCount() > 0, "what needs no group still runs");
        List<String> printed = lines.toString(StandardCharsets.UTF_8).lines().toList();
        // At least the failures first reported (12 reference, 35 bubblewrap); the classes may gain tests since.
        assertEquals(2, printed.size(), () -> String.join("\n", printed));
        assertSkippedAtLeast(printed.get(0), "reference", 12, "put the reference folder at ../shared/reference/idkmesh or"
                + " pass -Dpatchverdict.reference=DIR");
        assertSkippedAtLeast(printed.get(1), "bubblewrap", 35, "apt-get install bubblewrap (on a kernel that allows"
                + " unprivileged user namespaces)");
    }

    /** Without chromium the browser tests of the HTML report skip as one group, failing nothing, however the run is required. */
    @Test
    void withoutChromiumTheBrowserTestsSkipAsTheirGroup() {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestGroups.simulateMissing(Set.of(TestGroups.CHROMIUM), () -> {
            Launcher launcher = LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
            launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass("dev.patchverdict.report.ReviewHtmlBrowserTest"))
                    .build(), summary, new SkippedGroupsListener(new PrintStream(lines, true, StandardCharsets.UTF_8)));
        });
        TestExecutionSummary s = summary.getSummary();
        assertEquals(0, s.getTotalFailureCount(), () -> s.getFailures().stream()
                .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException()).collect(Collectors.joining("\n")));
        assertEquals(0, s.getTestsSucceededCount(), "nothing of it runs without a browser");
        List<String> printed = lines.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, printed.size(), () -> String.join("\n", printed));
        assertSkippedAtLeast(printed.get(0), "chromium", 3, "apt-get install chromium");
    }

    private static void assertSkippedAtLeast(String line, String group, int atLeast, String howTo) {
        String head = "Skipped test group " + group + ": ";
        String tail = " tests (simulated: as on a machine without " + group + "); to run them: " + howTo;
        assertTrue(line.startsWith(head) && line.endsWith(tail), line);
        int count = Integer.parseInt(line.substring(head.length(), line.length() - tail.length()));
        assertTrue(count >= atLeast, line);
    }
}
