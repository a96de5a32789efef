// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;

/**
 * Makes a tree usable by the unprivileged sandbox user, and nothing else of the host: the tree
 * becomes the user's own, and the folders from the sandbox's scratch folder down to it let the
 * user's group pass through (never list or write). Folders above the scratch folder are the
 * host's and are only looked at: bubblewrap, running as the user, must be able to reach the tree.
 * The group lets in no one else only when the user's group is the sandbox's alone (a fresh
 * user's is); a group shared with host processes, such as nogroup, lets them reach the tree too.
 */
final class HandOver {
    private static final int SEARCH_OWNER = 0100;
    private static final int SEARCH_GROUP = 0010;
    private static final int SEARCH_OTHER = 0001;

    private HandOver() {}

    /** Empty when the tree is ready for the user; otherwise why it cannot be. */
    static Optional<String> prepare(Path area, Path tree, SandboxUser user) throws IOException {
        Path a = area.toAbsolutePath().normalize();
        Path t = tree.toAbsolutePath().normalize();
        if (!t.startsWith(a) || t.equals(a)) {
            return Optional.of("the tree " + t + " is not inside the sandbox's scratch folder " + a);
        }
        for (Path p = a.getParent(); p != null; p = p.getParent()) {
            if (!searchable(p, user)) {
                return Optional.of("the sandbox user " + user + " cannot pass through " + p
                        + ", above the scratch folder " + a + "; put the scratch space (java.io.tmpdir) where it can,"
                        + " such as /tmp");
            }
        }
        Path rel = a.relativize(t);
        for (int i = 0; i < rel.getNameCount(); i++) {
            Path d = i == 0 ? a : a.resolve(rel.subpath(0, i));
            if (!Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(d + " on the way to the tree is not a folder");
            }
            if (!searchable(d, user)) {
                // The runner's own folder: its group becomes the user's, with search permission only.
                Files.setAttribute(d, "unix:gid", user.gid(), LinkOption.NOFOLLOW_LINKS);
                int mode = (Integer) Files.getAttribute(d, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                Files.setAttribute(d, "unix:mode", (mode & 07777) | SEARCH_GROUP, LinkOption.NOFOLLOW_LINKS);
            }
        }
        if (!Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of("the tree " + t + " is not a folder");
        }
        // Only a tree the runner just built is handed over; one the user already owns has been before.
        if ((Integer) Files.getAttribute(t, "unix:uid", LinkOption.NOFOLLOW_LINKS) != user.uid()) {
            Files.walkFileTree(t, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    own(dir, user);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    own(file, user);
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        return Optional.empty();
    }

    /** The entry itself, never a link's target. */
    private static void own(Path p, SandboxUser user) throws IOException {
        Files.setAttribute(p, "unix:gid", user.gid(), LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(p, "unix:uid", user.uid(), LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether the user (its primary group only: the runner clears supplementary groups) may search the folder. */
    static boolean searchable(Path dir, SandboxUser user) throws IOException {
        Map<String, Object> a = Files.readAttributes(dir, "unix:uid,gid,mode");
        int mode = (Integer) a.get("mode");
        if ((Integer) a.get("uid") == user.uid()) {
            return (mode & SEARCH_OWNER) != 0;
        }
        if ((Integer) a.get("gid") == user.gid()) {
            return (mode & SEARCH_GROUP) != 0;
        }
        return (mode & SEARCH_OTHER) != 0;
    }
}
