// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import java.util.List;

/**
 * The shipped exclude lists {@code diff filter --preset} takes: the test paths of a protection preset (its
 * groups marked {@code tests}) as {@code .gitignore} globs, named after the preset with {@code -tests}. They are
 * read from the protection presets rather than kept apart, so a filter and a plan never disagree on what a test
 * path is.
 */
public final class FilterPresets {
    private static final String SUFFIX = "-tests";

    private FilterPresets() {}

    /** Every preset, by the name {@code --preset} takes: one per protection preset that names test paths. */
    public static List<String> names() {
        return ProtectionPreset.all().stream().filter(p -> p.groups().stream().anyMatch(ProtectionPreset.Group::tests))
                .map(p -> p.name() + SUFFIX).toList();
    }

    /** The preset's globs in the protection preset's order, or an {@link IllegalArgumentException} naming the known presets. */
    public static List<String> globs(String name) {
        List<String> names = names();
        if (!names.contains(name)) {
            throw new IllegalArgumentException("unknown preset '" + name + "' (" + String.join(", ", names) + ")");
        }
        return ProtectionPreset.named(name.substring(0, name.length() - SUFFIX.length())).testGlobs(GlobSyntax.GITIGNORE);
    }
}
