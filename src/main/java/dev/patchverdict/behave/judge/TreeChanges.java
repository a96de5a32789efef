// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.judge;

import static dev.patchverdict.text.SafeText.Style.REPORT;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.behave.plan.ChangePolicy;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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

    /** Path to "file", "executable", "directory" or "symlink -> target", symlinks never followed. */
    private static Map<String, String> describe(Path root) throws BehaveException {
        Map<String, String> out = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(root)) {
                        out.put(root.relativize(dir).toString(), "directory");
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String rel = root.relativize(file).toString();
                    if (attrs.isSymbolicLink()) {
                        out.put(rel, "symlink -> " + Files.readSymbolicLink(file));
                    } else if (attrs.isRegularFile()) {
                        out.put(rel, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)
                                .contains(java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE)
                                ? "executable" : "file");
                    } else {
                        out.put(rel, "special");
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new BehaveException(root.toString(), "cannot compare the trees: " + IoMessages.describe(e), e);
        }
        return out;
    }
}
