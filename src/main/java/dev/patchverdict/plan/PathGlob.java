package dev.patchverdict.plan;

import dev.patchverdict.record.Require;

/**
 * One protected-path glob, compiled for its syntax. Paths are repository-relative, with {@code /}
 * between components and no leading {@code /}, as a diff names them.
 */
public sealed interface PathGlob permits FnmatchGlob, GitignoreGlob {
    String pattern();

    GlobSyntax syntax();

    boolean matches(String path);

    /** The glob, or an {@link IllegalArgumentException} saying why it cannot be used in that syntax. */
    static PathGlob compile(GlobSyntax syntax, String pattern) {
        Require.nonEmpty(pattern, "glob");
        if (pattern.indexOf('\n') >= 0 || pattern.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("glob " + quote(pattern) + " must not contain a line break");
        }
        return switch (syntax) {
            case FNMATCH -> FnmatchGlob.of(pattern);
            case GITIGNORE -> GitignoreGlob.of(pattern);
        };
    }

    static String quote(String pattern) {
        return "'" + pattern + "'";
    }
}
