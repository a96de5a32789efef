// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * One glob the filter matches paths against. The matcher is given by the caller (the glob code lives
 * with the plans, above this layer); {@code origin} says where the glob came from, as a user would
 * name it ({@code --exclude}, {@code --include}, {@code preset swebench-tests}), so a removal can say why.
 */
public record PathPattern(String glob, String origin, Predicate<String> matcher) {
    public PathPattern {
        Objects.requireNonNull(glob, "glob");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(matcher, "matcher");
    }

    public boolean matches(String path) {
        return matcher.test(path);
    }
}
