package dev.patchverdict.behave.sandbox;

import dev.patchverdict.behave.BehaveException;
import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * A private temporary directory for trees, status files and mutants, removed afterwards even
 * when a check left read-only directories behind.
 */
public final class ScratchSpace implements AutoCloseable {
    private final Path root;

    private ScratchSpace(Path root) {
        this.root = root;
    }

    public static ScratchSpace create(Path parent) throws BehaveException {
        try {
            Files.createDirectories(parent);
            return new ScratchSpace(Files.createTempDirectory(parent, "patchverdict-behave-"));
        } catch (IOException e) {
            throw new BehaveException(parent.toString(), "cannot create a scratch directory: " + IoMessages.describe(e), e);
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
     * Deletes a tree the runner made; failures are left for {@link #close()} to retry. A check may
     * have made folders unreadable ({@code chmod 000}): the runner owns them, so each folder's
     * permissions are restored before the walk opens it (a folder is opened before any
     * pre-visit hook runs, so restoring them there would come too late).
     */
    public static void delete(Path tree) {
        if (!Files.exists(tree, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            reopen(tree);
            Files.walkFileTree(tree, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    reopenChildren(dir);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // Leftovers in a temporary directory are not worth failing a verdict for.
        }
    }

    /**
     * Gives the owner back read, write and search permission on a folder the runner cannot use
     * as it is (never following a link); a usable folder is left exactly as the check left it.
     */
    static void reopen(Path dir) throws IOException {
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                && !(Files.isReadable(dir) && Files.isWritable(dir) && Files.isExecutable(dir))) {
            Set<PosixFilePermission> p = EnumSet.noneOf(PosixFilePermission.class);
            p.addAll(Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS));
            if (p.addAll(OWNER_ALL)) {
                Files.setPosixFilePermissions(dir, p);
            }
        }
    }

    /** {@link #reopen} for every folder directly inside an open one, before the walk descends. */
    static void reopenChildren(Path dir) throws IOException {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                reopen(child);
            }
        }
    }

    private static final Set<PosixFilePermission> OWNER_ALL = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    @Override
    public void close() {
        delete(root);
    }
}
