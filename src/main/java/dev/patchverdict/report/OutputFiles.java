// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.report;

import dev.patchverdict.fs.Containment;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes result files so that a reader sees either the old file or the whole new one: bytes go
 * to a temporary file beside the target, are forced to disk, then renamed over it. On any
 * failure the temporary file is removed and the target is untouched.
 */
public final class OutputFiles {
    private OutputFiles() {}

    /** Something that writes a whole document to a stream. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        writeAtomically(target, out -> out.write(bytes));
    }

    public static void writeAtomically(Path target, Writer writer) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException(target + ": the folder to write into does not exist");
        }
        if (Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(target + ": is a folder, not a file");
        }
        Path tmp = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
        boolean moved = false;
        try {
            keepMode(absolute, tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                    OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
                writer.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** A file replaced keeps its permissions: the temporary file would otherwise bring its own 0600. */
    private static void keepMode(Path target, Path tmp) throws IOException {
        if (!Files.isRegularFile(target)) {
            return;
        }
        try {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: nothing to keep
        }
    }

    /** Why an output path may not be written; the message names the path and the reason. */
    public static final class OutputRefused extends IOException {
        private static final long serialVersionUID = 1L;

        public OutputRefused(String message) {
            super(message);
        }
    }

    /**
     * Refuses to write {@code output} when it is (or, through links, resolves to) one of the command's
     * inputs, named by their options, or lies in an input folder the command walks (where it would replace a
     * walked input, or become one), or when it exists and {@code force} is not given. Writers call this
     * before reading, so an input is never replaced by what was made from it.
     */
    public static void checkOutput(Path output, java.util.Map<String, Path> inputs, boolean force) throws IOException {
        for (var e : inputs.entrySet()) {
            Path input = e.getValue();
            if (input != null && Files.isDirectory(input) && Containment.isInside(output, input)) {
                throw new OutputRefused("is inside the folder the command reads (" + e.getKey() + "); write elsewhere");
            }
        }
        if (!Files.exists(output)) {
            return; // an input exists, so a missing output is none of them
        }
        for (var e : inputs.entrySet()) {
            Path input = e.getValue();
            if (input != null && Files.exists(input) && Files.isSameFile(output, input)) {
                throw new OutputRefused("is also the command's input (" + e.getKey() + "); write elsewhere");
            }
        }
        if (!force) {
            throw new OutputRefused("exists; use --force to replace it");
        }
    }

    /**
     * Writes a whole folder of files at once: into a hidden sibling first, then renamed into
     * place, so a reader never sees half a folder. The target must not exist, or be an empty folder.
     * Relative names use {@code /} and never leave the folder.
     */
    public static void writeFolderAtomically(Path target, java.util.Map<String, byte[]> files) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IOException(target + ": the folder to write into does not exist");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            boolean empty;
            try (var entries = Files.list(absolute)) {
                empty = Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS) && entries.findAny().isEmpty();
            }
            if (!empty) {
                throw new IOException(target + ": exists and is not an empty folder");
            }
            Files.delete(absolute);
        }
        Path tmp = Files.createTempDirectory(parent, "." + absolute.getFileName() + ".");
        boolean moved = false;
        try {
            for (var e : files.entrySet()) {
                Path file = tmp.resolve(e.getKey()).normalize();
                if (!file.startsWith(tmp) || file.equals(tmp)) {
                    throw new IOException(e.getKey() + ": not a name inside the folder");
                }
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            }
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
        } finally {
            if (!moved) {
                try (var walk = Files.walk(tmp)) {
                    for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
    }

    /** Deletes a scratch folder and everything below it; a folder left behind is only reported by the caller's OS. */
    public static void deleteScratch(Path dir) {
        if (dir == null) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp folder left behind is not worth failing the run for
        }
    }
}
