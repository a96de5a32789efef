package dev.patchverdict.behave;

import dev.patchverdict.report.IoMessages;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

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

    public Path directory(String name) throws BehaveException {
        Path d = root.resolve(name);
        try {
            return Files.createDirectories(d);
        } catch (IOException e) {
            throw new BehaveException(d.toString(), "cannot create: " + IoMessages.describe(e), e);
        }
    }

    /** Deletes a tree the runner made; failures are left for {@link #close()} to retry. */
    static void delete(Path tree) {
        if (!Files.exists(tree, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(tree, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    // A check may have made a directory unreadable; the runner owns it, so it may reopen it.
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
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

    @Override
    public void close() {
        delete(root);
    }
}
