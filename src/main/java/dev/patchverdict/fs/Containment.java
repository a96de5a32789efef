// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The project's one answer to "is this path inside that folder?": a path is inside a root when,
 * with every symbolic link on the way followed as the kernel would follow it (the file itself and
 * any folders that do not exist yet taken as written), it is the root or below it. Checked just
 * before a write, this is where the write would land, whatever links were made since the path was
 * given.
 */
public final class Containment {
    /** As Linux's own limit on links followed while resolving one path. */
    private static final int MAX_LINKS = 40;

    private Containment() {}

    /**
     * Where {@code path} leads: absolute, each existing symbolic link replaced by its target one
     * component at a time (so {@code link/..} climbs from the target, as the kernel does), and the
     * part that does not exist appended as written.
     *
     * @throws IOException when links loop, or a link cannot be read
     */
    public static Path resolve(Path path) throws IOException {
        Path abs = path.toAbsolutePath();
        return walk(abs.getRoot(), abs, path);
    }

    /**
     * As {@link #resolve} of {@code base.resolve(relative)}, for a {@code base} that is already resolved (absolute,
     * with no symbolic link on the way): the walk resumes at the base instead of checking each of its folders again.
     * Walking a resolved base's own names leads back to it, so where the path leads is the same.
     *
     * @throws IOException when links loop, or a link cannot be read
     */
    public static Path resolveBelow(Path base, Path relative) throws IOException {
        if (!base.isAbsolute() || relative.isAbsolute()) {
            return resolve(base.resolve(relative));
        }
        return walk(base, relative, base.resolve(relative));
    }

    /** Walks {@code names} from {@code start}, as the kernel follows them; {@code path} only names the path in errors. */
    private static Path walk(Path start, Path names, Path path) throws IOException {
        Path root = start.getRoot();
        Deque<String> todo = new ArrayDeque<>();
        for (Path part : names) {
            todo.addLast(part.toString());
        }
        Path at = start;
        int links = 0;
        while (!todo.isEmpty()) {
            String name = todo.removeFirst();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                at = at.getParent() == null ? root : at.getParent();
                continue;
            }
            Path next = at.resolve(name);
            if (!Files.isSymbolicLink(next)) {
                at = next;
                continue;
            }
            if (++links > MAX_LINKS) {
                throw new IOException(path + ": too many levels of symbolic links");
            }
            Path target = Files.readSymbolicLink(next);
            Deque<String> parts = new ArrayDeque<>();
            for (Path part : target) {
                parts.addLast(part.toString());
            }
            while (!parts.isEmpty()) {
                todo.addFirst(parts.removeLast());
            }
            if (target.isAbsolute()) {
                at = root;
            }
        }
        return at;
    }

    /**
     * The file a record names by {@code relative} below {@code root}, when its text and the kernel
     * agree on which file that is: refused when it is absolute, has an empty, {@code .} or {@code ..}
     * component, or passes through a symbolic link below the root (the file itself included). A
     * check that read this path and a later reader of it then meet the same file, inside the root.
     *
     * @throws IOException naming the path and why it is refused
     */
    public static Path within(Path root, String relative) throws IOException {
        if (relative.isEmpty() || relative.startsWith("/") || relative.indexOf('\\') >= 0 || relative.indexOf('\0') >= 0) {
            throw new IOException(relative + ": not a relative path with '/' between its names");
        }
        String[] parts = dev.patchverdict.text.Split.all(relative, '/');
        for (String part : parts) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new IOException(relative + ": '" + part + "' as a path component: a recorded path names each folder on the way");
            }
        }
        Path at = root;
        for (String part : parts) {
            at = at.resolve(part);
            if (Files.isSymbolicLink(at)) {
                throw new IOException(relative + ": " + root.relativize(at) + " is a symbolic link; a recorded path is read only"
                        + " as written, never through a link");
            }
        }
        return at;
    }

    /** True when {@code path} leads to {@code root} or below it (see {@link #resolve}). */
    public static boolean isInside(Path path, Path root) throws IOException {
        return resolve(path).startsWith(resolve(root));
    }
}
