// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.ChangePolicy;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.text.SafeText;
import dev.patchverdict.fs.TreeWalk;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * File types and modes the patched tree has and the base tree does not: what a metadata-only
 * reader of the patch cannot see, because the base tree decides it (a hunk against a path the base
 * holds as a symlink rewrites the link's target; {@code copy from} an executable makes one).
 */
public final class TreeChanges {
    private TreeChanges() {}

    /** One line per symlink change or mode change, paths escaped; empty when there are none. */
    public static List<String> forbidden(Path base, Path patched, ChangePolicy policy) throws BehaveException {
        Map<String, String> before = describe(base);
        Map<String, String> after = describe(patched);
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, String> e : after.entrySet()) {
            String path = e.getKey();
            String now = e.getValue();
            String was = before.get(path);
            boolean link = now.startsWith("symlink") || (was != null && was.startsWith("symlink"));
            if (link && !now.equals(was) && !policy.allowSymlinks()) {
                found.add(SafeText.escape(path, REPORT) + ": " + (was == null ? "new " + now : was + " became " + now)
                        + " (allow_symlinks is false)");
            } else if (!link && was != null && !now.equals(was) && !policy.allowModeChanges()) {
                found.add(SafeText.escape(path, REPORT) + ": mode " + was + " became " + now + " (allow_mode_changes is false)");
            } else if (!link && was == null && now.equals("executable") && !policy.allowModeChanges()) {
                found.add(SafeText.escape(path, REPORT) + ": a new executable file (allow_mode_changes is false)");
            }
        }
        return found;
    }

    /**
     * Path to "file", "executable", "directory" or "symlink -> target", symlinks never followed; by
     * descriptor, so a path longer than the host's limit is compared like any other.
     */
    private static Map<String, String> describe(Path root) throws BehaveException {
        Map<String, String> out = new TreeMap<>();
        try {
            TreeWalk.walk(root, e -> {
                PosixFileAttributes a = e.attributes();
                if (a.isDirectory()) {
                    out.put(e.path(), "directory");
                } else if (a.isSymbolicLink()) {
                    out.put(e.path(), "symlink -> " + e.linkTarget());
                } else if (a.isRegularFile()) {
                    out.put(e.path(), a.permissions().contains(PosixFilePermission.OWNER_EXECUTE) ? "executable" : "file");
                } else {
                    out.put(e.path(), "special");
                }
            });
        } catch (IOException e) {
            throw new BehaveException(root.toString(), "cannot compare the trees: " + IoMessages.describe(e), e);
        }
        return out;
    }
}
