// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.WireValue;

/**
 * How a v0.5 plan's {@code protected_paths} are matched. Always stated in the plan: the two
 * syntaxes disagree on whether {@code *} crosses {@code /}, so a glob read in the wrong one
 * protects the wrong files.
 */
public enum GlobSyntax implements WireValue {
    /** As Python's {@code fnmatch.fnmatchcase}: {@code *} and {@code ?} cross {@code /}. */
    FNMATCH,
    /** As git's wildmatch in a {@code .gitignore}: {@code *} stops at {@code /}, {@code **} does not. */
    GITIGNORE
}
