// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.cli;

import dev.patchverdict.digest.Digest;
import dev.patchverdict.digest.Digests;
import dev.patchverdict.record.DocumentReader;
import dev.patchverdict.record.InvalidDocumentException;
import dev.patchverdict.record.WorkUnit;
import dev.patchverdict.report.IoMessages;
import dev.patchverdict.report.OutputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The files a command line names, read and written by every command the same way, so that a failure reads the
 * same whichever command met it: {@code patchverdict: <name>: <why>}, exit 2. An input operand of {@code -} is
 * standard input.
 */
final class CommandFiles {
    static final String STDIN = "-";

    private CommandFiles() {}

    /** The file an input operand names, or null when it is standard input. */
    static Path input(CliContext ctx, String name) {
        return name.equals(STDIN) ? null : ctx.resolve(name);
    }

    /** Opens an input file; a folder is refused by name rather than read as an empty or failing stream. */
    static InputStream open(Path file) throws IOException {
        refuseFolder(file);
        return Files.newInputStream(file);
    }

    /**
     * The whole of an input operand, standard input included (which is read to its end, never closed); one that
     * cannot be read ends the command, naming it as {@link #read} does.
     */
    static byte[] readAllBytes(CliContext ctx, String name) {
        if (!name.equals(STDIN)) {
            return read(ctx, name);
        }
        try {
            return ctx.in().readAllBytes();
        } catch (IOException e) {
            throw CliException.undecided(name, IoMessages.describe(e));
        }
    }

    /** A folder named as an input is refused by name, in the same words by every command. */
    static void refuseFolder(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("is a directory");
        }
    }

    /** The bytes of a file an option names; one that cannot be read ends the command, naming it. */
    static byte[] read(CliContext ctx, String file) {
        try {
            Path path = ctx.resolve(file);
            refuseFolder(path);
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw CliException.undecided(file, IoMessages.describe(e));
        }
    }

    /** The SHA-256 of a file an option names, read as a stream; one that cannot be read ends the command, naming it. */
    static Digest digest(CliContext ctx, String file) {
        try {
            Path path = ctx.resolve(file);
            refuseFolder(path);
            return Digests.file(path);
        } catch (IOException e) {
            throw CliException.undecided(file, IoMessages.describe(e));
        }
    }

    /** The WorkUnit an option names; one that cannot be read or is not valid ends the command, naming it. */
    static WorkUnit workUnit(CliContext ctx, String file) {
        try {
            Path path = ctx.resolve(file);
            refuseFolder(path);
            return DocumentReader.strict().readWorkUnit(path);
        } catch (InvalidDocumentException e) {
            throw CliException.undecided(file, String.join("; ", e.messages()));
        } catch (IllegalArgumentException e) {
            throw CliException.undecided(file, e.getMessage());
        } catch (IOException e) {
            throw CliException.undecided(file, IoMessages.describe(e));
        }
    }

    /** The line for an input a command skips and goes on without (its exit code is the caller's). */
    static void printUnreadable(CliContext ctx, String name, IOException e) {
        ctx.err().println("patchverdict: " + name + ": " + IoMessages.describe(e));
    }

    /**
     * Refuses, before any work, an output that is one of the named inputs or that exists without {@code force};
     * {@code name} is how the command line wrote it.
     */
    static void checkOutput(String name, Path out, Map<String, Path> inputs, boolean force) {
        try {
            OutputFiles.checkOutput(out, inputs, force);
        } catch (IOException e) {
            throw CliException.undecided(name, IoMessages.describe(e));
        }
    }

    /** Writes an output file atomically; a failure ends the command, naming the file as the command line did. */
    static void write(String name, Path out, byte[] bytes) {
        try {
            OutputFiles.writeAtomically(out, bytes);
        } catch (IOException e) {
            throw CliException.undecided(name, IoMessages.describe(e));
        }
    }
}
