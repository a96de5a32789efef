package dev.patchverdict.behave.sandbox;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * What a tree costs on disk, as {@code du} would count it: every entry (file, folder, link)
 * takes at least one 4 KiB block, so a million empty files are not free.
 */
final class TreeSize {
    static final long BLOCK = 4096;

    private TreeSize() {}

    /** The tree's bytes, rounded up per entry; an unreadable folder is reopened (the runner owns it). */
    static long of(Path tree) throws IOException {
        long[] total = {0};
        ScratchSpace.reopen(tree);
        Files.walkFileTree(tree, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                ScratchSpace.reopenChildren(dir);
                total[0] += BLOCK;
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                total[0] += Math.max(BLOCK, (attrs.size() + BLOCK - 1) / BLOCK * BLOCK);
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
