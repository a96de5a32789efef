// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.text.Split;

/** Check-relative paths: inside the tree by construction, never absolute, never climbing out. */
public final class RelativePaths {
    private RelativePaths() {}

    public static String requireRelative(String path, String what) {
        String problem = problem(path);
        if (problem != null) {
            throw new IllegalArgumentException(what + " " + problem + ": " + path);
        }
        return path;
    }

    /** Null when acceptable; otherwise why not. */
    public static String problem(String path) {
        if (path == null || path.isEmpty()) {
            return "is empty";
        }
        if (path.startsWith("/")) {
            return "must be relative to the tree";
        }
        if (path.indexOf('\0') >= 0) {
            return "holds a NUL byte";
        }
        for (String part : Split.all(path, '/')) {
            if (part.equals("..")) {
                return "must not contain '..'";
            }
        }
        return null;
    }
}
