// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips a test class or method tagged with a {@link TestGroups} group that cannot run here, before anything of it
 * runs; where the group is required, lets it start and fails it first thing instead. Registered for every test
 * (META-INF/services, with extension autodetection on in junit-platform.properties).
 */
public final class GroupCondition implements ExecutionCondition, BeforeAllCallback, BeforeEachCallback {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<TestGroups.Group> missing = firstMissing(context.getTags());
        // A required group that is missing lets the test start, to fail it in beforeAll/beforeEach.
        if (missing.isEmpty() || TestGroups.required(missing.get().name())) {
            return ConditionEvaluationResult.enabled(null);
        }
        return ConditionEvaluationResult.disabled(
                "test group '" + missing.get().name() + "' skipped: " + TestGroups.missing(missing.get().name()).orElseThrow());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        failRequired(context.getTags());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        failRequired(context.getTags());
    }

    private static void failRequired(Set<String> tags) {
        TestGroups.ALL.stream().filter(g -> tags.contains(g.name()) && TestGroups.required(g.name()))
                .forEach(g -> TestGroups.require(g.name()));
    }

    /** The first group of {@code tags} that cannot run here: a required one before any other, then in {@link TestGroups#ALL}'s order. */
    static Optional<TestGroups.Group> firstMissing(Set<String> tags) {
        return TestGroups.ALL.stream()
                .filter(g -> tags.contains(g.name()))
                .filter(g -> TestGroups.missing(g.name()).isPresent())
                .min(java.util.Comparator.comparing(g -> !TestGroups.required(g.name())));
    }
}
