// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.plan;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.ignore.FastIgnoreRule;

/**
 * A glob with the meaning of one {@code .gitignore} line at the repository root, matched by JGit's
 * {@link FastIgnoreRule} (git's wildmatch): {@code *}, {@code ?} and {@code [...]} never match
 * {@code /}, {@code **} between slashes does; a glob with no {@code /} other than a trailing one
 * matches a name at any depth, and a path matches when it or any folder above it does.
 *
 * <p>Forms that mean something other than "this path" in a {@code .gitignore} are refused rather
 * than read: negation ({@code !}), comments ({@code #}), trailing blanks (git drops them) and globs
 * git would treat as matching nothing (an unclosed {@code [}), which would protect nothing in silence.
 */
public final class GitignoreGlob implements PathGlob {
    private final String pattern;
    private final FastIgnoreRule rule;

    private GitignoreGlob(String pattern, FastIgnoreRule rule) {
        this.pattern = pattern;
        this.rule = rule;
    }

    /**
     * Globs compiled so far, by pattern: a plan's globs are compiled when it is read and again when a patch is
     * evaluated, for every verification, and JGit's compiling costs as much as reading a small patch. A compiled rule
     * is only read after it is made. Bounded: emptied when full.
     */
    private static final Map<String, GitignoreGlob> COMPILED = new ConcurrentHashMap<>();
    private static final int MAX_COMPILED = 1024;

    static GitignoreGlob of(String pattern) {
        GitignoreGlob known = COMPILED.get(pattern);
        if (known != null) {
            return known;
        }
        GitignoreGlob compiled = compile(pattern);
        if (COMPILED.size() >= MAX_COMPILED) {
            COMPILED.clear();
        }
        COMPILED.put(pattern, compiled);
        return compiled;
    }

    private static GitignoreGlob compile(String pattern) {
        String q = PathGlob.quote(pattern);
        if (pattern.startsWith("!")) {
            throw new IllegalArgumentException("gitignore glob " + q + " is a negation; protected paths only add");
        }
        if (pattern.startsWith("#")) {
            throw new IllegalArgumentException("gitignore glob " + q + " is a comment; write \\# for a leading #");
        }
        char last = pattern.charAt(pattern.length() - 1);
        if ((last == ' ' || last == '\t') && !escaped(pattern, pattern.length() - 1)) {
            throw new IllegalArgumentException("gitignore glob " + q + " ends in a blank, which git drops");
        }
        FastIgnoreRule rule = new FastIgnoreRule(pattern);
        if (rule.isEmpty()) {
            throw new IllegalArgumentException("gitignore glob " + q + " is not a valid pattern and would match nothing");
        }
        return new GitignoreGlob(pattern, rule);
    }

    /** Whether an odd run of backslashes precedes index {@code i}: git keeps an escaped trailing blank. */
    private static boolean escaped(String pattern, int i) {
        int n = 0;
        while (i - 1 - n >= 0 && pattern.charAt(i - 1 - n) == '\\') {
            n++;
        }
        return n % 2 == 1;
    }

    @Override
    public String pattern() {
        return pattern;
    }

    @Override
    public GlobSyntax syntax() {
        return GlobSyntax.GITIGNORE;
    }

    /** A diff names files, so the path itself is never taken for a folder; its parents are. */
    @Override
    public boolean matches(String path) {
        return rule.isMatch(path, false);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GitignoreGlob g && g.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return "gitignore:" + pattern;
    }
}
