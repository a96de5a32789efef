// SPDX-License-Identifier: Apache-2.0
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

    /**
     * A glob that matches exactly this one path in the syntax: the metacharacters {@code *},
     * {@code ?} and {@code [} (and in gitignore the backslash and a trailing blank) stand for
     * themselves, and a gitignore glob is anchored at the root with a leading {@code /}, since
     * without an inner slash it would match the name at any depth.
     */
    public static String literal(GlobSyntax syntax, String path) {
        Require.nonEmpty(path, "path");
        if (path.startsWith("/") || path.endsWith("/")) {
            throw new IllegalArgumentException("path " + quote(path) + " must be relative and name a file");
        }
        StringBuilder out = new StringBuilder(path.length() + 8);
        if (syntax == GlobSyntax.GITIGNORE) {
            out.append('/');
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (syntax == GlobSyntax.FNMATCH) {
                // fnmatch has no escape character; a one-member class is the literal.
                if (c == '*' || c == '?' || c == '[') {
                    out.append('[').append(c).append(']');
                } else {
                    out.append(c);
                }
            } else if (c == '*' || c == '?' || c == '[' || c == '\\' || (c == ' ' && i == path.length() - 1)) {
                out.append('\\').append(c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    static String quote(String pattern) {
        return "'" + pattern + "'";
    }
}
