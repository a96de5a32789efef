// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.diff.filter;

import java.util.List;

/**
 * What a filter removes. A path is kept when it matches at least one include (or no include is given)
 * and no exclude: excludes win, and the order of the globs changes nothing but which one a reason names
 * (the first that matches). A section is kept only when every path it names is kept, and, with
 * {@code dropBinary}, when it is not binary.
 */
public record FilterRules(List<PathPattern> includes, List<PathPattern> excludes, boolean dropBinary) {
    public FilterRules {
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
    }
}
