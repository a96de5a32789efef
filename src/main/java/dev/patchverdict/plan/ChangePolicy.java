// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import dev.patchverdict.record.Require;
import dev.patchverdict.tricks.TrickRule;
import dev.patchverdict.tricks.TrickRules;
import dev.patchverdict.tricks.TrickSeverity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a v0.5 patch may do to the file tree besides changing text ({@code backend.change_policy}).
 * It sits in the backend, apart from the plan's top-level {@code policy}, because these rules are
 * read off the diff, while that one holds the separation rules every version shares.
 *
 * <p>Every glob must compile in {@link #globSyntax()}, so a plan never holds a protection that
 * silently matches nothing. {@link #forbiddenTricks()} names trick rules ({@link TrickRules}) whose
 * hit fails the plan; every id must be a known rule, and a plan lists ids, never a severity, so that
 * rules added later never change what an existing plan forbids. Empty when the plan has none.
 * {@link #allowedPolicies()} names further reader policies the plan allows ({@code crlf}: lines ending in
 * CRLF, for a repository whose files end theirs so); empty when the plan allows none.
 */
public record ChangePolicy(
        boolean allowSymlinks,
        boolean allowSubmodules,
        boolean allowModeChanges,
        boolean allowBinary,
        boolean forbidInvisibleCharacters,
        List<String> protectedPaths,
        GlobSyntax globSyntax,
        List<String> forbiddenTricks,
        List<String> allowedPolicies) {

    /** The names {@code allowed_policies} takes. */
    public static final List<String> POLICIES = List.of("crlf");

    public ChangePolicy {
        protectedPaths = Require.distinct(protectedPaths, "protected_paths");
        Objects.requireNonNull(globSyntax, "globSyntax");
        for (String glob : protectedPaths) {
            PathGlob.compile(globSyntax, glob);
        }
        forbiddenTricks = Require.distinct(forbiddenTricks, "forbidden_tricks");
        for (String id : forbiddenTricks) {
            TrickRules.require(id, "forbidden_tricks");
        }
        allowedPolicies = Require.distinct(allowedPolicies, "allowed_policies");
        for (String name : allowedPolicies) {
            if (!POLICIES.contains(name)) {
                throw new IllegalArgumentException("allowed_policies: '" + name + "' is not one of " + POLICIES);
            }
        }
    }

    /** A policy that allows no further reader policy: what every v0.5 plan without {@code allowed_policies} holds. */
    public ChangePolicy(boolean allowSymlinks, boolean allowSubmodules, boolean allowModeChanges, boolean allowBinary,
            boolean forbidInvisibleCharacters, List<String> protectedPaths, GlobSyntax globSyntax, List<String> forbiddenTricks) {
        this(allowSymlinks, allowSubmodules, allowModeChanges, allowBinary, forbidInvisibleCharacters, protectedPaths,
                globSyntax, forbiddenTricks, List.of());
    }

    /** A policy that forbids no trick: what every v0.5 plan without {@code forbidden_tricks} holds. */
    public ChangePolicy(boolean allowSymlinks, boolean allowSubmodules, boolean allowModeChanges, boolean allowBinary,
            boolean forbidInvisibleCharacters, List<String> protectedPaths, GlobSyntax globSyntax) {
        this(allowSymlinks, allowSubmodules, allowModeChanges, allowBinary, forbidInvisibleCharacters, protectedPaths,
                globSyntax, List.of());
    }

    /** This policy, forbidding the given trick rules instead. */
    public ChangePolicy forbidding(List<String> ruleIds) {
        return new ChangePolicy(allowSymlinks, allowSubmodules, allowModeChanges, allowBinary, forbidInvisibleCharacters,
                protectedPaths, globSyntax, ruleIds, allowedPolicies);
    }

    /** This policy, allowing the given reader policies ({@link #POLICIES}) instead. */
    public ChangePolicy allowing(List<String> policies) {
        return new ChangePolicy(allowSymlinks, allowSubmodules, allowModeChanges, allowBinary, forbidInvisibleCharacters,
                protectedPaths, globSyntax, forbiddenTricks, policies);
    }

    /** Whether lines ending in CRLF are allowed ({@code allowed_policies} holds {@code crlf}). */
    public boolean allowCrlf() {
        return allowedPolicies.contains("crlf");
    }

    /** The ids of every rule of the severity or a stronger one ({@code hack} before {@code suspect} before {@code info}), in rule order. */
    public static List<String> trickIdsAtLeast(TrickSeverity severity) {
        return TrickRules.all().stream().filter(r -> r.severity().compareTo(severity) <= 0).map(TrickRule::id).toList();
    }

    /** The safe defaults: nothing allowed, invisible characters forbidden, the default protected paths. */
    public static ChangePolicy safe(GlobSyntax syntax) {
        return new ChangePolicy(false, false, false, false, true, defaultProtectedPaths(syntax), syntax);
    }

    /**
     * The default protected paths ({@link ProtectionPreset} {@code default}) written in the given
     * syntax, so that both protect the same files at the root and at any depth.
     */
    public static List<String> defaultProtectedPaths(GlobSyntax syntax) {
        return ProtectionPreset.named("default").globs(syntax);
    }

    /** The compiled globs, in order. */
    public List<PathGlob> globs() {
        List<PathGlob> out = new ArrayList<>(protectedPaths.size());
        for (String glob : protectedPaths) {
            out.add(PathGlob.compile(globSyntax, glob));
        }
        return List.copyOf(out);
    }

    /** The first protected glob the path matches. */
    public Optional<String> protectingGlob(String path) {
        for (PathGlob g : globs()) {
            if (g.matches(path)) {
                return Optional.of(g.pattern());
            }
        }
        return Optional.empty();
    }
}
