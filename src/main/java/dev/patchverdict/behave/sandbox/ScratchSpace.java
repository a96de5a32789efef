// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.behave.sandbox;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.text.SafeText;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A private temporary directory for trees, status files and mutants, removed afterwards even
 * when a check left read-only directories behind.
 */
public final class ScratchSpace implements AutoCloseable {
    /**
     * Each level of the walk holds a descriptor open: folders nested deeper are moved up to the
     * root and emptied from there, rather than running the runner out of descriptors.
     */
    static final int MAX_DEPTH = 4096;

    private final Path root;

    private ScratchSpace(Path root) {
        this.root = root;
    }

    /** Every scratch space made and not yet removed, for a runner stopped from outside; guarded by itself. */
    private static final Set<ScratchSpace> LIVE = new java.util.LinkedHashSet<>();

    /** This runner, as named in its scratch spaces; empty where it cannot be told (then none is swept). */
    private static final Optional<ScratchOwner> OWNER = ScratchOwner.self(Path.of("/proc"));

    /**
     * A scratch space in {@code parent}, named after this runner (see {@link ScratchOwner}). Those a
     * runner of this machine left there and that is gone (killed with SIGKILL, so it ran no
     * cleanup) are removed first: folders only, owned by this runner's user, never through a link.
     */
    public static ScratchSpace create(Path parent) throws BehaveException {
        try {
            Files.createDirectories(parent);
            ScratchSpace s = new ScratchSpace(Files.createTempDirectory(parent,
                    OWNER.map(ScratchOwner::prefix).orElse(ScratchOwner.PREFIX)));
            synchronized (LIVE) {
                LIVE.add(s);
            }
            OWNER.ifPresent(o -> sweep(parent, o, s.root));
            return s;
        } catch (IOException e) {
            throw new BehaveException(parent.toString(), "cannot create a scratch directory: " + IoMessages.describe(e), e);
        }
    }

    /** What this runner's scratch spaces are named with, for tests; empty where it cannot be told. */
    static Optional<String> ownerPrefix() {
        return OWNER.map(ScratchOwner::hostPrefix);
    }

    /**
     * Removes the scratch spaces in {@code parent} whose runner is gone. Best effort: what cannot
     * be removed now is left for the next runner, and a folder whose runner cannot be told gone is kept.
     */
    private static void sweep(Path parent, ScratchOwner self, Path own) {
        try {
            if (!sweepable(parent, (Integer) Files.getAttribute(own, "unix:uid", LinkOption.NOFOLLOW_LINKS))) {
                return;
            }
        } catch (IOException | RuntimeException e) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent,
                p -> p.getFileName().toString().startsWith(self.hostPrefix()))) {
            java.nio.file.attribute.UserPrincipal user = Files.getOwner(own, LinkOption.NOFOLLOW_LINKS);
            for (Path p : entries) {
                Optional<ScratchOwner> o = self.of(p.getFileName().toString());
                if (o.isEmpty() || o.get().equals(self) || p.equals(own) || !o.get().gone(Path.of("/proc"))) {
                    continue;
                }
                try {
                    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                            && user.equals(Files.getOwner(p, LinkOption.NOFOLLOW_LINKS))) {
                        delete(p);
                    }
                } catch (IOException e) {
                    // Gone meanwhile (another runner swept it), or not readable: left as it is.
                }
            }
        } catch (IOException | DirectoryIteratorException e) {
            // A folder that cannot be listed is swept by no one; this run goes on.
        }
    }

    /**
     * Whether no other user can put a link where a folder of the runner's was: the folder is
     * sticky (as {@code /tmp}: only an entry's owner may rename or remove it), or it is root's or
     * the runner's ({@code uid}) and writable by its owner alone. In any other, another user could
     * swap a dead runner's folder for a link while it is removed, and nothing there is swept.
     */
    static boolean sweepable(Path parent, int uid) {
        try {
            int mode = (Integer) Files.getAttribute(parent, "unix:mode");
            int owner = (Integer) Files.getAttribute(parent, "unix:uid");
            return (mode & 01000) != 0 || ((mode & 0022) == 0 && (owner == 0 || owner == uid));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public Path root() {
        return root;
    }

    /**
     * A folder of the scratch space, the runner's alone: a root runner's sandbox user is let
     * through only the folders on the way to a tree (see {@code HandOver}), never into the others.
     */
    public Path directory(String name) throws BehaveException {
        Path d = root.resolve(name);
        try {
            return Files.createDirectories(d, PosixFilePermissions.asFileAttribute(OWNER_ALL));
        } catch (IOException e) {
            throw new BehaveException(d.toString(), "cannot create: " + IoMessages.describe(e), e);
        }
    }

    /**
     * Deletes a tree the runner made, once nothing of the sandbox runs any more; names what it
     * could not remove (empty when the tree is gone), so leftovers are never silent.
     *
     * <p>The walk descends by directory descriptor and removes entries relative to their open
     * folder, never following a link (a link is removed, not its target) and never opening a path
     * below the tree's root, so it neither leaves the tree nor stops at PATH_MAX. A check may have
     * made folders unreadable ({@code chmod 000}); a runner that is not root owns them and gives
     * itself back access to exactly those (root passes any permission and changes none).
     */
    public static Optional<String> delete(Path tree) {
        if (!Files.exists(tree, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Removal r = new Removal();
        try {
            if (Files.isDirectory(tree, LinkOption.NOFOLLOW_LINKS)) {
                // The root is the runner's own path, in a folder the sandbox cannot write.
                if (!Files.isReadable(tree) || !Files.isExecutable(tree) || !Files.isWritable(tree)) {
                    Files.setPosixFilePermissions(tree, OWNER_ALL);
                }
                // Folders nested past the depth the walk holds open are moved up to the root and
                // emptied from there, in another pass, until none is left.
                int before;
                do {
                    before = r.movedUp;
                    try (DirectoryStream<Path> root = Files.newDirectoryStream(tree)) {
                        if (!(root instanceof SecureDirectoryStream<Path> sds)) {
                            return Optional.of(tree + " was left behind: this platform cannot walk a folder by descriptor");
                        }
                        r.clear(sds, tree);
                    }
                } while (r.movedUp != before && r.failures == 0);
            }
            Files.deleteIfExists(tree);
        } catch (IOException | DirectoryIteratorException e) {
            r.failed(e instanceof DirectoryIteratorException d ? d.getCause() : (IOException) e);
        }
        return r.failures == 0 ? Optional.empty() : Optional.of(tree + " was not removed completely (" + r.failures
                + " entr" + (r.failures == 1 ? "y" : "ies") + " left; first: " + r.first + ")");
    }

    /** One deletion: counts what could not be removed and keeps the first reason. */
    private static final class Removal {
        int failures;
        int movedUp;
        String first;

        void failed(IOException e) {
            if (failures++ == 0) {
                // Entry names are the check's choice: never echoed raw.
                first = SafeText.escape(IoMessages.describe(e));
            }
        }

        /** An open folder being emptied: its name in the folder above, and its path for messages. */
        private record Level(SecureDirectoryStream<Path> dir, Iterator<Path> entries, Path name, Path at) {}

        /**
         * Empties an open folder, depth first without recursion (the program chose the depth, not
         * the runner's stack). Folders deeper than the walk keeps open are moved up to
         * {@code root}, for the next pass.
         */
        void clear(SecureDirectoryStream<Path> root, Path at) {
            Deque<Level> levels = new ArrayDeque<>();
            levels.push(new Level(root, root.iterator(), null, at));
            try {
                while (!levels.isEmpty()) {
                    Level l = levels.peek();
                    if (!l.entries().hasNext()) {
                        levels.pop();
                        if (l.name() != null) {
                            close(l.dir());
                            try {
                                levels.peek().dir().deleteDirectory(l.name());
                            } catch (NoSuchFileException e) {
                                // Already gone.
                            } catch (IOException e) {
                                failed(e);
                            }
                        }
                        continue;
                    }
                    Path name = l.entries().next().getFileName();
                    try {
                        BasicFileAttributes a = l.dir().getFileAttributeView(name, BasicFileAttributeView.class,
                                LinkOption.NOFOLLOW_LINKS).readAttributes();
                        if (!a.isDirectory()) {
                            l.dir().deleteFile(name);
                        } else if (levels.size() >= MAX_DEPTH) {
                            l.dir().move(name, root, Path.of("patchverdict-deep-" + movedUp++));
                        } else {
                            SecureDirectoryStream<Path> child;
                            try {
                                child = l.dir().newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                            } catch (AccessDeniedException e) {
                                reopen(l.dir(), name, l.at().resolve(name));
                                child = l.dir().newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                            }
                            levels.push(new Level(child, child.iterator(), name, l.at().resolve(name)));
                        }
                    } catch (NoSuchFileException e) {
                        // Already gone.
                    } catch (IOException e) {
                        failed(e);
                    }
                }
            } finally {
                for (Level l : levels) {
                    if (l.name() != null) {
                        close(l.dir());
                    }
                }
            }
        }

        private void close(SecureDirectoryStream<Path> dir) {
            try {
                dir.close();
            } catch (IOException e) {
                failed(e);
            }
        }
    }

    /**
     * Gives the runner (not root, the folder's owner) back access to a folder it cannot open.
     * Through a descriptor opened without following links when the folder can be opened at all;
     * a folder without read permission cannot be, and is changed through its parent's open
     * descriptor ({@code /proc/self/fd/N/name}: a path of a few bytes at any depth, past
     * {@code PATH_MAX} too), checked to be a folder just before: safe because deletion happens
     * only after the sandbox's processes are all gone (see {@code ProcessSupervisor}), so nothing
     * can swap it for a link in between.
     */
    private static void reopen(SecureDirectoryStream<Path> dir, Path name, Path path) throws IOException {
        PosixFileAttributeView view = dir.getFileAttributeView(name, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (!view.readAttributes().isDirectory()) {
            throw new NotDirectoryException(path.toString());
        }
        try {
            view.setPermissions(OWNER_ALL);
        } catch (AccessDeniedException e) {
            Path through = descriptorPath(dir, path).resolve(name.toString());
            if (!Files.isDirectory(through, LinkOption.NOFOLLOW_LINKS)) {
                throw new NotDirectoryException(path.toString());
            }
            Files.setPosixFilePermissions(through, OWNER_ALL);
        }
    }

    /**
     * The open folder as {@code /proc/self/fd/N}: the descriptor that refers to the same folder
     * (Java does not say which number a stream holds, so the folder's identity is matched).
     */
    private static Path descriptorPath(SecureDirectoryStream<Path> dir, Path path) throws IOException {
        Object key = dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    BasicFileAttributes a = Files.readAttributes(fd, BasicFileAttributes.class);
                    if (a.isDirectory() && key != null && key.equals(a.fileKey())) {
                        return fd;
                    }
                } catch (IOException e) {
                    // Closed meanwhile, or not a file at all: not the one.
                }
            }
        }
        throw new AccessDeniedException(path.toString(), null, "no descriptor of the folder above it in /proc/self/fd");
    }

    private static final Set<PosixFilePermission> OWNER_ALL = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    /** Removes the scratch space; what could not be removed is named (empty when all is gone). */
    public Optional<String> remove() {
        Optional<String> left = delete(root);
        synchronized (LIVE) {
            LIVE.remove(this);
        }
        return left;
    }

    /**
     * Stops the runner from outside (a signal): kills every process it started and waits for them
     * to be gone, so nothing writes any more, then removes every scratch space still there. Empty
     * when nothing was running; otherwise what could not be removed, if anything (an empty list
     * when all is gone). Nothing starts afterwards: this is the end of the process.
     */
    public static Optional<List<String>> stopEverything() {
        ProcessSupervisor.stopAll();
        List<ScratchSpace> spaces;
        synchronized (LIVE) {
            spaces = new java.util.ArrayList<>(LIVE);
        }
        if (spaces.isEmpty()) {
            return Optional.empty();
        }
        List<String> left = new java.util.ArrayList<>();
        for (ScratchSpace s : spaces) {
            s.remove().ifPresent(left::add);
        }
        return Optional.of(left);
    }

    @Override
    public void close() {
        remove();
    }
}
