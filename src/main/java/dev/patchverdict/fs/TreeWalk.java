// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.fs;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * Visits every entry of a folder tree by directory descriptor: each folder is opened relative to
 * the one above it, never following a link, and each entry is looked at relative to its open
 * folder, so no path below the root is ever handed to the kernel. The walk is neither led out of
 * the tree by a link nor stopped by {@code PATH_MAX}, however deep the tree. Depth first, without
 * recursion (the tree chose the depth, not the walker's stack); a folder's entries in the order
 * the file system lists them.
 */
public final class TreeWalk {
    /**
     * Each level holds one descriptor open: deeper nesting than this (which no checkout can hold,
     * as git writes paths relative to the tree, below {@code PATH_MAX}) is refused rather than
     * running the process out of descriptors.
     */
    public static final int MAX_DEPTH = 4096;

    /** Paths whose bytes may reach this many are not handed to the kernel whole. */
    private static final int SAFE_PATH_BYTES = 3072;

    private TreeWalk() {}

    /** One entry of the tree, valid during its visit. */
    public interface Entry {
        /** The path below the root, names joined with {@code /}. */
        String path();

        /** Type and permissions of the entry itself, a link never followed. */
        PosixFileAttributes attributes();

        /** A symbolic link's target, read at any depth. */
        Path linkTarget() throws IOException;
    }

    @FunctionalInterface
    public interface Visitor {
        void visit(Entry entry) throws IOException;
    }

    /**
     * Walks the tree below {@code root} (the root itself is not visited). The tree must not change
     * while it is walked: reading a deep link's target moves the link out and back (see
     * {@link Entry#linkTarget}).
     */
    public static void walk(Path root, Visitor visitor) throws IOException {
        try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
            if (!(top instanceof SecureDirectoryStream<Path> sds)) {
                throw new IOException(root + ": this platform cannot walk a folder by descriptor");
            }
            new Walk(root, visitor).run(sds);
        } catch (DirectoryIteratorException e) {
            throw e.getCause();
        }
    }

    /** An open folder: its stream, its entries, and its path below the root ("" for the root). */
    private record Level(SecureDirectoryStream<Path> dir, Iterator<Path> entries, String path) {}

    private static final class Walk {
        private final Path root;
        private final Visitor visitor;
        private Parking parking;

        Walk(Path root, Visitor visitor) {
            this.root = root;
            this.visitor = visitor;
        }

        void run(SecureDirectoryStream<Path> top) throws IOException {
            Deque<Level> levels = new ArrayDeque<>();
            levels.push(new Level(top, top.iterator(), ""));
            try {
                while (!levels.isEmpty()) {
                    Level l = levels.peek();
                    if (!l.entries().hasNext()) {
                        levels.pop();
                        if (l.dir() != top) {
                            l.dir().close();
                        }
                        continue;
                    }
                    Path name = l.entries().next().getFileName();
                    String path = l.path().isEmpty() ? name.toString() : l.path() + "/" + name;
                    PosixFileAttributes a = l.dir().getFileAttributeView(name, PosixFileAttributeView.class,
                            LinkOption.NOFOLLOW_LINKS).readAttributes();
                    visitor.visit(new At(l.dir(), name, path, a));
                    if (a.isDirectory()) {
                        if (levels.size() >= MAX_DEPTH) {
                            throw new IOException(root + ": folders are nested deeper than " + MAX_DEPTH + " levels");
                        }
                        SecureDirectoryStream<Path> child = l.dir().newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                        levels.push(new Level(child, child.iterator(), path));
                    }
                }
            } finally {
                for (Level l : levels) {
                    if (l.dir() != top) {
                        l.dir().close();
                    }
                }
                if (parking != null) {
                    parking.close();
                }
            }
        }

        /** An entry as visited. */
        private final class At implements Entry {
            private final SecureDirectoryStream<Path> dir;
            private final Path name;
            private final String path;
            private final PosixFileAttributes attributes;

            At(SecureDirectoryStream<Path> dir, Path name, String path, PosixFileAttributes attributes) {
                this.dir = dir;
                this.name = name;
                this.path = path;
                this.attributes = attributes;
            }

            @Override
            public String path() {
                return path;
            }

            @Override
            public PosixFileAttributes attributes() {
                return attributes;
            }

            @Override
            public Path linkTarget() throws IOException {
                Path whole = root.resolve(path);
                // A UTF-16 unit is at most three bytes of UTF-8: a shorter path is read whole.
                if ((long) whole.toString().length() * 3 < SAFE_PATH_BYTES) {
                    return Files.readSymbolicLink(whole);
                }
                if (parking == null) {
                    parking = new Parking(root);
                }
                return parking.readLink(dir, name, whole);
            }
        }
    }

    /**
     * A folder of its own beside the root, on the same file system, where a deep link is moved to
     * be read by a short path, and moved back: Java has no {@code readlinkat}.
     */
    private static final class Parking implements AutoCloseable {
        private static final Path SPOT = Path.of("link");
        private final Path dir;
        private final SecureDirectoryStream<Path> stream;

        Parking(Path root) throws IOException {
            Path parent = root.toAbsolutePath().getParent();
            dir = Files.createTempDirectory(parent == null ? root : parent, ".readlink-");
            DirectoryStream<Path> s = Files.newDirectoryStream(dir);
            if (!(s instanceof SecureDirectoryStream<Path> sds)) {
                s.close();
                Files.delete(dir);
                throw new IOException(dir + ": this platform cannot walk a folder by descriptor");
            }
            stream = sds;
        }

        Path readLink(SecureDirectoryStream<Path> from, Path name, Path whole) throws IOException {
            from.move(name, stream, SPOT);
            try {
                return Files.readSymbolicLink(dir.resolve(SPOT));
            } finally {
                try {
                    stream.move(SPOT, from, name);
                } catch (IOException e) {
                    throw new IOException(whole + ": could not be put back after its target was read: " + e.getMessage(), e);
                }
            }
        }

        @Override
        public void close() throws IOException {
            stream.close();
            Files.deleteIfExists(dir);
        }
    }
}
