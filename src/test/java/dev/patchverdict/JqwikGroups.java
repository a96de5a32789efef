// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict;

import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * {@link GroupCondition} for jqwik properties (which JUnit Jupiter's extensions do not reach): a property tagged
 * with a group that cannot run here is skipped; a required one runs, and fails on its own {@link TestGroups#require}.
 */
public final class JqwikGroups implements SkipExecutionHook {
    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        Set<String> tags = context.findRepeatableAnnotations(Tag.class).stream().map(Tag::value).collect(Collectors.toSet());
        return GroupCondition.firstMissing(tags).filter(g -> !TestGroups.required(g.name()))
                .map(g -> SkipResult.skip("test group '" + g.name() + "' skipped: " + TestGroups.missing(g.name()).orElseThrow()))
                .orElse(SkipResult.doNotSkip());
    }
}
